import { randomBytes } from 'node:crypto'
import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm'
import { cleanSearchText } from '#app/rules/text.ts'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { getAuth } from './auth.server.ts'
import { ADMIN_ROLE, isAdminRole } from './roles.ts'
import { users } from './schema.server.ts'
import { LAST_ADMIN, OWN_ACCOUNT_DELETE, USER_EMAIL_TAKEN, USER_SEARCH_MAX_LENGTH } from './schemas.ts'
import type { AccountRole, AdminUserDto, UserChangeResult } from './types.ts'

/** How long an invitation link stays valid: longer than a password reset's hour, people are busy. */
export const INVITATION_DAYS = 7

/** `%` and `_` typed by an admin are searched for as themselves. */
function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

function searchFilter(search: string | undefined): SQL | undefined {
  const text = cleanSearchText(search ?? '', USER_SEARCH_MAX_LENGTH)
  if (!text) return undefined
  const pattern = `%${escapeLike(text)}%`
  return or(ilike(users.name, pattern), ilike(users.email, pattern))
}

/** True while the account has never had a password: an invitation not accepted yet. */
// Spelled out with the table names: inside a one-table select Drizzle leaves column names unqualified.
const invitationPending = sql<boolean>`not exists (select 1 from "auth_accounts" where "auth_accounts"."user_id" = "users"."id" and "auth_accounts"."provider_id" = 'credential')`

/**
 * Every account for the back-office, newest first, optionally those whose name or e-mail contains
 * `search`; `total` counts every match for paging.
 * @example const { users, total } = await listUsers({ search: 'casey', limit: 50, offset: 0 })
 */
export async function listUsers({
  search,
  limit,
  offset = 0,
}: {
  search?: string
  limit: number
  offset?: number
}): Promise<{ users: AdminUserDto[]; total: number }> {
  const db = await getDb()
  const where = searchFilter(search)
  const [rows, [{ value: total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        fullName: users.name,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
        invitationPending,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(users).where(where),
  ])
  return { users: rows.map((row) => ({ ...row, role: asRole(row.role) })), total }
}

function asRole(role: string): AccountRole {
  return isAdminRole(role) ? ADMIN_ROLE : 'customer'
}

/**
 * Locks every admin row and tells whether an admin other than `userId` remains. Taken before
 * demoting or deleting an admin, so two admins removing each other at the same moment cannot
 * leave the shop without one: the second waits for the first and then sees it.
 */
async function anotherAdminRemains(tx: DbOrTx, userId: string) {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, ADMIN_ROLE)).for('update')
  return admins.some((admin) => admin.id !== userId)
}

/**
 * Saves an admin's edit of an account: full name, e-mail and role (back-office §4, §5). The role
 * is read from the database on every request, so the change applies from the user's next page.
 * An admin may demote themselves while another admin remains; the last admin may not be demoted,
 * or nobody could open the back-office again (only the admin:create command could).
 * A changed e-mail must be confirmed again: the next sign-in e-mails a link to the new address.
 * @example const result = await updateUser(id, { fullName: 'Casey C.', email: 'casey@example.com', role: 'Admin' })
 */
export async function updateUser(
  userId: string,
  input: { fullName: string; email: string; role: AccountRole },
): Promise<UserChangeResult> {
  if (!isUuid(userId)) return { ok: false, reason: 'not-found' }
  const db = await getDb()
  const email = input.email.trim().toLowerCase()
  return db.transaction(async (tx): Promise<UserChangeResult> => {
    const [current] = await tx
      .select({ role: users.role, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (!current) return { ok: false, reason: 'not-found' }
    if (email !== current.email) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, userId)))
        .limit(1)
      if (taken) return { ok: false, reason: 'invalid', message: USER_EMAIL_TAKEN }
    }
    if (isAdminRole(current.role) && !isAdminRole(input.role) && !(await anotherAdminRemains(tx, userId))) {
      return { ok: false, reason: 'invalid', message: LAST_ADMIN }
    }
    await tx
      .update(users)
      .set({
        name: input.fullName.trim(),
        email,
        role: input.role,
        ...(email !== current.email ? { emailVerified: false } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
    return { ok: true }
  })
}

/**
 * Deletes an account for good, with its sessions and sign-in methods. Orders, invoices and
 * reviews stay (their foreign keys set the user to null): run it from the delete-user workflow,
 * which first writes the e-mail onto those records. Nobody deletes their own account here
 * (back-office §5), and the last admin cannot be deleted.
 * @example const result = await deleteUser(userId, { actorId: viewer.id }, tx)
 */
export async function deleteUser(userId: string, { actorId }: { actorId: string }, tx: DbOrTx) {
  if (!isUuid(userId)) return { ok: false, reason: 'not-found' } as const
  if (userId === actorId) return { ok: false, reason: 'invalid', message: OWN_ACCOUNT_DELETE } as const
  const [current] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update')
  if (!current) return { ok: false, reason: 'not-found' } as const
  if (isAdminRole(current.role) && !(await anotherAdminRemains(tx, userId))) {
    return { ok: false, reason: 'invalid', message: LAST_ADMIN } as const
  }
  await tx.delete(users).where(eq(users.id, userId))
  return { ok: true } as const
}

/**
 * The account's id, e-mail and name, or null.
 * @example const user = await retrieveUser(userId, tx)
 */
export async function retrieveUser(userId: string, tx?: DbOrTx) {
  if (!isUuid(userId)) return null
  const db = tx ?? (await getDb())
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return row ?? null
}

/**
 * Creates an invited account without a password (verified: the admin vouches for the address,
 * and the link proves it when used) and a one-time token, valid for INVITATION_DAYS, with which
 * the invitee sets a password on /update-password. An address that already has an account gets
 * `exists`, unless that account was itself invited and never set a password: it gets a new token.
 * @example const invited = await createInvitation({ email: 'new@example.com', fullName: '', role: 'customer' })
 */
export async function createInvitation(input: {
  email: string
  fullName: string
  role: AccountRole
}): Promise<
  { ok: true; userId: string; token: string; resent: boolean } | { ok: false; reason: 'exists'; message: string }
> {
  const db = await getDb()
  const email = input.email.trim().toLowerCase()
  const auth = await getAuth()
  const context = await auth.$context
  const [existing] = await db
    .select({ id: users.id, invitationPending })
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
  if (existing && !existing.invitationPending) return { ok: false, reason: 'exists', message: USER_EMAIL_TAKEN }
  let userId = existing?.id
  if (!userId) {
    const created = await context.internalAdapter
      .createUser({ email, name: input.fullName.trim(), emailVerified: true, role: input.role }, { method: 'admin' })
      .catch(() => null)
    // Someone registered the address a moment ago.
    if (!created) return { ok: false, reason: 'exists', message: USER_EMAIL_TAKEN }
    userId = created.id
  }
  // The same kind of token as a password-reset link, so the library's own reset sets the password.
  const token = randomBytes(24).toString('base64url')
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
  })
  return { ok: true, userId, token, resent: Boolean(existing) }
}

/**
 * The e-mail of the account a password-reset or invitation token belongs to, or null when the
 * token is unknown or expired. Read before the token is used up, to sign the invitee in after.
 */
export async function retrievePasswordTokenEmail(token: string): Promise<string | null> {
  const auth = await getAuth()
  const context = await auth.$context
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`)
  if (!verification || verification.expiresAt < new Date()) return null
  const user = await retrieveUser(verification.value)
  return user?.email ?? null
}
