import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { invoiceItems, invoicePayments, invoices } from '#app/modules/invoices/schema.server.ts'
import { mailOutbox } from '#app/modules/mail/schema.server.ts'
import { checkouts, orderEvents, orderLines, orders } from '#app/modules/orders/schema.server.ts'
import { type DemoPaymentProvider, setPaymentProvider } from '#app/modules/payments/index.server.ts'
import { paymentEvents } from '#app/modules/payments/schema.server.ts'
import {
  customerAddress,
  insertInvoice,
  insertOrder,
  insertProduct,
  insertUser,
  stockOf,
} from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { installDemoPayments } from '#tests/setup/demo-payments.ts'
import { failInsertsInto, restoreInserts } from '#tests/setup/failing-inserts.ts'
import { payInvoice } from '../pay-invoice.server.ts'
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
  await restoreInserts(database.db, orderEvents)
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

describe('a failure injected in the middle of an invoice payment (Pay Now)', () => {
  test("the order's paid event cannot be written: the invoice and its order stay unpaid; the event again pays them once", async () => {
    const payer = await insertUser(database.db, { email: 'payer@example.com', name: 'Pat' })
    const order = await insertOrder(database.db, {
      userId: payer.id,
      email: payer.email,
      lines: [{ productId: clips, title: 'Cable Clips', quantity: 4, unitPriceCents: 899 }],
    })
    const invoice = await insertInvoice(database.db, {
      userId: payer.id,
      email: payer.email,
      orderId: order.id,
      items: [{ description: 'Cable Clips', quantity: 4, unitPriceCents: 899 }],
    })
    const opened = await payInvoice(invoice.id, { id: payer.id, email: payer.email })
    if (!opened.ok) throw new Error(opened.message)
    const delivery = await provider.completeDemoCheckout(opened.url.replace('/demo-checkout/', ''))
    const event = await provider.parseEvent(delivery.body, delivery.signature)
    const state = async () => {
      const [invoiceRow] = await database.db
        .select({ status: invoices.status })
        .from(invoices)
        .where(eq(invoices.id, invoice.id))
      const [orderRow] = await database.db
        .select({ status: orders.status, paymentStatus: orders.paymentStatus })
        .from(orders)
        .where(eq(orders.id, order.id))
      const payments = await database.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id))
      const recorded = await database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))
      return { invoice: invoiceRow.status, order: orderRow, payments: payments.length, recorded: recorded.length }
    }
    const before = await state()
    expect(before).toMatchObject({ invoice: 'unpaid', order: { paymentStatus: 'unpaid' }, payments: 0, recorded: 0 })

    // The order's history line fails: after the event, the payment and the invoice were written.
    await failInsertsInto(database.db, orderEvents)
    await expect(handlePaymentEvent('demo', event)).rejects.toThrow()
    expect(await state()).toEqual(before)

    await restoreInserts(database.db, orderEvents)
    expect(await handlePaymentEvent('demo', event)).toEqual({ outcome: 'invoice-paid', invoiceId: invoice.id })
    expect(await handlePaymentEvent('demo', event)).toEqual({ outcome: 'duplicate' })
    expect(await state()).toMatchObject({
      invoice: 'paid',
      order: { paymentStatus: 'test' },
      payments: 1,
      recorded: 1,
    })
  })
})
