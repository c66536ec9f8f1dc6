import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { AUTH_LIMITS } from '#app/modules/accounts/index.server.ts'
import { authLimits, rateLimits, users } from '#app/modules/accounts/schema.server.ts'
import { latestMailTo } from '#app/modules/mail/index.server.ts'
import { mailOutbox } from '#app/modules/mail/schema.server.ts'
import * as auth from '#app/routes/auth/auth.tsx'
import * as logout from '#app/routes/auth/logout.tsx'
import * as authApi from '#app/routes/resources/auth-api.ts'
import { createTestAccount, TEST_PASSWORD } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'

// better-auth limits requests per client address; production keeps the real limits and tests
// lower them through AUTH_RATE_LIMIT_MAX to see the messages of storefront §8.
let database: TestDatabase
beforeAll(async () => {
  process.env.AUTH_RATE_LIMIT_MAX = '2'
  ;(globalThis as { __shopEnv?: unknown }).__shopEnv = undefined
  database = await createTestDatabase()
})
afterAll(async () => {
  delete process.env.AUTH_RATE_LIMIT_MAX
  ;(globalThis as { __shopEnv?: unknown }).__shopEnv = undefined
  await database.close()
})

async function post(form: Record<string, string>, ip: string, headers: Record<string, string> = {}) {
  const request = new Request('http://localhost:3000/auth', {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', ...headers },
    body: new URLSearchParams(form),
  })
  const result = await auth.action({ request, params: {}, context: { cspNonce: 'n', clientIp: ip } } as never)
  return result as unknown as Response | { data: { ok: boolean; toast?: { title: string; description?: string } } }
}

function toastOf(result: Awaited<ReturnType<typeof post>>) {
  return result instanceof Response ? null : result.data.toast
}

function statusOf(result: Awaited<ReturnType<typeof post>>) {
  return result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status
}

const login = (email: string, password: string) => ({ intent: 'login', email, password })

let accounts = 0
/**
 * An account the test signs in to (password TEST_PASSWORD), signed up and in from an address of its
 * own, so the limits under test count only what the test itself sends.
 */
function createAccount(email: `${string}@${string}`) {
  accounts += 1
  return createTestAccount(database, email, { client: { ip: `10.99.0.${accounts}` } })
}

describe('rate limits', () => {
  test('too many sign-ups from one address', async () => {
    const form = (n: number) => ({
      intent: 'register',
      fullName: 'Rate Limited',
      email: `limited-${n}@example.com`,
      password: 'Limit-pass-1!',
      confirmPassword: 'Limit-pass-1!',
    })
    expect(await post(form(1), '10.0.0.1')).toBeInstanceOf(Response)
    expect(await post(form(2), '10.0.0.1')).toBeInstanceOf(Response)
    expect(toastOf(await post(form(3), '10.0.0.1'))).toEqual({
      variant: 'destructive',
      title: 'Too many requests',
      description: 'You have tried to sign up too many times. Please wait a while before trying again.',
    })
    // Another address is not affected.
    expect(await post(form(4), '10.0.0.2')).toBeInstanceOf(Response)
  })

  test('too many password-reset requests from one address', async () => {
    const form = { intent: 'reset-password', email: 'someone@example.com' }
    expect(toastOf(await post(form, '10.0.0.3'))?.title).toBe('Password Reset Email Sent')
    expect(toastOf(await post(form, '10.0.0.3'))?.title).toBe('Password Reset Email Sent')
    expect(toastOf(await post(form, '10.0.0.3'))).toEqual({
      variant: 'destructive',
      title: 'Too many requests',
      description: 'You have requested a password reset too many times. Please wait a while before trying again.',
    })
  })

  test('bad input changes nothing and answers 400', async () => {
    const result = await post(
      { intent: 'register', fullName: '', email: 'x', password: 'a', confirmPassword: 'a' },
      '10.0.0.9',
    )
    expect(result instanceof Response).toBe(false)
    expect((result as { init?: { status?: number } }).init?.status).toBe(400)
    const unknown = await post({ intent: 'hack' }, '10.0.0.9')
    expect((unknown as { init?: { status?: number } }).init?.status).toBe(400)
  })
})

