import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { checkouts } from '#app/modules/orders/schema.server.ts'
import { type DemoPaymentProvider, setPaymentProvider } from '#app/modules/payments/index.server.ts'
import { action as checkoutAction } from '#app/routes/resources/checkout.ts'
import { insertProduct, insertUser, stockOf } from '#tests/factories/shop-records.ts'
import { installDemoPayments } from '#tests/setup/demo-payments.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { CHECKOUT_SESSION_MINUTES, HOLD_LIMITS, holdProblem } from './hold-limits.ts'
import { startCartCheckout } from './start-cart-checkout.server.ts'

// Nobody holds the stock hostage (issue 10.5): what one buyer may hold in unpaid checkouts.
const publicUrl = 'http://localhost:3000'
let database: TestDatabase
let provider: DemoPaymentProvider
let customerId = ''
let addresses = 0

beforeAll(async () => {
  database = await createTestDatabase()
  customerId = (await insertUser(database.db, { email: 'bulk@example.com', name: 'Bo Bulk' })).id
})

beforeEach(() => {
  provider = installDemoPayments()
})

afterAll(async () => {
  setPaymentProvider(null)
  await database?.close()
})

async function addProduct(title: string, stockQuantity: number) {
  return (await insertProduct(database.db, { title, priceCents: 1000, stockQuantity })).id
}

const newAddress = () => `203.0.113.${++addresses}`

function checkout(
  productId: string,
  quantity: number,
  who: { browserToken?: string; clientAddress: string; viewer?: { id: string; email: string } },
) {
  return startCartCheckout({
    items: [{ cartId: 'a', id: productId, title: 'Held Thing', quantity }],
    expectedTotalCents: quantity * 1000 + 500,
    viewer: who.viewer ?? null,
    browserToken: who.browserToken ?? null,
    clientAddress: who.clientAddress,
    publicUrl,
  })
}

const sessionIdOf = (result: Awaited<ReturnType<typeof startCartCheckout>>) => {
  if (!('url' in result)) throw new Error(result.message)
  return result.url.replace('/demo-checkout/', '')
}

