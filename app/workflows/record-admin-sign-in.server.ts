import { findAdminByEmail } from '#app/modules/accounts/index.server.ts'
import { recordActivity } from '#app/modules/activity/index.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { logger } from '#app/utils/logger.server.ts'

/**
 * Records an admin's sign-in in the activity log (a customer's is not recorded). The session is
 * written by the auth library in its own transaction, so this follows it; a failure here is
 * logged and never undoes the sign-in.
 * Client addresses stay out of it, as they stay out of the logs (decision 015).
 * @example await recordAdminSignIn('alex@example.com')
 */
export async function recordAdminSignIn(email: string) {
  try {
    const admin = await findAdminByEmail(email)
    if (!admin) return
    const db = await getDb()
    await db.transaction((tx) =>
      recordActivity(
        {
          actor: { id: admin.id, label: admin.email },
          action: 'admin.signed-in',
          recordType: 'admin',
          recordId: admin.id,
          recordLabel: admin.email,
        },
        tx,
      ),
    )
  } catch (err) {
    logger.error({ err }, 'An admin sign-in could not be recorded')
  }
}
