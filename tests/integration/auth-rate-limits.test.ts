import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import * as auth from '#app/routes/auth/auth.tsx'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'

// better-auth limits requests per client address; production keeps the real limits and tests
// lower them through AUTH_RATE_LIMIT_MAX to see the messages of storefront §8.
let database: TestDatabase
beforeAll(async () => {
  process.env.AUTH_RATE_LIMIT_MAX = '2'
  ;(globalThis as { __shopEnv?: unknown }).__shopEnv = undefined
  database = await createTestDatabase()
  resetAuth()
})
afterAll(async () => {
  delete process.env.AUTH_RATE_LIMIT_MAX
  ;(globalThis as { __shopEnv?: unknown }).__shopEnv = undefined
  resetAuth()
  await database.close()
})

async function post(form: Record<string, string>, ip: string) {
  const request = new Request('http://localhost:3000/auth', {
    method: 'POST',
    headers: { origin: 'http://localhost:3000' },
    body: new URLSearchParams(form),
  })
  const result = await auth.action({ request, params: {}, context: { cspNonce: 'n', clientIp: ip } } as never)
  return result as unknown as Response | { data: { ok: boolean; toast?: { title: string; description?: string } } }
}

function toastOf(result: Awaited<ReturnType<typeof post>>) {
  return result instanceof Response ? null : result.data.toast
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
