import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import { invoices } from '#app/modules/invoices/schema.server.ts'
import { checkouts, orders } from '#app/modules/orders/schema.server.ts'
import { type CheckoutOutcome, type PaymentEvent, setPaymentProvider } from '#app/modules/payments/index.server.ts'
import { customerAddress, insertProduct } from '#tests/factories/shop-records.ts'
import { installDemoPayments } from '#tests/setup/demo-payments.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { handlePaymentEvent } from './handle-payment-event.server.ts'
import { startCartCheckout } from './start-cart-checkout.server.ts'

// Races the checkout issue names: many buyers at once for little stock, and provider events that
// arrive in another order than they happened. On PostgreSQL (`npm run test:pg`) the checkouts
// really run in parallel on separate connections.
const publicUrl = 'http://localhost:3000'
let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
})

beforeEach(() => {
  installDemoPayments()
})

afterAll(async () => {
  setPaymentProvider(null)
  await database?.close()
})

async function addProduct(title: string, stockQuantity: number) {
  return (await insertProduct(database.db, { title, priceCents: 1000, stockQuantity })).id
}

async function stockOf(id: string) {
  const [row] = await database.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, id))
  return row.stock
}

let buyers = 0

/** One checkout by a buyer of their own: another browser, from another address. */
function checkoutOf(productId: string, title: string) {
  buyers += 1
  return startCartCheckout({
    items: [{ cartId: 'a', id: productId, title, quantity: 1 }],
    expectedTotalCents: 1000 + 500,
    viewer: null,
    browserToken: `race-buyer-${buyers}`,
    clientAddress: `2001:db8::${buyers.toString(16)}`,
    publicUrl,
  })
}

/** A provider event for a session, as the demo provider's parser would hand it over. */
function eventFor(sessionId: string, id: string, type: PaymentEvent['type'], paid: boolean): PaymentEvent {
  const session: CheckoutOutcome = {
    id: sessionId,
    status: type === 'checkout.expired' ? 'expired' : 'complete',
    paymentStatus: paid ? 'paid' : 'unpaid',
    reference: null,
    amountTotalCents: 1500,
    customerEmail: 'race@example.com',
    shippingAddress: customerAddress,
    paymentReference: `pi_${id}`,
  }
  return { id, type, session, raw: { id, type } }
}

async function sessionOf(productId: string, title: string) {
  const started = await checkoutOf(productId, title)
  if (!('url' in started)) throw new Error(started.message)
  return started.url.replace('/demo-checkout/', '')
}

describe('concurrent checkouts', () => {
  test('two hundred buyers of a product with stock 10: exactly 10 are reserved, nothing is oversold', async () => {
    const productId = await addProduct('Limited Run Figurine', 10)
    const results = await Promise.all(Array.from({ length: 200 }, () => checkoutOf(productId, 'Limited Run Figurine')))
    const accepted = results.filter((result) => 'url' in result)
    const refused = results.filter((result) => !('url' in result))
    expect(accepted).toHaveLength(10)
    expect(refused).toHaveLength(190)
    for (const result of refused) expect(result).toMatchObject({ error: 'Checkout Error' })
    expect(await stockOf(productId)).toBe(0)
    const open = await database.db.select().from(checkouts).where(eq(checkouts.status, 'open'))
    const reserved = open
      .flatMap((checkout) => checkout.lines)
      .filter((line) => line.productId === productId)
      .reduce((sum, line) => sum + line.quantity, 0)
    expect(reserved).toBe(10)
  }, 120_000)
})

describe('provider events out of order', () => {
  test('an expiry that arrives after the payment changes nothing', async () => {
    const productId = await addProduct('Late Expiry Gear', 5)
    const sessionId = await sessionOf(productId, 'Late Expiry Gear')
    expect(await stockOf(productId)).toBe(4)

    const paid = await handlePaymentEvent('demo', eventFor(sessionId, 'evt_paid_1', 'checkout.completed', true))
    expect(paid).toMatchObject({ outcome: 'completed' })
    const late = await handlePaymentEvent('demo', eventFor(sessionId, 'evt_expired_1', 'checkout.expired', false))
    expect(late).toEqual({ outcome: 'unchanged' })

    // The stock stays sold and the order stays.
    expect(await stockOf(productId)).toBe(4)
    const placed = await database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId))
    expect(placed).toHaveLength(1)
  })

  test('a payment that arrives after the expiry still places the order and takes the stock again', async () => {
    const productId = await addProduct('Late Payment Gear', 5)
    const sessionId = await sessionOf(productId, 'Late Payment Gear')
    expect(await handlePaymentEvent('demo', eventFor(sessionId, 'evt_expired_2', 'checkout.expired', false))).toEqual({
      outcome: 'expired',
    })
    expect(await stockOf(productId)).toBe(5)

    // The customer was charged: the shop honours the payment.
    const paid = await handlePaymentEvent('demo', eventFor(sessionId, 'evt_paid_2', 'checkout.completed', true))
    if (paid.outcome !== 'completed') throw new Error(`expected an order, got ${paid.outcome}`)
    expect(await stockOf(productId)).toBe(4)
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.id, paid.invoiceId))
    expect(invoice).toMatchObject({ status: 'paid', paymentReference: 'pi_evt_paid_2', totalCents: 1500 })
  })

  test('an async success after a completed-but-unpaid event places the order once', async () => {
    const productId = await addProduct('Bank Transfer Gear', 5)
    const sessionId = await sessionOf(productId, 'Bank Transfer Gear')
    const waiting = eventFor(sessionId, 'evt_wait_3', 'checkout.completed', false)
    const succeeded = eventFor(sessionId, 'evt_async_3', 'checkout.async_payment_succeeded', true)

    // Delivered backwards: the success first, then the older "completed, not yet paid".
    expect(await handlePaymentEvent('demo', succeeded)).toMatchObject({ outcome: 'completed' })
    expect(await handlePaymentEvent('demo', waiting)).toEqual({ outcome: 'unchanged' })
    const placed = await database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId))
    expect(placed).toHaveLength(1)
    expect(await stockOf(productId)).toBe(4)
  })
})
