import { describe, expect, test } from 'vitest'
import { insertProduct, insertUser } from '#tests/factories/shop-records.ts'
import { adminRouteTest } from '#tests/setup/admin-route-test.ts'
import { loader } from './record-search.ts'

const shop = adminRouteTest()

async function search(kind: string, query = '') {
  return shop.call(loader, { url: `/admin/search/${kind}${query}`, params: { kind } })
}

describe('/admin/search/:kind', () => {
  test('finds customers by name or e-mail, labelled with both', async () => {
    const casey = await insertUser(shop.db, { email: 'casey@example.com', name: 'Casey Customer' })
    await insertUser(shop.db, { email: 'robin@example.com', name: 'Robin Buyer' })
    expect(await search('customers', '?q=CASEY')).toMatchObject({
      status: 200,
      // The text asked for comes back with its matches: the picker offers them only while it holds that text.
      data: { records: [{ id: casey.id, label: 'Casey Customer (casey@example.com)' }], asked: 'CASEY', message: null },
    })
    const newest = await search('customers')
    expect((newest.data as { records: unknown[] }).records.length).toBeGreaterThanOrEqual(3)
  })

  test('finds products by title or SKU, with the price an invoice row starts from', async () => {
    const knob = await insertProduct(shop.db, { title: 'Knob Set', sku: 'KNB-01', priceCents: 900, status: 'hidden' })
    const expected = { id: knob.id, label: 'Knob Set (hidden)', detail: 'KNB-01', priceCents: 900 }
    expect((await search('products', '?q=knob')).data).toEqual({ records: [expected], asked: 'knob', message: null })
    expect((await search('products', '?q=knb-0')).data).toEqual({ records: [expected], asked: 'knb-0', message: null })
  })

  test('a bad query or kind answers an empty list with a message, never a failure', async () => {
    expect(await search('products', `?q=${'x'.repeat(201)}`)).toMatchObject({
      status: 400,
      data: { records: [], message: 'Search for at most 200 characters.' },
    })
    expect(await search('orders', '?q=1')).toMatchObject({ status: 404, data: { records: [] } })
    expect(await search('products', '?q=%00%25')).toMatchObject({ status: 200, data: { records: [] } })
  })
})
