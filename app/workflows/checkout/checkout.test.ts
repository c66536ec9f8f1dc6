import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import { invoiceItems, invoices } from '#app/modules/invoices/schema.server.ts'
import { latestMailTo } from '#app/modules/mail/index.server.ts'
import { mailOutbox } from '#app/modules/mail/schema.server.ts'
import { checkouts, orderLines, orders } from '#app/modules/orders/schema.server.ts'
import { type DemoPaymentProvider, setPaymentProvider } from '#app/modules/payments/index.server.ts'
import { paymentEvents } from '#app/modules/payments/schema.server.ts'
import { action as checkoutAction } from '#app/routes/resources/checkout.ts'
import { action as webhookAction } from '#app/routes/webhooks/payments.ts'
import { bikeMount } from '#tests/factories/product-inputs.ts'
import {
  customerAddress,
  insertCheckout,
  insertProduct,
  insertPromotion,
  insertUser,
  stockOf,
} from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { installDemoPayments } from '#tests/setup/demo-payments.ts'
import { expireStaleCheckouts } from './expire-stale-checkouts.server.ts'
import { handlePaymentEvent } from './handle-payment-event.server.ts'
import { settleDemoCheckout } from './settle-demo-checkout.server.ts'
import { startCartCheckout } from './start-cart-checkout.server.ts'

const day = 24 * 60 * 60 * 1000
const publicUrl = 'http://localhost:3000'
const address = { ...customerAddress, country: 'US' }
const database = testDatabaseForFile()
let provider: DemoPaymentProvider
let clock: Date
const ids = { clips: '', mount: '', last: '', customer: '' }
let buyers = 0
/** A guest of their own: another browser, from another address. */
const buyer = () => {
  buyers += 1
  return { browserToken: `guest-${buyers}`, clientAddress: `198.51.100.${buyers}` }
}

beforeAll(async () => {
  const { db } = database
  ids.clips = (
    await insertProduct(db, {
      title: 'Cable Clips',
      priceCents: 899,
      priceType: 'tiered',
      tieredPricing: [{ quantity: 10, priceCents: 749 }],
      stockQuantity: 100,
    })
  ).id
  ids.mount = (await insertProduct(db, { ...bikeMount, stockQuantity: 20 })).id
  ids.last = (await insertProduct(db, { title: 'Last Gear', priceCents: 1000, stockQuantity: 1 })).id
  ids.customer = (await insertUser(db, { email: 'ada@example.com', name: 'Ada', shippingAddress: address })).id
  await insertPromotion(db, {
    name: 'Summer Sale',
    code: 'SUMMER15',
    value: 15,
    endDate: new Date(Date.now() + 7 * day),
  })
})

beforeEach(() => {
  clock = new Date()
  provider = installDemoPayments({ now: () => clock })
})

afterAll(async () => {
  setPaymentProvider(null)
})

async function count(table: typeof orders | typeof invoices | typeof paymentEvents) {
  return (await database.db.select().from(table)).length
}

function sessionIdOf(url: string) {
  return url.replace('/demo-checkout/', '')
}

/** A guest's demo checkout of `quantity` cable clips (8.99 each, 5.00 shipping), started: its session id. */
async function startClipsCheckout(quantity: number) {
  const started = await startCartCheckout({
    items: [{ cartId: 'a', id: ids.clips, quantity }],
    expectedTotalCents: quantity * 899 + 500,
    viewer: null,
    publicUrl,
    ...buyer(),
  })
  if (!('url' in started)) throw new Error(started.message)
  return sessionIdOf(started.url)
}

const cartItems = () => [
  { cartId: 'a', id: ids.clips, title: 'Cable Clips', quantity: 10 },
  { cartId: 'b', id: ids.mount, title: 'Bike Mount', quantity: 1, selectedVariation: { id: 'orange' } },
]
// 10 × 7.49 + 27.49 = 102.39; 15 % off = 15.36 (rounded); + 5.00 shipping
const expectedTotalCents = 7490 + 2749 - 1536 + 500

