import { eq } from 'drizzle-orm'
import { createOrPromoteAdmin, signIn, signUp } from '#app/modules/accounts/index.server.ts'
import { users } from '#app/modules/accounts/schema.server.ts'
import type { TestDatabase } from './test-database.ts'

export type TestAccount = { id: string; email: string; cookie: string }

/**
 * A verified account, signed in: its id and the session cookie a request sends. Call
 * `resetAuth()` in the file's beforeAll first, as for every test that signs in.
 * @example const casey = await createTestAccount(database, 'casey@example.com')
 */
export async function createTestAccount(
  database: TestDatabase,
  email: string,
  { admin = false, name = email.split('@')[0] ?? 'Customer' }: { admin?: boolean; name?: string } = {},
): Promise<TestAccount> {
  const password = 'Test-pass-1!'
  await signUp({ email, password, fullName: name })
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email))
  if (admin) await createOrPromoteAdmin(email)
  const signedIn = await signIn({ email, password })
  if (!signedIn.ok) throw new Error(`could not sign in ${email}: ${signedIn.message}`)
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return { id: row.id, email, cookie: signedIn.setCookies.map((cookie) => cookie.split(';')[0]).join('; ') }
}