describe('limits per e-mail address, whatever the client address (decision 022)', () => {
  const lockedToast = {
    variant: 'destructive',
    title: 'Too many requests',
    description:
      'Too many failed sign-ins for this email address. Please try again in 15 minutes, or reset your password.',
  }

  test('ten wrong passwords lock the account, even for the right password, until the window passes', async () => {
    const { max, windowSeconds } = AUTH_LIMITS['sign-in-failures']
    const { email } = await createAccount('locked@example.com')
    // Right passwords do not count: the owner signing in between guesses changes nothing.
    for (let n = 1; n <= max; n++) {
      const wrong = await post(login(email, `Wrong-pass-${n}!`), `10.1.0.${n}`)
      expect(toastOf(wrong)?.title).toBe('Sign in Failed')
      if (n === 5) expect(await post(login(email, TEST_PASSWORD), '10.1.1.5')).toBeInstanceOf(Response)
    }
    // A new client address, the right password: still refused, with a wait to read.
    const refused = await post(login('Locked@Example.com', TEST_PASSWORD), '10.1.2.1')
    expect(statusOf(refused)).toBe(429)
    expect(toastOf(refused)).toEqual(lockedToast)
    // An unknown address locks the same way, so the answer tells nobody who has an account.
    for (let n = 1; n <= max; n++) await post(login('nobody@example.com', 'Wrong-pass-1!'), `10.1.3.${n}`)
    expect(toastOf(await post(login('nobody@example.com', 'Wrong-pass-1!'), '10.1.3.99'))).toEqual(lockedToast)
    // Other accounts are not affected.
    const other = await createAccount('unlocked@example.com')
    expect(await post(login(other.email, TEST_PASSWORD), '10.1.2.1')).toBeInstanceOf(Response)

    await database.db
      .update(authLimits)
      .set({ windowStartedAt: sql`now() - (${windowSeconds + 1}::integer * interval '1 second')` })
    expect(await post(login(email, TEST_PASSWORD), '10.1.2.2')).toBeInstanceOf(Response)
  })

  test('a password reset through the e-mailed link lifts the lock', async () => {
    const { email } = await createAccount('forgetful@example.com')
    for (let n = 1; n <= AUTH_LIMITS['sign-in-failures'].max; n++) {
      await post(login(email, `Wrong-pass-${n}!`), `10.2.0.${n}`)
    }
    expect(statusOf(await post(login(email, TEST_PASSWORD), '10.2.1.1'))).toBe(429)
    expect(toastOf(await post({ intent: 'reset-password', email }, '10.2.1.2'))?.title).toBe(
      'Password Reset Email Sent',
    )
    const mail = await vi.waitFor(async () => {
      const found = await latestMailTo(email, 'reset-password')
      if (!found) throw new Error('no reset mail yet')
      return found
    })
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
    expect(token).toBeTruthy()
    const form = {
      intent: 'update-password',
      token: token ?? '',
      password: 'Fresh-pass-2!',
      confirmPassword: 'Fresh-pass-2!',
    }
    expect(await post(form, '10.2.1.3')).toBeInstanceOf(Response)
    expect(await post(login(email, 'Fresh-pass-2!'), '10.2.1.4')).toBeInstanceOf(Response)
  })

  test('sign-ups for one address', async () => {
    const form = {
      intent: 'register',
      fullName: 'Serial Signer',
      email: 'serial@example.com',
      password: 'Limit-pass-1!',
      confirmPassword: 'Limit-pass-1!',
    }
    for (let n = 1; n <= AUTH_LIMITS['sign-up'].max; n++)
      expect(await post(form, `10.3.0.${n}`)).toBeInstanceOf(Response)
    expect(toastOf(await post(form, '10.3.1.1'))).toEqual({
      variant: 'destructive',
      title: 'Too many requests',
      description: 'You have tried to sign up too many times. Please wait a while before trying again.',
    })
  })

  test('password-reset e-mails for one address', async () => {
    const form = { intent: 'reset-password', email: 'reset-target@example.com' }
    for (let n = 1; n <= AUTH_LIMITS['password-reset'].max; n++) {
      expect(toastOf(await post(form, `10.4.0.${n}`))?.title).toBe('Password Reset Email Sent')
    }
    const refused = await post(form, '10.4.1.1')
    expect(statusOf(refused)).toBe(429)
    expect(toastOf(refused)).toEqual({
      variant: 'destructive',
      title: 'Too many requests',
      description: 'You have requested a password reset too many times. Please wait a while before trying again.',
    })
  })

  test('verification e-mails for one address: sign-in of an unverified account sends no more than a few', async () => {
    const email = 'unverified@example.com'
    const register = {
      intent: 'register',
      fullName: 'Una Verified',
      email,
      password: 'Limit-pass-1!',
      confirmPassword: 'Limit-pass-1!',
    }
    expect(await post(register, '10.5.0.1')).toBeInstanceOf(Response)
    for (let n = 1; n <= 6; n++) {
      expect(toastOf(await post(login(email, 'Limit-pass-1!'), `10.5.1.${n}`))?.title).toBe('Sign in Failed')
    }
    const sent = async () =>
      (
        await database.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'verify-email')))
      ).length
    const { max } = AUTH_LIMITS['verification-email']
    await vi.waitFor(async () => expect(await sent()).toBe(max))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await sent()).toBe(max)
    // The right password of an unverified account is no failure: nothing is locked.
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email))
    expect(await post(login(email, 'Limit-pass-1!'), '10.5.2.1')).toBeInstanceOf(Response)
  })
})

