import { beforeAll, describe, expect, test } from 'vitest'
import { insertProduct } from '#tests/factories/shop-records.ts'
import { callRoute } from '#tests/setup/route-calls.ts'
import { signedInTest } from '#tests/setup/signed-in-test.ts'
import { loader } from './order-products.ts'

// Create an Order's panel asks here for the products of lines added from another page of the list.
const { database, account: casey } = signedInTest('casey@example.com')
const ids = { knobs: '', mount: '', soldOut: '', hidden: '' }

beforeAll(async () => {
  const { db } = database
  ids.knobs = (await insertProduct(db, { title: 'Knob Set', priceCents: 899, stockQuantity: 240 })).id
  ids.mount = (await insertProduct(db, { title: 'Bike Mount', priceCents: 2499, stockQuantity: 42 })).id
  ids.soldOut = (await insertProduct(db, { title: 'Desk Stand', priceCents: 1650, stockQuantity: 0 })).id
  ids.hidden = (await insertProduct(db, { title: 'Prototype', priceCents: 100, status: 'hidden', stockQuantity: 3 })).id
})

const ask = (query: string, cookie: string | null = casey.cookie) =>
  callRoute(loader, { url: `/resources/order-products${query}`, cookie })

describe('/resources/order-products', () => {
  test('answers the visible products in stock among the ids, with what the panel prices them by', async () => {
    const query = `?ids=${[ids.knobs, ids.soldOut, ids.hidden, ids.mount, ids.knobs, 'not-an-id'].join(',')}`
    const { status, data } = await ask(query)
    expect(status).toBe(200)
    const answer = data as { asked: string[]; products: { id: string; title: string; stockQuantity: number }[] }
    expect(answer.asked.sort()).toEqual([ids.knobs, ids.soldOut, ids.hidden, ids.mount].sort())
    expect(answer.products.map((product) => product.title)).toEqual(['Bike Mount', 'Knob Set'])
    expect(answer.products[1]).toMatchObject({ id: ids.knobs, priceCents: 899, stockQuantity: 240 })
  })

  test('a visitor is refused; nothing asked for answers an empty list', async () => {
    expect(await ask(`?ids=${ids.knobs}`, null)).toMatchObject({
      status: 401,
      data: { error: 'You must be logged in to place an order.' },
    })
    expect(await ask('')).toMatchObject({ status: 200, data: { asked: [], products: [] } })
  })

  test('more ids than an order has lines, or an overlong list, is refused with a clear answer', async () => {
    const many = Array.from({ length: 101 }, () => crypto.randomUUID()).join(',')
    expect(await ask(`?ids=${many}`)).toMatchObject({ status: 400, data: { error: 'Ask for at most 100 products.' } })
    expect(await ask(`?ids=${'x'.repeat(4000)}`)).toMatchObject({ status: 400 })
    // A hundred ids (one per line) is within the limit.
    const hundred = Array.from({ length: 100 }, () => crypto.randomUUID()).join(',')
    expect(await ask(`?ids=${hundred}`)).toMatchObject({ status: 200, data: { products: [] } })
  })
})