describe('startCartCheckout and handlePaymentEvent', () => {
  test('a customer checkout reserves stock and a demo payment places the order once', async () => {
    const viewer = { id: ids.customer, email: 'ada@example.com' }
    const started = await startCartCheckout({
      items: cartItems(),
      promoCode: 'summer15',
      expectedTotalCents,
      viewer,
      publicUrl,
      ...buyer(),
    })
    if (!('url' in started)) throw new Error(started.message)
    expect(started.url).toMatch(/^\/demo-checkout\/cs_demo_/)
    expect(await stockOf(database.db, ids.clips)).toBe(90)
    expect(await stockOf(database.db, ids.mount)).toBe(19)

    const sessionId = sessionIdOf(started.url)
    const session = await provider.retrieveDemoCheckout(sessionId)
    expect(session?.lines).toMatchObject([
      { name: 'Cable Clips', unitAmountCents: 749, quantity: 10 },
      { name: 'Bike Mount', unitAmountCents: 2749, quantity: 1, description: 'Safety Orange' },
    ])
    expect(session).toMatchObject({
      discount: { code: 'SUMMER15', amountCents: 1536 },
      shippingCents: 500,
      amountTotalCents: expectedTotalCents,
      customerEmail: 'ada@example.com',
      // The customer confirms (or changes) the address on the hosted page, too.
      collectShippingAddress: true,
      successUrl: `${publicUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${publicUrl}/cart?checkout=cancelled`,
    })

    const delivery = await provider.completeDemoCheckout(sessionId, { shippingAddress: address })
    expect(delivery.redirectUrl).toBe(`${publicUrl}/success?session_id=${sessionId}`)
    const event = await provider.parseEvent(delivery.body, delivery.signature)
    const result = await handlePaymentEvent('demo', event)
    if (result.outcome !== 'completed') throw new Error(`unexpected ${result.outcome}`)

    const [order] = await database.db.select().from(orders).where(eq(orders.id, result.orderId))
    // A paid order waits for the shop as 'processing' (the shop's default), never 'pending'.
    expect(order).toMatchObject({
      status: 'processing',
      paymentStatus: 'test',
      paymentProvider: 'demo',
      number: expect.any(Number),
      userId: ids.customer,
      email: 'ada@example.com',
      subtotalCents: 10239,
      discountCents: 1536,
      shippingCents: 500,
      totalCents: expectedTotalCents,
      promoCode: 'SUMMER15',
      paymentSessionId: sessionId,
      shippingAddress: address,
      // Paid through the demo checkout: nobody may ship it.
      testPayment: true,
    })
    const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id))
    expect(lines).toHaveLength(2)
    expect(lines.find((line) => line.productId === ids.mount)).toMatchObject({
      title: 'Bike Mount',
      variation: { id: 'orange', name: 'Safety Orange' },
      quantity: 1,
      unitPriceCents: 2749,
      totalPriceCents: 2749,
    })
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.id, result.invoiceId))
    expect(invoice).toMatchObject({
      status: 'paid',
      orderId: order.id,
      userId: ids.customer,
      totalCents: expectedTotalCents,
      paymentReference: event.session?.paymentReference,
      testPayment: true,
    })
    expect(invoice.paymentDate).toBeInstanceOf(Date)
    const items = await database.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id))
    expect(items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0)).toBe(expectedTotalCents)
    const [checkout] = await database.db.select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId))
    expect(checkout).toMatchObject({ status: 'completed', orderId: order.id })
    // Paying keeps the reservation: the stock stays lower.
    expect(await stockOf(database.db, ids.clips)).toBe(90)

    const confirmation = await latestMailTo('ada@example.com', 'order-confirmation')
    expect(confirmation?.text).toContain(`${publicUrl}/invoices/${invoice.id}`)
    // The invoice travels with it as a PDF.
    const [stored] = await database.db
      .select({ attachments: mailOutbox.attachments })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, confirmation?.id ?? ''))
    expect(stored?.attachments?.map((file) => [file.filename, file.contentType])).toEqual([
      [`invoice-${invoice.id.slice(0, 8)}.pdf`, 'application/pdf'],
    ])
    expect(
      Buffer.from(stored?.attachments?.[0]?.contentBase64 ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    const notice = await latestMailTo('shop@localhost', 'new-order')
    expect(notice?.subject).toBe(`[TEST PAYMENT] New order #${order.number}`)
    expect(notice?.text).toContain('Do not ship this order.')
    expect(confirmation?.subject).toBe(`[TEST PAYMENT] Order #${order.number} confirmed`)

    // The same event again (a webhook retry) changes nothing.
    const before = { orders: await count(orders), invoices: await count(invoices) }
    expect(await handlePaymentEvent('demo', event)).toEqual({ outcome: 'duplicate' })
    // A second completion of the same session (another event id) changes nothing either.
    const replay = await provider.parseEvent(
      delivery.body.replace(event.id, `${event.id}x`),
      provider.signDemoEvent(delivery.body.replace(event.id, `${event.id}x`)),
    )
    expect(await handlePaymentEvent('demo', replay)).toEqual({ outcome: 'unchanged' })
    expect({ orders: await count(orders), invoices: await count(invoices) }).toEqual(before)
  })

  test('a guest pays on the demo page with e-mail and shipping address', async () => {
    const started = await startCartCheckout({
      items: [{ cartId: 'a', id: ids.mount, quantity: 2, selectedVariation: { id: 'black' } }],
      promoCode: null,
      expectedTotalCents: 2 * 2499 + 500,
      viewer: null,
      publicUrl,
      ...buyer(),
    })
    if (!('url' in started)) throw new Error(started.message)
    const sessionId = sessionIdOf(started.url)
    expect(await provider.retrieveDemoCheckout(sessionId)).toMatchObject({
      customerEmail: null,
      collectShippingAddress: true,
    })
    const paid = await settleDemoCheckout(sessionId, {
      intent: 'pay',
      details: { email: 'grace@example.com', shippingAddress: address },
    })
    expect(paid).toEqual({ ok: true, redirectUrl: `${publicUrl}/success?session_id=${sessionId}` })
    const [order] = await database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId))
    expect(order).toMatchObject({ userId: null, email: 'grace@example.com', shippingAddress: address })
    expect(await latestMailTo('grace@example.com', 'order-confirmation')).not.toBeNull()
    // The settled session cannot be paid again.
    expect(await settleDemoCheckout(sessionId, { intent: 'cancel' })).toMatchObject({ ok: false, status: 410 })
  })

  test('a payment through a real provider is not a test payment', async () => {
    const started = await startCartCheckout({
      items: [{ cartId: 'a', id: ids.mount, quantity: 1, selectedVariation: { id: 'black' } }],
      promoCode: null,
      expectedTotalCents: 2499 + 500,
      viewer: null,
      publicUrl,
      ...buyer(),
    })
    if (!('url' in started)) throw new Error(started.message)
    const delivery = await provider.completeDemoCheckout(sessionIdOf(started.url), {
      email: 'real@example.com',
      shippingAddress: address,
    })
    // The same event as a card provider's webhook would carry it.
    const result = await handlePaymentEvent('stripe', await provider.parseEvent(delivery.body, delivery.signature))
    if (result.outcome !== 'completed') throw new Error(`unexpected ${result.outcome}`)
    const [order] = await database.db.select().from(orders).where(eq(orders.id, result.orderId))
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.id, result.invoiceId))
    expect({ order: order.testPayment, invoice: invoice.testPayment }).toEqual({ order: false, invoice: false })
    expect((await latestMailTo('real@example.com', 'order-confirmation'))?.subject).not.toContain('TEST PAYMENT')
  })

  test('two checkouts for the last item in stock: the second is refused as out of stock', async () => {
    const input = {
      items: [{ cartId: 'a', id: ids.last, title: 'Last Gear', quantity: 1 }],
      expectedTotalCents: 1500,
      viewer: null,
      publicUrl,
    }
    const [first, second] = await Promise.all([
      startCartCheckout({ ...input, ...buyer() }),
      startCartCheckout({ ...input, ...buyer() }),
    ])
    const results = [first, second]
    expect(results.filter((result) => 'url' in result)).toHaveLength(1)
    const refused = results.find((result) => !('url' in result))
    expect(refused).toMatchObject({ error: 'Checkout Error', message: expect.stringContaining('Last Gear') })
    expect(await stockOf(database.db, ids.last)).toBe(0)
    // A third, after the fact, is refused before reserving anything.
    expect(await startCartCheckout({ ...input, ...buyer() })).toEqual({
      error: 'Checkout Error',
      message: '"Last Gear" is out of stock. Remove it from your cart to continue.',
    })
  })

  test('a total different from the server total is refused and nothing is reserved', async () => {
    const openBefore = (await database.db.select().from(checkouts)).length
    const result = await startCartCheckout({
      items: cartItems(),
      promoCode: 'SUMMER15',
      expectedTotalCents: expectedTotalCents - 100,
      viewer: null,
      publicUrl,
      ...buyer(),
    })
    expect(result).toMatchObject({ error: 'Checkout Error', message: expect.stringContaining('changed') })
    expect((await database.db.select().from(checkouts)).length).toBe(openBefore)
    expect(await stockOf(database.db, ids.clips)).toBe(90)
  })

  test('an empty cart, a vanished product and too many items are refused', async () => {
    expect(await startCartCheckout({ items: [], expectedTotalCents: 0, viewer: null, publicUrl, ...buyer() })).toEqual({
      error: 'Cart is Empty',
      message: 'There are no items in your cart to check out.',
    })
    const gone = await startCartCheckout({
      items: [{ cartId: 'x', id: crypto.randomUUID(), title: 'Old Vase', quantity: 1 }],
      expectedTotalCents: 0,
      viewer: null,
      publicUrl,
      ...buyer(),
    })
    expect(gone).toMatchObject({ error: 'Checkout Error', message: expect.stringContaining('"Old Vase"') })
    const tooMany = await startCartCheckout({
      items: [{ cartId: 'a', id: ids.mount, quantity: 500, selectedVariation: { id: 'black' } }],
      expectedTotalCents: 500 * 2499 + 500,
      viewer: null,
      publicUrl,
      ...buyer(),
    })
    expect(tooMany).toMatchObject({
      error: 'Checkout Error',
      message: expect.stringMatching(/^Only \d+ of "Bike Mount"/),
    })
  })

  test('a line of a product with variations must name an existing one; nothing is reserved otherwise', async () => {
    const stock = await stockOf(database.db, ids.mount)
    const openBefore = (await database.db.select().from(checkouts)).length
    const start = (selectedVariation?: { id: string } | null) =>
      startCartCheckout({
        items: [{ cartId: 'a', id: ids.mount, title: 'Bike Mount', quantity: 1, selectedVariation }],
        expectedTotalCents: 2499 + 500,
        viewer: null,
        publicUrl,
        ...buyer(),
      })
    const selectionRequired = {
      error: 'Selection Required',
      message: 'Please select a product variation before adding to cart.',
    }
    expect(await start()).toEqual(selectionRequired)
    expect(await start(null)).toEqual(selectionRequired)
    expect(await start({ id: 'glow' })).toEqual({
      error: 'Checkout Error',
      message: '"Bike Mount" is no longer available. Remove it from your cart to continue.',
    })
    // A product without variations takes none.
    const clips = await startCartCheckout({
      items: [{ cartId: 'a', id: ids.clips, title: 'Cable Clips', quantity: 1, selectedVariation: { id: 'black' } }],
      expectedTotalCents: 899 + 500,
      viewer: null,
      publicUrl,
      ...buyer(),
    })
    expect(clips).toMatchObject({ error: 'Checkout Error', message: expect.stringContaining('"Cable Clips"') })
    expect(await stockOf(database.db, ids.mount)).toBe(stock)
    expect((await database.db.select().from(checkouts)).length).toBe(openBefore)
  })

  test('cancelling on the demo page releases the stock, once', async () => {
    const stock = await stockOf(database.db, ids.clips)
    const sessionId = await startClipsCheckout(3)
    expect(await stockOf(database.db, ids.clips)).toBe(stock - 3)
    expect(await settleDemoCheckout(sessionId, { intent: 'cancel' })).toEqual({
      ok: true,
      redirectUrl: `${publicUrl}/cart?checkout=cancelled`,
    })
    expect(await stockOf(database.db, ids.clips)).toBe(stock)
    const [checkout] = await database.db.select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId))
    expect(checkout.status).toBe('expired')
    // Expiring it later (the sweep, a late provider event) gives nothing back a second time.
    await expireStaleCheckouts(new Date(Date.now() + day))
    expect(await stockOf(database.db, ids.clips)).toBe(stock)
  })

  test('lapsed checkouts are expired by the sweep and give their stock back', async () => {
    const stock = await stockOf(database.db, ids.clips)
    await startClipsCheckout(4)
    expect(await stockOf(database.db, ids.clips)).toBe(stock - 4)
    expect(await expireStaleCheckouts()).toEqual({ expired: 0 })
    // The demo session lapses: the demo provider's event expires it.
    clock = new Date(Date.now() + 31 * 60_000)
    expect(await expireStaleCheckouts()).toEqual({ expired: 1 })
    expect(await stockOf(database.db, ids.clips)).toBe(stock)

    // A checkout whose provider never reported back is released after its expiry and a grace period.
    const orphan = await insertCheckout(database.db, {
      lines: [{ product: { id: ids.clips, title: 'Cable Clips' }, quantity: 2, unitPriceCents: 899 }],
      totalCents: 2298,
      expiresAt: new Date(Date.now() - 60_000),
    })
    await database.db
      .update(products)
      .set({ stockQuantity: stock - 2 })
      .where(eq(products.id, ids.clips))
    expect(await expireStaleCheckouts(new Date(Date.now() + 11 * 60_000))).toEqual({ expired: 1 })
    expect(await stockOf(database.db, ids.clips)).toBe(stock)
    const [row] = await database.db.select().from(checkouts).where(eq(checkouts.id, orphan.id))
    expect(row.status).toBe('expired')
  })
})