describe('hold limits', () => {
  test('one guest request cannot reserve a product’s whole stock', async () => {
    const id = await addProduct('Whole Stock', 12)
    const refused = await checkout(id, 12, { browserToken: 'g1', clientAddress: newAddress() })
    expect(refused).toEqual({
      error: 'Checkout Error',
      message: `You can check out at most ${HOLD_LIMITS.guest.perProduct} of "Whole Stock" at a time. Sign in to order more, or contact us for a larger order.`,
    })
    expect(await stockOf(database.db, id)).toBe(12)
  })

  test('the same browser starting again releases its earlier checkout and its stock', async () => {
    const id = await addProduct('Second Thoughts', 12)
    const address = newAddress()
    const first = sessionIdOf(await checkout(id, 8, { browserToken: 'g2', clientAddress: address }))
    expect(await stockOf(database.db, id)).toBe(4)
    sessionIdOf(await checkout(id, 9, { browserToken: 'g2', clientAddress: address }))
    // 12 - 9: the first hold of 8 came back.
    expect(await stockOf(database.db, id)).toBe(3)
    expect((await provider.retrieveCheckout(first))?.status).toBe('expired')
    const open = await database.db.select().from(checkouts).where(eq(checkouts.holderKey, 'browser:g2'))
    expect(open.map((row) => row.status).sort()).toEqual(['expired', 'open'])
  })

  test('other browsers from the same address share the limit; another address does not', async () => {
    const id = await addProduct('Shared Limit', 40)
    const address = newAddress()
    sessionIdOf(await checkout(id, 7, { browserToken: 'g3', clientAddress: address }))
    expect(await checkout(id, 4, { browserToken: 'g4', clientAddress: address })).toMatchObject({
      error: 'Checkout Error',
      message: expect.stringContaining('at most 10 of "Shared Limit"'),
    })
    sessionIdOf(await checkout(id, 3, { browserToken: 'g4', clientAddress: address }))
    sessionIdOf(await checkout(id, 10, { browserToken: 'g5', clientAddress: newAddress() }))
    expect(await stockOf(database.db, id)).toBe(40 - 7 - 3 - 10)
  })

  test('a signed-in customer may hold a bulk order, up to the customer limits', async () => {
    const id = await addProduct('Bulk Order', 100)
    const viewer = { id: customerId, email: 'bulk@example.com' }
    sessionIdOf(await checkout(id, 40, { viewer, clientAddress: newAddress() }))
    expect(await stockOf(database.db, id)).toBe(60)
    expect(await checkout(id, HOLD_LIMITS.customer.perProduct + 1, { viewer, clientAddress: newAddress() })).toEqual({
      error: 'Checkout Error',
      message: `You can check out at most ${HOLD_LIMITS.customer.perProduct} of "Bulk Order" at a time. Contact us for a larger order.`,
    })
    // The refused attempt released nothing and reserved nothing.
    expect(await stockOf(database.db, id)).toBe(60)
  })

  test('a customer in two browsers keeps both checkouts, within one account’s limits', async () => {
    const id = await addProduct('Two Tabs', 200)
    const { id: userId, email } = await insertUser(database.db, { email: 'tabs@example.com', name: 'Tab Two' })
    const viewer = { id: userId, email }
    const laptop = sessionIdOf(await checkout(id, 30, { viewer, browserToken: 'laptop', clientAddress: newAddress() }))
    sessionIdOf(await checkout(id, 20, { viewer, browserToken: 'phone', clientAddress: newAddress() }))
    expect((await provider.retrieveCheckout(laptop))?.status).toBe('open')
    expect(await checkout(id, 1, { viewer, browserToken: 'tablet', clientAddress: newAddress() })).toMatchObject({
      message: expect.stringContaining('at most 50 of "Two Tabs"'),
    })
  })

  test('one client opens at most five checkouts a minute', async () => {
    const id = await addProduct('Busy Hands', 100)
    const address = newAddress()
    for (let n = 0; n < HOLD_LIMITS.guest.perMinute; n++) {
      sessionIdOf(await checkout(id, 1, { browserToken: `rate-${n}`, clientAddress: address }))
    }
    expect(await checkout(id, 1, { browserToken: 'rate-again', clientAddress: address })).toEqual({
      error: 'Too many requests',
      message: 'Please wait a minute before starting another checkout.',
    })
    sessionIdOf(await checkout(id, 1, { browserToken: 'rate-other', clientAddress: newAddress() }))
  })

  test('the stock is held no longer than the hosted session lasts', async () => {
    const id = await addProduct('Short Hold', 5)
    const started = Date.now()
    const sessionId = sessionIdOf(await checkout(id, 1, { browserToken: 'g6', clientAddress: newAddress() }))
    const [row] = await database.db.select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId))
    const minutes = (row.expiresAt.getTime() - started) / 60_000
    expect(minutes).toBeGreaterThanOrEqual(CHECKOUT_SESSION_MINUTES - 0.1)
    expect(minutes).toBeLessThanOrEqual(CHECKOUT_SESSION_MINUTES + 0.5)
  })

  test('the endpoint keeps a guest’s browser in a cookie of its own path, and answers 429 when busy', async () => {
    const id = await addProduct('Cookie Jar', 50)
    const post = (cookie: string | null, clientIp: string) =>
      checkoutAction({
        request: new Request(`${publicUrl}/resources/checkout-session`, {
          method: 'POST',
          body: JSON.stringify({ items: [{ cartId: 'a', id, quantity: 2 }], expectedTotalCents: 2500 }),
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        }),
        params: {},
        context: { clientIp },
      } as never) as Promise<Response>
    const address = newAddress()
    const first = await post(null, address)
    expect(first.status).toBe(200)
    const setCookie = first.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^lw_checkout_holder=[0-9a-f-]{36}; Path=\/resources\/checkout-session; /)
    expect(setCookie).toContain('HttpOnly')
    const cookie = setCookie.split(';')[0] as string
    // The same browser again: its first checkout is released, no new cookie.
    const second = await post(cookie, address)
    expect(second.headers.get('set-cookie')).toBeNull()
    expect(await stockOf(database.db, id)).toBe(48)
    for (let n = 0; n < 3; n++) expect((await post(cookie, address)).status).toBe(200)
    const busy = await post(cookie, address)
    expect(busy.status).toBe(429)
    expect(await busy.json()).toEqual({
      error: 'Too many requests',
      message: 'Please wait a minute before starting another checkout.',
    })
  })
})

describe('holdProblem', () => {
  const line = (productId: string, quantity: number) => ({ productId, title: productId, quantity })

  test('counts a product’s lines together, and what the buyer already holds', () => {
    expect(holdProblem('guest', [line('a', 6), line('a', 4)], new Map())).toBeNull()
    expect(holdProblem('guest', [line('a', 6), line('a', 5)], new Map())).toContain('at most 10 of "a"')
    expect(holdProblem('guest', [line('a', 6)], new Map([['a', 5]]))).toContain('at most 10 of "a"')
  })

  test('limits the total across products', () => {
    const lines = [line('a', 10), line('b', 10), line('c', 10)]
    expect(holdProblem('guest', lines, new Map())).toBeNull()
    expect(holdProblem('guest', lines, new Map([['d', 1]]))).toBe(
      'You can check out at most 30 items at a time. Sign in to order more, or contact us for a larger order.',
    )
  })
})
