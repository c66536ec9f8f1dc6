// Creates the first admin, or promotes an existing account: `npm run admin:create -- owner@example.com`.
// A new admin gets a password-reset e-mail (in the outbox, or by SMTP when configured), and the
// link is printed here too so the owner can set a password right away.
import { z } from 'zod'
import { createOrPromoteAdmin, requestPasswordReset } from '#app/modules/accounts/index.server.ts'
import { latestMailTo } from '#app/modules/mail/index.server.ts'
import { extractFirstLink } from '#app/modules/mail/utils/links.ts'
import { setDatabase } from '#app/utils/db.server.ts'
import { ConfigError, getEnv } from '#app/utils/env.server.ts'
import { openShopDatabase } from '#app/wiring/startup.server.ts'

const email = z.email().safeParse(process.argv[2]?.trim().toLowerCase())
if (!email.success) {
  console.error('Usage: npm run admin:create -- <email>')
  process.exit(1)
}

try {
  const env = getEnv()
  const database = await openShopDatabase(env)
  setDatabase(Promise.resolve(database))
  await database.migrate()
  const { created } = await createOrPromoteAdmin(email.data)
  console.info(created ? `Created the admin account ${email.data}.` : `${email.data} is now an admin.`)
  await requestPasswordReset({ email: email.data })
  // The reset e-mail is queued right after the request; give it a moment to be stored.
  await new Promise((resolve) => setTimeout(resolve, 500))
  const mail = await latestMailTo(email.data, 'reset-password')
  const link = mail ? extractFirstLink(mail.text) : null
  console.info(
    link
      ? `To set the password, open:\n  ${link}\n(the link was also e-mailed and is valid for one hour)`
      : `A password-reset e-mail was sent to ${email.data}; open its link to set the password.`,
  )
  await database.close()
  process.exit(0)
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`admin:create failed: ${error.message}`)
    process.exit(1)
  }
  throw error
}
