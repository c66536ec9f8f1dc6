import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { authAccounts, users } from '#app/modules/accounts/schema.server.ts'
import { invoices } from '#app/modules/invoices/schema.server.ts'
import { latestMailTo } from '#app/modules/mail/index.server.ts'
import { orders } from '#app/modules/orders/schema.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { deleteUserKeepingRecords } from './delete-user.server.ts'
import { inviteUser } from './invite-user.server.ts'

let database: TestDatabase
const ids = { admin: '', other: '' }

beforeAll(async () => {
  database = await createTestDatabase()
  resetAuth()
  const [admin, other] = await database.db
    .insert(users)
    .values([
      { email: 'owner@example.com', name: 'Olive Owner', role: 'Admin' },
      { email: 'second@example.com', name: 'Sam Second', role: 'Admin' },
    ])
    .returning({ id: users.id })
  Object.assign(ids, { admin: admin.id, other: other.id })
})

afterAll(async () => {
  resetAuth()
  await database?.close()
})

test('a refused deletion rolls back the e-mails it wrote onto the records', async () => {
  await database.db.insert(orders).values({ userId: ids.admin, totalCents: 100 })
  await database.db.insert(invoices).values({ userId: ids.admin, status: 'unpaid', totalCents: 100 })
  expect(await deleteUserKeepingRecords(ids.admin, { actor: { id: ids.admin, label: 'admin' } })).toEqual({
    ok: false,
    reason: 'invalid',
    message: 'You cannot delete your own account.',
  })
  const [order] = await database.db.select().from(orders).where(eq(orders.userId, ids.admin))
  const [invoice] = await database.db.select().from(invoices).where(eq(invoices.userId, ids.admin))
  expect(order.email).toBeNull()
  expect(invoice.email).toBeNull()
})

test('the last admin is never deleted, another admin may be', async () => {
  expect(await deleteUserKeepingRecords(ids.other, { actor: { id: ids.admin, label: 'admin' } })).toEqual({
    ok: true,
    email: 'second@example.com',
  })
  // Only the owner is left: even someone else's request cannot remove the last admin.
  expect(await deleteUserKeepingRecords(ids.admin, { actor: { id: ids.other, label: 'admin' } })).toMatchObject({
    ok: false,
    message: 'At least one admin is required.',
  })
  expect(await deleteUserKeepingRecords('not-a-uuid', { actor: { id: ids.admin, label: 'admin' } })).toEqual({
    ok: false,
    reason: 'not-found',
  })
})

test('an invitation e-mails a link valid for 7 days, signed with the inviter’s name', async () => {
  const result = await inviteUser(
    { email: 'Guest@Example.com', fullName: '', role: 'customer' },
    { invitedBy: 'Olive Owner' },
  )
  expect(result).toMatchObject({ ok: true, resent: false })
  const mail = await latestMailTo('guest@example.com', 'invitation')
  expect(mail?.text).toContain('Olive Owner invited you to LayerWorks 3D')
  expect(mail?.text).toContain('The link is valid for 7 days.')
  expect(mail?.text).toMatch(/\/update-password\?token=[\w-]+&invited=1/)
  // An account that has a password is refused; one that never set a password is invited again.
  await database.db
    .insert(authAccounts)
    .values({ userId: ids.admin, accountId: ids.admin, providerId: 'credential', password: 'hash' })
  expect(
    await inviteUser({ email: 'owner@example.com', fullName: '', role: 'customer' }, { invitedBy: 'Olive Owner' }),
  ).toEqual({ ok: false, reason: 'exists', message: 'A user with this e-mail already exists.' })
})
