import { afterAll, beforeAll, expect, test } from 'vitest'
import { quoteModels } from '#app/modules/instant-quote/schema.server.ts'
import { boxStl } from '#tests/factories/model-files.ts'
import { routeRequest } from '#tests/setup/route-calls.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { createTestStorage, type TestStorage } from '#tests/setup/test-storage.ts'
import { action } from './quote-models.ts'

// Each upload holds an analysis worker for up to seconds, so one client address may upload only so
// many an hour. Tests lower the limit through AUTH_RATE_LIMIT_MAX, like the auth limits.

let database: TestDatabase
let files: TestStorage

beforeAll(async () => {
  process.env.AUTH_RATE_LIMIT_MAX = '2'
  ;(globalThis as { __shopEnv?: unknown }).__shopEnv = undefined
  database = await createTestDatabase()
  files = await createTestStorage('quote-models-limit')
})

afterAll(async () => {
  delete process.env.AUTH_RATE_LIMIT_MAX
  ;(globalThis as { __shopEnv?: unknown }).__shopEnv = undefined
  await files?.close()
  await database?.close()
})

async function uploadFrom(clientIp: string) {
  const form = new FormData()
  form.append('file', new File([new Uint8Array(boxStl(20, 20, 20))], 'cube.stl'))
  const request = routeRequest({ url: '/instant-quote/models', method: 'POST', form })
  const answer = (await action({
    request,
    params: {},
    context: { cspNonce: 'test', clientIp },
  } as never)) as unknown as {
    data: { ok: boolean; message?: string }
    init: { status: number; headers: Record<string, string> }
  }
  return { status: answer.init.status, data: answer.data, headers: new Headers(answer.init.headers) }
}

test('a client past its uploads for the hour is asked to wait, and nothing is kept; another client is not', async () => {
  expect((await uploadFrom('203.0.113.7')).status).toBe(201)
  expect((await uploadFrom('203.0.113.7')).status).toBe(201)
  const refused = await uploadFrom('203.0.113.7')
  expect(refused).toMatchObject({
    status: 429,
    data: { ok: false, message: 'Too many uploads. Please try again later.' },
  })
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(await database.db.select().from(quoteModels)).toHaveLength(2)
  expect((await uploadFrom('198.51.100.4')).status).toBe(201)
})
