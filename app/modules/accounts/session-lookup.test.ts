import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestAccount, type TestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { sessions, users } from './schema.server.ts'
import { findSessionUser, signedToken } from './session-lookup.server.ts'

let database: TestDatabase
let casey: TestAccount

beforeAll(async () => {
  database = await createTestDatabase()
  casey = await createTestAccount(database, 'customer')
})
afterAll(async () => {
  await database.close()
})

const lookUp = (cookie: string) =>
  findSessionUser(new Request('http://localhost:3000/account', { headers: { cookie } }))
const DAY = 86_400_000

async function caseySession() {
  const [row] = await database.db.select().from(sessions).where(eq(sessions.userId, casey.id))
  return row
}

describe('signedToken', () => {
  test('answers the token of a value signed with the secret, and null for any other', async () => {
    const { createHmac } = await import('node:crypto')
    const signature = createHmac('sha256', 'secret').update('token-1').digest('base64')
    expect(signedToken(`token-1.${signature}`, 'secret')).toBe('token-1')
    expect(signedToken(`token-2.${signature}`, 'secret')).toBeNull()
    expect(signedToken(`token-1.${signature}`, 'other secret')).toBeNull()
    expect(signedToken('token-1', 'secret')).toBeNull()
    expect(signedToken(undefined, 'secret')).toBeNull()
  })
})

describe('findSessionUser', () => {
  test('finds the signed-in user and the role it has now', async () => {
    expect(await lookUp(casey.cookie)).toMatchObject({ id: casey.id, email: casey.email, role: 'customer' })
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, casey.id))
    expect(await lookUp(casey.cookie)).toMatchObject({ id: casey.id, role: 'admin' })
    await database.db.update(users).set({ role: 'customer' }).where(eq(users.id, casey.id))
  })

  test('a cookie with a forged signature, or none, finds nobody', async () => {
    const forged = casey.cookie.replace(
      /(session_token=[^.;]+\.)[^;]+/,
      '$1AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D',
    )
    expect(forged).not.toBe(casey.cookie)
    expect(await lookUp(forged)).toBeNull()
    expect(await lookUp('other=1')).toBeNull()
  })

  test('a session due for its daily extension is extended by the auth library', async () => {
    const session = await caseySession()
    // Made six days ago: seven-day sessions are extended once they are a day old.
    const aged = new Date(Date.now() + DAY)
    await database.db.update(sessions).set({ expiresAt: aged }).where(eq(sessions.id, session.id))
    expect(await lookUp(casey.cookie)).toMatchObject({ id: casey.id, sessionId: session.id })
    expect((await caseySession()).expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY)
  })

  test('an expired session finds nobody and is deleted; a deleted one finds nobody', async () => {
    const session = await caseySession()
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id))
    expect(await lookUp(casey.cookie)).toBeNull()
    expect(await caseySession()).toBeUndefined()
    expect(await lookUp(casey.cookie)).toBeNull()
  })
})