describe('the payments webhook', () => {
  async function post(providerName: string, body: string, signature: string | null) {
    const headers = new Headers({ 'content-type': 'application/json' })
    if (signature !== null) headers.set('demo-signature', signature)
    const request = new Request(`${publicUrl}/webhooks/payments/${providerName}`, { method: 'POST', body, headers })
    return webhookAction({ request, params: { provider: providerName }, context: {} } as never)
  }

  test('a bad signature is refused with 400 and changes nothing', async () => {
    const started = await startCartCheckout({
      items: [{ cartId: 'a', id: ids.mount, quantity: 1, selectedVariation: { id: 'black' } }],
      expectedTotalCents: 2499 + 500,
      viewer: null,
      publicUrl,
      ...buyer(),
    })
    if (!('url' in started)) throw new Error(started.message)
    const sessionId = sessionIdOf(started.url)
    const delivery = await provider.completeDemoCheckout(sessionId, {
      email: 'eve@example.com',
      shippingAddress: address,
    })
    const before = { orders: await count(orders), events: await count(paymentEvents) }

    const forged = await post('demo', delivery.body, '0'.repeat(64))
    expect(forged.status).toBe(400)
    expect((await post('demo', delivery.body, null)).status).toBe(400)
    expect((await post('demo', 'not json', provider.signDemoEvent('not json'))).status).toBe(400)
    expect((await post('stripe', delivery.body, delivery.signature)).status).toBe(404)
    expect({ orders: await count(orders), events: await count(paymentEvents) }).toEqual(before)
    const [checkout] = await database.db.select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId))
    expect(checkout.status).toBe('open')

    // The genuine delivery is accepted, once.
    const accepted = await post('demo', delivery.body, delivery.signature)
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toEqual({ received: true })
    expect(await count(orders)).toBe(before.orders + 1)
    expect((await post('demo', delivery.body, delivery.signature)).status).toBe(200)
    expect(await count(orders)).toBe(before.orders + 1)
  })
})

