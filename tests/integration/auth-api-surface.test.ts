import { afterAll, beforeAll, expect, test } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import * as authApi from '#app/routes/resources/auth-api.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
  resetAuth()
})
afterAll(async () => {
  resetAuth()
  await database.close()
})

async function status(run: () => unknown) {
  try {
    const result = await run()
    return result instanceof Response ? result.status : 200
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status
    return (thrown as { init?: { status?: number } }).init?.status ?? 500
  }
}

const args = (method: string, path: string, body?: string) => ({
  request: new Request(`http://localhost:3000${path}`, {
    method,
    body,
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
  }),
  params: {},
  context: { cspNonce: 'n', clientIp: '127.0.0.1' },
})

test('the library endpoints that bypass the shop forms are not reachable from outside', async () => {
  // A direct sign-up or sign-in (any POST) would skip the shop's form validation and messages.
  expect(await status(() => authApi.action())).toBe(404)
  expect(await status(() => authApi.action())).toBe(404)
  expect(await status(() => authApi.loader(args('GET', '/api/auth/admin/list-users') as never))).toBe(404)
  expect(await status(() => authApi.loader(args('GET', '/api/auth/get-session') as never))).toBe(404)
})

test('the e-mailed link endpoints still answer', async () => {
  // An invalid token is refused by the library with a redirect, not hidden by us.
  const verify = await status(() =>
    authApi.loader(args('GET', '/api/auth/verify-email?token=bad&callbackURL=/auth/callback') as never),
  )
  expect(verify).not.toBe(404)
  const reset = await status(() =>
    authApi.loader(args('GET', '/api/auth/reset-password/abc123?callbackURL=/update-password') as never),
  )
  expect(reset).toBe(302)
})
