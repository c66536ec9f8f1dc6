import { randomBytes } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { getDb } from '#app/utils/db.server.ts'
import { getAuth } from './auth.server.ts'
import { ADMIN_ROLE, CUSTOMER_ROLE } from './roles.ts'
import { users } from './schema.server.ts'

/** A random password that meets every registration rule (storefront §5). */
export function randomPassword() {
  return `Lw-${randomBytes(12).toString('base64url')}7!`
}

const DEMO_CUSTOMER_ADDRESS = {
  name: 'Casey Customer',
  street: '1 Printer Way',
  line2: 'Unit 3',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  phone: '+1 512 555 0100',
}

async function createVerifiedUser(input: { email: string; name: string; role: string; password: string }) {
  const auth = await getAuth()
  const context = await auth.$context
  const user = await context.internalAdapter.createUser(
    {
      email: input.email.toLowerCase(),
      name: input.name,
      emailVerified: true,
      role: input.role,
    },
    { method: 'admin' },
  )
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await context.password.hash(input.password),
  })
  return user
}

/**
 * Makes `email` an admin: promotes an existing account, or creates a verified one with a random
 * password that nobody knows (the new admin sets their own through the password-reset e-mail).
 * @example const { created } = await createOrPromoteAdmin('owner@example.com')
 */
export async function createOrPromoteAdmin(email: string): Promise<{ created: boolean; userId: string }> {
  const db = await getDb()
  const normalized = email.trim().toLowerCase()
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalized)).limit(1)
  if (existing) {
    await db
      .update(users)
      .set({ role: ADMIN_ROLE, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
    return { created: false, userId: existing.id }
  }
  const user = await createVerifiedUser({
    email: normalized,
    name: 'Shop Admin',
    role: ADMIN_ROLE,
    password: randomPassword(),
  })
  return { created: true, userId: user.id }
}

export type DemoAccount = { id: string; role: string; email: string; password: string }

/**
 * The demo shop's two accounts, with fresh random passwords, created only when the database has
 * no users yet. Production never calls this (see DEMO_DATA).
 */
export async function createDemoAccounts(): Promise<DemoAccount[]> {
  const db = await getDb()
  const [{ value }] = await db.select({ value: count() }).from(users)
  if (value > 0) return []
  const people = [
    { role: ADMIN_ROLE, email: 'admin@example.com', password: randomPassword(), name: 'Alex Admin' },
    { role: CUSTOMER_ROLE, email: 'customer@example.com', password: randomPassword(), name: 'Casey Customer' },
  ]
  const accounts: DemoAccount[] = []
  for (const { name, ...account } of people) {
    const user = await createVerifiedUser({ ...account, name })
    accounts.push({ id: user.id, ...account })
    // The demo customer has an address saved, as a returning customer would: checkout prefills it.
    if (account.role === CUSTOMER_ROLE) {
      await db.update(users).set({ shippingAddress: DEMO_CUSTOMER_ADDRESS }).where(eq(users.id, user.id))
    }
  }
  return accounts
}
