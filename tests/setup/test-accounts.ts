import { eq } from 'drizzle-orm'
import { createOrPromoteAdmin, signIn, signUp } from '#app/modules/accounts/index.server.ts'
import { users } from '#app/modules/accounts/schema.server.ts'
import type { TestDatabase } from './test-database.ts'

export type TestRole = 'admin' | 'customer'

/** A signed-in account: `cookie` is the session a request sends (`callRoute({ cookie })`). */
export type TestAccount = { id: string; email: string; name: string; password: string; cookie: string }

/** The password of every account `createTestAccount` makes (it meets the registration rules). */
export const TEST_PASSWORD = 'Test-pass-1!'

/** Who each role is when a test does not name someone else. */
export const ROLE_ACCOUNTS: Record<TestRole, { email: string; name: string; admin: boolean }> = {
  admin: { email: 'alex@example.com', name: 'Alex Admin', admin: true },
  customer: { email: 'casey@example.com', name: 'Casey Customer', admin: false },
}

type Email = `${string}@${string}`

/**
 * An account signed up through the shop's own sign-up, verified (and made an admin when asked),
 * then signed in: its id, name, password and session cookie. Pass a role for that role's one
 * account (`'admin'` is Alex Admin, `'customer'` Casey Customer), or an e-mail for anyone else.
 * @example
 * const admin = await createTestAccount(database, 'admin')
 * const robin = await createTestAccount(database, 'robin@example.com', { name: 'Robin Other' })
 * await callRoute(loader, { url: '/admin/orders', cookie: admin.cookie })
 */
export async function createTestAccount(
  database: Pick<TestDatabase, 'db'>,
  who: TestRole | Email,
  options: {
    admin?: boolean
    name?: string
    /** The address it signs up and in from: a test of the per-address limits gives each its own. */
    client?: { ip: string }
  } = {},
): Promise<TestAccount> {
  const role = who === 'admin' || who === 'customer' ? ROLE_ACCOUNTS[who] : undefined
  const email = role?.email ?? who
  const name = options.name ?? role?.name ?? email.split('@')[0] ?? 'Customer'
  const admin = options.admin ?? role?.admin ?? false
  const password = TEST_PASSWORD
  const created = await signUp({ email, password, fullName: name }, options.client)
  if (!created.ok) throw new Error(`could not sign up ${email}: ${created.message}`)
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email))
  if (admin) await createOrPromoteAdmin(email)
  const signedIn = await signIn({ email, password }, options.client)
  if (!signedIn.ok) throw new Error(`could not sign in ${email}: ${signedIn.message}`)
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return { id: row.id, email, name, password, cookie: sessionCookieOf(signedIn.setCookies) }
}

/**
 * Both roles' accounts in one call: Alex Admin and Casey Customer, signed in.
 * @example const { admin, customer } = await createTestAccounts(database)
 */
export async function createTestAccounts(database: Pick<TestDatabase, 'db'>): Promise<Record<TestRole, TestAccount>> {
  return { admin: await createTestAccount(database, 'admin'), customer: await createTestAccount(database, 'customer') }
}

/** The `cookie` header a browser would send back after these `Set-Cookie` answers. */
export function sessionCookieOf(setCookies: string[]) {
  return setCookies.map((cookie) => cookie.split(';')[0]).join('; ')
}