describe('the checkout-session endpoint', () => {
  async function post(body: string) {
    const request = new Request(`${publicUrl}/resources/checkout-session`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    })
    return checkoutAction({ request, params: {}, context: {} } as never)
  }

  test.each([
    ['not JSON', 'nope'],
    ['a negative quantity', JSON.stringify({ items: [{ cartId: 'a', id: 'b', quantity: -1 }], expectedTotalCents: 0 })],
    ['no expected total', JSON.stringify({ items: [] })],
  ])('answers 400 with a message to %s and changes nothing', async (_name, body) => {
    const before = (await database.db.select().from(checkouts)).length
    const response = await post(body)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: 'Checkout Error', message: expect.any(String) })
    expect((await database.db.select().from(checkouts)).length).toBe(before)
  })

  test('answers 409 with Selection Required for a line without its variation', async () => {
    const response = await post(
      JSON.stringify({ items: [{ cartId: 'a', id: ids.mount, quantity: 1 }], expectedTotalCents: 0 }),
    )
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({
      error: 'Selection Required',
      message: 'Please select a product variation before adding to cart.',
    })
  })

  test('answers the hosted checkout URL for a valid cart', async () => {
    const response = await post(
      JSON.stringify({
        items: [{ cartId: 'a', id: ids.mount, quantity: 1, selectedVariation: { id: 'black' } }],
        expectedTotalCents: 2499 + 500,
      }),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ url: expect.stringMatching(/^\/demo-checkout\/cs_demo_/) })
  })
})
