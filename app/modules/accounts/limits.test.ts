import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import {
  AUTH_LIMITS,
  allowVerificationEmail,
  clearAuthLimit,
  consumeAuthLimit,
  releaseAuthLimit,
} from './limits.server.ts'
import { authLimits } from './schema.server.ts'

// The shop's own per-account and per-client limits (decision 022), counted in the database.
let database: TestDatabase
beforeAll(async () => {
  // Per-client limits are off in tests unless AUTH_RATE_LIMIT_MAX sets them, as the library's are.
  process.env.AUTH_RATE_LIMIT_MAX = '2'
  ;(globalThis as { __shopEnv?: unknown }).__shopEnv = undefined
  database = await createTestDatabase()
})
afterAll(async () => {
  delete process.env.AUTH_RATE_LIMIT_MAX
  ;(globalThis as { __shopEnv?: unknown }).__shopEnv = undefined
  await database.close()
})

/** Moves every counter's window back, as if that many seconds had passed. */
async function travel(seconds: number) {
  await database.db
    .update(authLimits)
    .set({ windowStartedAt: sql`${authLimits.windowStartedAt} - (${seconds}::integer * interval '1 second')` })
}

describe('auth limits', () => {
  test('counts up to the limit, then refuses until the window has passed', async () => {
    const { max, windowSeconds } = AUTH_LIMITS['password-reset']
    for (let n = 0; n < max; n++)
      expect(await consumeAuthLimit('password-reset', 'kim@example.com')).toEqual({ allowed: true })
    const refused = await consumeAuthLimit('password-reset', 'KIM@example.com ')
    expect(refused.allowed).toBe(false)
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(windowSeconds - 60)
    // Other addresses and other kinds count apart.
    expect((await consumeAuthLimit('password-reset', 'lee@example.com')).allowed).toBe(true)
    expect((await consumeAuthLimit('sign-up', 'kim@example.com')).allowed).toBe(true)

    await travel(windowSeconds - 5)
    expect((await consumeAuthLimit('password-reset', 'kim@example.com')).allowed).toBe(false)
    await travel(10)
    expect(await consumeAuthLimit('password-reset', 'kim@example.com')).toEqual({ allowed: true })
  })

  test('attempts at the same moment never pass the limit together', async () => {
    const { max } = AUTH_LIMITS['sign-in-failures']
    const decisions = await Promise.all(
      Array.from({ length: max + 5 }, () => consumeAuthLimit('sign-in-failures', 'rush@example.com')),
    )
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(max)
  })

  test('an attempt given back does not count; clearing starts afresh', async () => {
    const { max } = AUTH_LIMITS['sign-in-failures']
    for (let n = 0; n < max + 3; n++) {
      expect((await consumeAuthLimit('sign-in-failures', 'sam@example.com')).allowed).toBe(true)
      await releaseAuthLimit('sign-in-failures', 'sam@example.com')
    }
    for (let n = 0; n < max; n++) await consumeAuthLimit('sign-in-failures', 'sam@example.com')
    expect((await consumeAuthLimit('sign-in-failures', 'sam@example.com')).allowed).toBe(false)
    await clearAuthLimit('sign-in-failures', 'sam@example.com')
    expect((await consumeAuthLimit('sign-in-failures', 'sam@example.com')).allowed).toBe(true)
  })

  test('keeps no e-mail address in the table', async () => {
    await consumeAuthLimit('sign-up', 'private@example.com')
    const keys = (await database.db.select({ key: authLimits.key }).from(authLimits)).map((row) => row.key)
    expect(keys.some((key) => key.includes('@'))).toBe(false)
  })

  test('verification e-mails: a few per address and per client', async () => {
    const { max } = AUTH_LIMITS['verification-email']
    const results: boolean[] = []
    for (let n = 0; n < max + 2; n++) results.push(await allowVerificationEmail('vera@example.com', `10.5.0.${n}`))
    expect(results).toEqual([...Array(max).fill(true), false, false])
    // AUTH_RATE_LIMIT_MAX=2 per client; an IPv6 client counts as its /64.
    expect(await allowVerificationEmail('a@example.com', '2001:db8:1:2::1')).toBe(true)
    expect(await allowVerificationEmail('b@example.com', '2001:db8:1:2::ff')).toBe(true)
    expect(await allowVerificationEmail('c@example.com', '2001:db8:1:2:abcd::9')).toBe(false)
    expect(await allowVerificationEmail('c@example.com', '2001:db8:1:3::1')).toBe(true)
  })
})
