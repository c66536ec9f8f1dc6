import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { listServices } from '#app/modules/content/index.server.ts'
import { services } from '#app/modules/content/schema.server.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { action, loader } from './services.tsx'

let database: TestDatabase
let adminCookie = ''
const unknownId = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  database = await createTestDatabase()
  resetAuth()
  adminCookie = (await createTestAccount(database, 'alex@example.com', { admin: true, name: 'Alex Admin' })).cookie
})

beforeEach(async () => {
  await database.db.delete(services)
})

afterAll(async () => {
  resetAuth()
  await database?.close()
})

function request(body?: BodyInit) {
  return new Request('http://localhost:3000/admin/services', {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin: 'http://localhost:3000', cookie: adminCookie },
    body,
  })
}

async function post(form: Record<string, string>) {
  const answer = (await action({ request: request(new URLSearchParams(form)), params: {}, context: {} } as never)) as {
    data: ActionResult
    init: ResponseInit | null
  }
  return { status: answer.init?.status ?? 200, ...answer.data }
}

const summary = async () =>
  (await listServices()).map((s) => [s.title, s.description, s.priceCents, s.priceUnit, s.features.map((f) => f.name)])

test('add, edit everything with Save All Changes, and delete', async () => {
  expect(await post({ intent: 'create' })).toMatchObject({ ok: true, toast: { title: 'Service Added' } })
  const page = await loader({ request: request(), params: {}, context: {} } as never)
  expect(page.services).toMatchObject([{ title: 'New Service', priceCents: 0, priceUnit: 'hr', features: [] }])
  const id = page.services[0].id
  const services = [
    { id, title: ' Scanning ', description: 'Any size', price: '12.50', priceUnit: 'scan', features: ['Color', ' '] },
  ]
  expect(await post({ intent: 'save-all', services: JSON.stringify(services) })).toMatchObject({
    ok: true,
    toast: { title: 'Services have been updated.', variant: 'success' },
  })
  expect(await summary()).toEqual([['Scanning', 'Any size', 1250, 'scan', ['Color']]])
  expect(await post({ intent: 'delete', serviceId: id })).toMatchObject({
    ok: true,
    toast: { title: 'Service Deleted' },
  })
  expect(await summary()).toEqual([])
})

test('bad input changes nothing and answers with a destructive toast', async () => {
  const [row] = await database.db.insert(services).values({ title: 'Design', priceCents: 3000 }).returning()
  const good = { id: row.id, title: 'Design', description: '', price: '30', priceUnit: 'hr', features: [] }
  const cases: [Record<string, string>, number, RegExp][] = [
    [{ intent: 'save-all', services: 'not json' }, 400, /could not be read/],
    [{ intent: 'save-all' }, 400, /could not be read/],
    [{ intent: 'save-all', services: JSON.stringify([{ ...good, title: '' }]) }, 400, /needs a title/],
    [{ intent: 'save-all', services: JSON.stringify([{ ...good, price: 'free' }]) }, 400, /^Price must be/],
    [{ intent: 'save-all', services: JSON.stringify([{ ...good, price: '-5' }]) }, 400, /^Price must be/],
    [
      {
        intent: 'save-all',
        services: JSON.stringify([
          { ...good, title: 'Changed' },
          { ...good, id: unknownId },
        ]),
      },
      404,
      /not found/,
    ],
    [{ intent: 'delete', serviceId: unknownId }, 404, /not found/],
    [{ intent: 'delete', serviceId: 'nope' }, 404, /not found/],
    [{ intent: 'truncate' }, 400, /Unknown request/],
  ]
  for (const [form, status, message] of cases) {
    const answer = await post(form)
    expect(answer, JSON.stringify(form)).toMatchObject({ ok: false, status, toast: { variant: 'destructive' } })
    expect(answer.toast.description).toMatch(message)
  }
  expect(await summary()).toEqual([['Design', '', 3000, 'hr', []]])
})
