import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import * as auth from '#app/routes/auth/auth.tsx'
import * as authApi from '#app/routes/resources/auth-api.ts'
import * as newsletter from '#app/routes/resources/newsletter.ts'
import { callRoute, ORIGIN } from '#tests/setup/route-calls.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'

// Every redirect the shop builds from what a visitor sends (a redirectTo field or query, the
// Referer of a form post, a link's callbackURL) stays on the shop, and bad input never answers 500
// (decision 014).

let database: TestDatabase
let casey = { id: '', cookie: '', email: '', password: '' }

beforeAll(async () => {
  database = await createTestDatabase()
  resetAuth()
  casey = await createTestAccount(database, 'customer')
})

afterAll(async () => {
  resetAuth()
  await database.close()
})

const offSite = [
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0D/evil.example',
  '/%00/evil.example',
  '//evil.example',
  '/\\evil.example',
  '/%5cevil.example',
  '\t//evil.example',
  '/\t/evil.example',
  'https://evil.example/account',
  'javascript:alert(1)',
]
const withNewline = ['/account\n', '/account\r\nSet-Cookie: pwned=1', '\n//evil.example', '/a\u2028b\u0085']

describe('sign-in with a redirectTo', () => {
  const signIn = (redirectTo: string) =>
    callRoute(auth.action, {
      url: '/auth?tab=login',
      form: { intent: 'login', email: casey.email, password: casey.password, redirectTo },
    })

  test.each(offSite)('%j lands on the fallback /account', async (redirectTo) => {
    const outcome = await signIn(redirectTo)
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/account')
  })

  test.each(withNewline)('%j never answers 500', async (redirectTo) => {
    const outcome = await signIn(redirectTo)
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/account')
  })

  test('a path of the shop, with its query, is where the customer returns to', async () => {
    const outcome = await signIn('/admin/reviews?filter=pending&page=2')
    expect(outcome.location).toBe('/admin/reviews?filter=pending&page=2')
  })

  test('an over-long redirectTo is ignored, not a reason to refuse the sign-in', async () => {
    const outcome = await signIn(`/${'a'.repeat(600)}`)
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/account')
  })
})

describe('the auth page when already signed in', () => {
  test.each([...offSite, ...withNewline])('?redirectTo=%j sends to /account', async (redirectTo) => {
    const outcome = await callRoute(auth.loader, {
      url: `/auth?redirectTo=${encodeURIComponent(redirectTo)}`,
      cookie: casey.cookie,
    })
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/account')
  })
})

describe('the newsletter form without JavaScript goes back to the Referer', () => {
  const subscribe = async (referer: string) => {
    const request = new Request(`${ORIGIN}/resources/newsletter`, {
      method: 'POST',
      headers: { origin: ORIGIN, referer, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'not-an-address' }),
    })
    const response = (await newsletter.action({ request, params: {}, context: {} } as never)) as Response
    return { status: response.status, location: response.headers.get('location') }
  }

  test('a page of the shop, its query kept and the status added', async () => {
    expect(await subscribe(`${ORIGIN}/about?ref=footer&newsletter=duplicate`)).toEqual({
      status: 303,
      location: '/about?ref=footer&newsletter=invalid',
    })
  })

  test.each([
    `${ORIGIN}/%09/evil.example`,
    `${ORIGIN}/%5cevil.example`,
    `${ORIGIN}/.//evil.example`,
    'https://evil.example/about',
    '//evil.example/about',
    'http://[not-a-host/about',
  ])('%j goes to the home page', async (referer) => {
    expect(await subscribe(referer)).toEqual({ status: 303, location: '/?newsletter=invalid' })
  })
})

describe('the e-mailed link endpoints', () => {
  const follow = (path: string) =>
    callRoute(authApi.loader, { url: path }).then((outcome) => ({ status: outcome.status, to: outcome.location }))

  test.each(['/%09/evil.example', '/%5Cevil.example', 'https://evil.example', '/%2509/evil.example'])(
    'a link whose callbackURL is %j is refused as an invalid link',
    async (callbackURL) => {
      const query = `callbackURL=${encodeURIComponent(callbackURL)}`
      const refused = { status: 302, to: '/auth/callback?error=INVALID_CALLBACK_URL' }
      expect(await follow(`/api/auth/verify-email?token=bad&${query}`)).toEqual(refused)
      expect(await follow(`/api/auth/reset-password/abc123?${query}`)).toEqual(refused)
    },
  )

  test('the shop’s own callbacks still go through the auth library', async () => {
    const verify = await follow('/api/auth/verify-email?token=bad&callbackURL=%2Fauth%2Fcallback')
    expect(verify.status).toBe(302)
    expect(verify.to).toBe('/auth/callback?error=INVALID_TOKEN')
    const reset = await follow('/api/auth/reset-password/abc123?callbackURL=%2Fupdate-password')
    expect(reset.status).toBe(302)
    expect(reset.to).toMatch(/\/update-password\?error=INVALID_TOKEN$/)
  })
})
