import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { invoiceItems, invoices } from '#app/modules/invoices/schema.server.ts'
import { mailOutbox } from '#app/modules/mail/schema.server.ts'
import { checkouts, orderLines, orders } from '#app/modules/orders/schema.server.ts'
import { type DemoPaymentProvider, setPaymentProvider } from '#app/modules/payments/index.server.ts'
import { paymentEvents } from '#app/modules/payments/schema.server.ts'
import { customerAddress, insertProduct, stockOf } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { installDemoPayments } from '#tests/setup/demo-payments.ts'
import { failInsertsInto, restoreInserts } from '#tests/setup/failing-inserts.ts'
import { handlePaymentEvent } from './handle-payment-event.server.ts'
import { startCartCheckout } from './start-cart-checkout.server.ts'

// Faults injected half-way (issue 16): a database trigger makes one table's inserts fail inside the
// workflow's transaction, as a full disk or a lost connection would. What was written before it in
// the same transaction must be gone, and the payment event, delivered again once the fault is
// removed, must be applied exactly once.
const database = testDatabaseForFile()
const address = { ...customerAddress, country: 'US' }
let provider: DemoPaymentProvider
let clips = ''
let buyers = 0

beforeAll(async () => {
  clips = (await insertProduct(database.db, { title: 'Cable Clips', priceCents: 899, stockQuantity: 100 })).id
})
beforeEach(() => {
  provider = installDemoPayments()
})
afterEach(async () => {
  await restoreInserts(database.db, checkouts)
  await restoreInserts(database.db, invoiceItems)
})
afterAll(() => setPaymentProvider(null))

/** A guest's checkout of `quantity` cable clips (8.99 each, 5.00 shipping). */
function startClipsCheckout(quantity: number) {
  buyers += 1
  return startCartCheckout({
    items: [{ cartId: 'a', id: clips, quantity }],
    expectedTotalCents: quantity * 899 + 500,
    viewer: null,
    publicUrl: 'http://localhost:3000',
    browserToken: `fault-guest-${buyers}`,
    clientAddress: `198.51.100.${buyers}`,
  })
}

async function counts() {
  const count = async (table: typeof orders | typeof orderLines | typeof invoices | typeof checkouts) => {
    const [row] = await database.db.select({ value: sql<number>`count(*)::int` }).from(table)
    return row.value
  }
  const [mails] = await database.db.select({ value: sql<number>`count(*)::int` }).from(mailOutbox)
  return {
    orders: await count(orders),
    orderLines: await count(orderLines),
    invoices: await count(invoices),
    checkouts: await count(checkouts),
    mails: mails.value,
  }
}

describe('a failure injected in the middle of order placement', () => {
  test('the checkout cannot be written after the stock was reserved: no checkout, the stock as it was', async () => {
    const before = await counts()
    await failInsertsInto(database.db, checkouts)
    await expect(startClipsCheckout(3)).rejects.toThrow()
    expect(await counts()).toEqual(before)
    expect(await stockOf(database.db, clips)).toBe(100)

    // With the fault removed, the same cart checks out and reserves its stock once.
    await restoreInserts(database.db, checkouts)
    const started = await startClipsCheckout(3)
    expect(started).toHaveProperty('url')
    expect(await stockOf(database.db, clips)).toBe(97)
    expect((await counts()).checkouts).toBe(before.checkouts + 1)
  })
})

describe('a failure injected in the middle of payment fulfilment', () => {
  test('no partial order, invoice or stock change; the event delivered again is applied exactly once', async () => {
    const started = await startClipsCheckout(2)
    if (!('url' in started)) throw new Error(started.message)
    const sessionId = started.url.replace('/demo-checkout/', '')
    const stockReserved = await stockOf(database.db, clips)
    const delivery = await provider.completeDemoCheckout(sessionId, {
      email: 'guest@example.com',
      shippingAddress: address,
    })
    const event = await provider.parseEvent(delivery.body, delivery.signature)
    const before = await counts()

    // The invoice's items fail: after the event was recorded and the order and its lines written.
    await failInsertsInto(database.db, invoiceItems)
    await expect(handlePaymentEvent('demo', event)).rejects.toThrow()
    expect(await counts()).toEqual(before)
    expect(await stockOf(database.db, clips)).toBe(stockReserved)
    const [checkout] = await database.db.select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId))
    expect(checkout).toMatchObject({ status: 'open', orderId: null })
    // Not recorded as handled, so the provider's retry is not taken for a replay.
    expect(await database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toEqual([])

    // The provider delivers it again once the fault is gone: one order, one invoice, stock taken once.
    await restoreInserts(database.db, invoiceItems)
    const applied = await handlePaymentEvent('demo', event)
    if (applied.outcome !== 'completed') throw new Error(`unexpected ${applied.outcome}`)
    expect(await handlePaymentEvent('demo', event)).toEqual({ outcome: 'duplicate' })
    const after = await counts()
    expect(after).toMatchObject({
      orders: before.orders + 1,
      orderLines: before.orderLines + 1,
      invoices: before.invoices + 1,
    })
    const placed = await database.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId))
    expect(placed).toHaveLength(1)
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.orderId, placed[0].id))
    expect(invoice).toMatchObject({ id: applied.invoiceId, status: 'paid', totalCents: 2 * 899 + 500 })
    expect(await database.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id))).toHaveLength(2)
    expect(await stockOf(database.db, clips)).toBe(stockReserved)
    expect(await database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toHaveLength(1)
  })
})