describe('the client address is the one the server resolved, never a header the client sent', () => {
  test('sign-in: X-Forwarded-For makes no new client', async () => {
    const { email } = await createAccount('spoofer@example.com')
    const spoofed = (n: number) => ({
      'x-forwarded-for': `198.51.100.${n}`,
      'x-layerworks-client-address': `198.51.100.${n}`,
    })
    // AUTH_RATE_LIMIT_MAX=2 sign-ins a minute per client.
    expect(toastOf(await post(login(email, 'Wrong-pass-1!'), '10.6.0.1', spoofed(1)))?.title).toBe('Sign in Failed')
    expect(toastOf(await post(login(email, 'Wrong-pass-2!'), '10.6.0.1', spoofed(2)))?.title).toBe('Sign in Failed')
    const refused = await post(login(email, TEST_PASSWORD), '10.6.0.1', spoofed(3))
    expect(statusOf(refused)).toBe(429)
    expect(toastOf(refused)).toEqual({
      variant: 'destructive',
      title: 'Too many requests',
      description: 'You have tried to sign in too many times. Please wait a while before trying again.',
    })
  })

  test("the e-mailed link endpoints count the resolved address, not the visitor's headers", async () => {
    const request = new Request('http://localhost:3000/api/auth/verify-email?token=bad&callbackURL=/auth/callback', {
      headers: { 'x-forwarded-for': '198.51.100.7', 'x-layerworks-client-address': '198.51.100.8' },
    })
    await authApi.loader({ request, params: {}, context: { cspNonce: 'n', clientIp: '10.7.0.1' } } as never)
    const keys = await database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, '%/verify-email'))
    expect(keys.map((row) => row.key)).toEqual(['10.7.0.1|/verify-email'])
  })

  test('sign-outs count per client, not in one bucket for the whole shop', async () => {
    const request = new Request('http://localhost:3000/logout', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'x-forwarded-for': '198.51.100.9' },
    })
    await logout.action({ request, params: {}, context: { cspNonce: 'n', clientIp: '10.8.0.1' } } as never)
    const keys = await database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, '%/sign-out'))
    expect(keys.map((row) => row.key)).toEqual(['10.8.0.1|/sign-out'])
  })
})
