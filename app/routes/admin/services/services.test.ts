import { beforeEach, expect, test } from 'vitest'
import { listServices } from '#app/modules/content/index.server.ts'
import { services } from '#app/modules/content/schema.server.ts'
import { adminRouteTest, UNKNOWN_ID } from '#tests/setup/admin-route-test.ts'
import { action, loader } from './services.tsx'

const shop = adminRouteTest()
const { load, post } = shop.page('/admin/services', { loader, action })

beforeEach(async () => {
  await shop.db.delete(services)
})

const summary = async () =>
  (await listServices()).map((s) => [s.title, s.description, s.priceCents, s.priceUnit, s.features.map((f) => f.name)])

test('add, edit everything with Save All Changes, and delete', async () => {
  expect(await post({ intent: 'create' })).toMatchObject({ ok: true, toast: { title: 'Service Added' } })
  const page = await load()
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
  const [row] = await shop.db.insert(services).values({ title: 'Design', priceCents: 3000 }).returning()
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
          { ...good, id: UNKNOWN_ID },
        ]),
      },
      404,
      /not found/,
    ],
    [{ intent: 'delete', serviceId: UNKNOWN_ID }, 404, /not found/],
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

test('a refused save names each bad field of each service, for the page to show beside it', async () => {
  const [design, printing] = await shop.db
    .insert(services)
    .values([
      { title: 'Design', priceCents: 3000 },
      { title: 'Printing', priceCents: 500 },
    ])
    .returning({ id: services.id })
  const good = { description: '', priceUnit: 'hr', features: [] }
  const answer = await post({
    intent: 'save-all',
    services: JSON.stringify([
      { ...good, id: design.id, title: 'Design', price: '30' },
      { ...good, id: printing.id, title: '', price: 'free', features: ['Color', 'x'.repeat(201)] },
    ]),
  })
  expect(answer).toMatchObject({
    status: 400,
    ok: false,
    intent: 'save-all',
    toast: { title: 'Error', description: 'Every service needs a title.', variant: 'destructive' },
  })
  expect(answer.fieldErrors).toEqual({
    'services.1.title': 'Every service needs a title.',
    'services.1.price': 'Price must be an amount from 0 to 1,000,000, with at most 2 decimals.',
    'services.1.features.1': expect.stringContaining('at most 200 characters'),
  })
  expect(await summary()).toEqual([
    ['Design', '', 3000, 'hr', []],
    ['Printing', '', 500, 'hr', []],
  ])
})
