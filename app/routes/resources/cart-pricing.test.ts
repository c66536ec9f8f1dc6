import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import { MAX_CART_LINES, PROMO_CODE_MAX_LENGTH } from '#app/rules/cart.ts'
import { insertPromotion } from '#tests/factories/shop-records.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import type { Route } from './+types/cart-pricing.ts'
import { action } from './cart-pricing.ts'

let database: TestDatabase
const ids = { mount: '', stand: '' }

beforeAll(async () => {
  database = await createTestDatabase()
  const rows = await database.db
    .insert(products)
    .values([
      {
        title: 'Bike Phone Mount',
        images: ['products/mount.webp'],
        priceCents: 1500,
        variations: [{ id: 'black', name: 'Matte Black', priceModifierCents: 250 }],
        stockQuantity: 40,
      },
      { title: 'Headphone Stand', priceCents: 2000, stockQuantity: 3 },
    ])
    .returning({ id: products.id })
  ;[ids.mount, ids.stand] = rows.map((row) => row.id)
  await insertPromotion(database.db, { code: 'TENOFF', value: 10 })
})

afterAll(async () => {
  await database?.close()
})

const url = 'http://localhost/resources/cart-pricing'

// The route module's action, called as React Router calls it; the load context is not used.
async function callAction(request: Request) {
  const args = { request, url: new URL(request.url), pattern: '/resources/cart-pricing', params: {}, context: {} }
  const result = await action(args as Route.ActionArgs)
  return { status: result.init?.status ?? 200, data: result.data }
}

function post(body: string) {
  return callAction(new Request(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } }))
}

const postJson = (value: unknown) => post(JSON.stringify(value))
const item = (cartId: string, quantity = 1) => ({ cartId, id: ids.stand, quantity })

describe('POST /resources/cart-pricing', () => {
  test('prices a valid cart from the database', async () => {
    const { status, data } = await postJson({
      items: [
        { cartId: 'a', id: ids.mount, title: 'Stale title', quantity: 2, selectedVariation: { id: 'black' } },
        { cartId: 'b', id: ids.stand, quantity: 1, selectedVariation: null },
      ],
      promoCode: null,
    })
    expect(status).toBe(200)
    expect(data).toMatchObject({
      lines: [
        {
          cartId: 'a',
          productId: ids.mount,
          title: 'Bike Phone Mount',
          image: 'products/mount.webp',
          variationName: 'Matte Black',
          unitPriceCents: 1750,
          quantity: 2,
          lineTotalCents: 3500,
          stockQuantity: 40,
        },
        { cartId: 'b', productId: ids.stand, title: 'Headphone Stand', unitPriceCents: 2000, lineTotalCents: 2000 },
      ],
      unavailable: [],
      subtotalCents: 5500,
      discountCents: 0,
      promoValid: false,
      shippingCents: 500,
      totalCents: 6000,
    })
  })

  test('reports a line of a product with variations that names none as needing a selection', async () => {
    const { status, data } = await postJson({ items: [item('a'), { cartId: 'm', id: ids.mount, quantity: 1 }] })
    expect(status).toBe(200)
    expect(data).toMatchObject({ selectionRequired: ['m'], unavailable: [], subtotalCents: 2000 })
  })

  test('reports unknown products as unavailable instead of failing', async () => {
    const { status, data } = await postJson({ items: [item('a'), { cartId: 'x', id: 'not-a-uuid', quantity: 1 }] })
    expect(status).toBe(200)
    expect(data).toMatchObject({ unavailable: ['x'], subtotalCents: 2000 })
  })

  test.each([
    ['a body that is not JSON', () => post('{"items": [')],
    ['an empty body', () => post('')],
    ['a quantity of 0', () => postJson({ items: [item('a', 0)] })],
    ['a fractional quantity', () => postJson({ items: [item('a', 1.5)] })],
    ['a quantity above the maximum', () => postJson({ items: [item('a', 10_000)] })],
    [
      `${MAX_CART_LINES + 1} lines`,
      () => postJson({ items: Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => item(`line-${i}`)) }),
    ],
    [
      'a promotion code that is too long',
      () => postJson({ items: [item('a')], promoCode: 'X'.repeat(PROMO_CODE_MAX_LENGTH + 1) }),
    ],
    ['items that are not a list', () => postJson({ items: 'all of them' })],
    ['a body too large for a cart', () => post(JSON.stringify({ items: [], padding: 'x'.repeat(70_000) }))],
  ])('rejects %s with 400 and an error message', async (_name, send) => {
    const { status, data } = await send()
    expect(status).toBe(400)
    expect(data).toEqual({ error: expect.any(String) })
  })

  test('accepts exactly the maximum number of lines', async () => {
    const { status, data } = await postJson({
      items: Array.from({ length: MAX_CART_LINES }, (_, i) => item(`line-${i}`)),
    })
    expect(status).toBe(200)
    expect(data).toMatchObject({ subtotalCents: MAX_CART_LINES * 2000 })
  })

  test('answers other methods with 405', async () => {
    const { status, data } = await callAction(new Request(url, { method: 'PUT', body: '{}' }))
    expect(status).toBe(405)
    expect(data).toEqual({ error: 'Method not allowed' })
  })

  test('property: any body gets an answer of 200 or 400, never a thrown error', async () => {
    const body = fc.oneof(
      fc.string(),
      fc.json(),
      fc.record({ items: fc.array(fc.jsonValue(), { maxLength: 3 }), promoCode: fc.jsonValue() }),
    )
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const { status, data } = await post(typeof text === 'string' ? text : JSON.stringify(text))
        expect([200, 400]).toContain(status)
        if (status === 400) expect(data).toEqual({ error: expect.any(String) })
      }),
      { numRuns: 200 },
    )
  })
})

describe('Apply (intent apply-promo): an action answer with its toast', () => {
  const apply = (promoCode: unknown) => postJson({ items: [item('a')], promoCode, intent: 'apply-promo' })
  /** The answer's data with its HTTP status beside it. */
  const answerTo = async (promoCode: unknown) => {
    const { status, data } = await apply(promoCode)
    return { status, ...(data as object) }
  }

  test.each([
    [
      'a code that applies: its toast, and the code the cart keeps',
      ' tenoff ',
      {
        status: 200,
        ok: true,
        toast: { title: 'Promo Code Applied!', description: "You've received a discount.", variant: 'success' },
        promoCode: 'TENOFF',
      },
    ],
    [
      'a code that does not: refused with the reason beside the code field',
      'NOPE',
      {
        status: 400,
        ok: false,
        toast: {
          title: 'Invalid Promo Code',
          description: 'The code you entered is not valid.',
          variant: 'destructive',
        },
        fieldErrors: { promoCode: 'The code you entered is not valid.' },
      },
    ],
  ])('%s', async (_name, promoCode, answer) => {
    expect(await answerTo(promoCode)).toEqual({ ...answer, intent: 'apply-promo' })
  })

  test('a body the pricing cannot read is still an answer the cart can show', async () => {
    const { status, data } = await apply('X'.repeat(PROMO_CODE_MAX_LENGTH + 1))
    expect(status).toBe(400)
    expect(data).toMatchObject({
      ok: false,
      toast: { title: 'Invalid Promo Code' },
      fieldErrors: { promoCode: 'The code you entered is not valid.' },
    })
  })

  test('a re-price with the same code has no toast: only Apply is told', async () => {
    const { status, data } = await postJson({ items: [item('a')], promoCode: 'NOPE' })
    expect(status).toBe(200)
    expect(data).toMatchObject({ promoValid: false, discountCents: 0 })
    expect(data).not.toHaveProperty('toast')
  })
})
