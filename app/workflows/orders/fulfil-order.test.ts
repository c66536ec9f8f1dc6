import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { products } from '#app/modules/catalog/schema.server.ts'
import { createInvoice, createPaidInvoice, findInvoiceOfOrder } from '#app/modules/invoices/index.server.ts'
import { invoices } from '#app/modules/invoices/schema.server.ts'
import { mailOutbox } from '#app/modules/mail/schema.server.ts'
import {
  createOrder,
  getOrderDetail,
  listOrderEvents,
  lockOrder,
  markOrderPaid,
  type OrderActor,
} from '#app/modules/orders/index.server.ts'
import { orderEvents, orders } from '#app/modules/orders/schema.server.ts'
import { createStripeProvider, getPaymentProvider, setPaymentProvider } from '#app/modules/payments/index.server.ts'
import { emptyAddress } from '#app/rules/address.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { readToast } from '#app/utils/toast.server.ts'
import { stockOf } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { createTestAccount, type TestAccount } from '#tests/setup/test-accounts.ts'
import { action, loader } from '../../routes/admin/orders/order-detail.tsx'
import { cancelOrder, changeInternalNote, changeOrderStatus, refundOrder, shipOrder } from './fulfil-order.server.ts'
import {
  resendOrderConfirmation,
  sendOrderCancelledMail,
  sendOrderRefundedMail,
  sendOrderShippedMail,
} from './order-mails.server.ts'
import { loadAdminOrderPage, loadCustomerOrderPage } from './order-page.server.ts'

// Fulfilling an order from the back-office (issue 12): refunds in part or in full through the
// payment provider that took the money (the demo provider here, as in every test run without a
// Stripe key) or recorded by hand for a payment outside the shop, cancelling with the stock given
// back, shipping, any status from any other, the internal note, the order pages (the customer's
// never shows the shop's note, nor anyone else's order) and the e-mails each step stores in the
// outbox. The /admin/orders/{id} action is called as React Router would, with a signed-in admin:
// bad input answers with a destructive toast and changes nothing. Every change runs under the
// order's row lock; on PostgreSQL (`npm run test:pg`) the two concurrent refunds really race.
const database = testDatabaseForFile()
let admin: TestAccount
let casey: TestAccount
let robin: TestAccount
let actor: OrderActor
const unknownId = '00000000-0000-4000-8000-000000000000'
const demoReference = () => `pi_demo_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`

beforeAll(async () => {
  resetAuth()
  admin = await createTestAccount(database, 'alex@example.com', { admin: true, name: 'Alex Admin' })
  casey = await createTestAccount(database, 'casey@example.com', { name: 'Casey Customer' })
  robin = await createTestAccount(database, 'robin@example.com', { name: 'Robin' })
  actor = { id: admin.id, label: admin.email }
})

afterAll(async () => {
  resetAuth()
})

async function addProduct(title: string, stockQuantity: number) {
  const [row] = await database.db
    .insert(products)
    .values({ title, priceCents: 1500, stockQuantity })
    .returning({ id: products.id })
  return row.id
}

type LineInput = { productId: string | null; title: string; quantity: number; unitPriceCents: number }

type PlaceOptions = {
  userId?: string | null
  email?: string | null
  /** The payment taken at checkout; null for an unpaid order (its invoice still to pay). */
  payment?: { provider: string; reference: string | null } | null
  testPayment?: boolean
  lines?: LineInput[]
  shippingCents?: number
  /** Whether the order gets its invoice (paid with the order, unpaid without a payment). */
  invoice?: boolean
}

/**
 * An order as checkout or /order stores it: paid through the demo checkout unless told otherwise
 * (payment null: unpaid), with its invoice linked by invoices.order_id.
 */
async function placeOrder(options: PlaceOptions = {}) {
  const userId = options.userId === undefined ? casey.id : options.userId
  const email = options.email === undefined ? casey.email : options.email
  const payment = options.payment === undefined ? { provider: 'demo', reference: demoReference() } : options.payment
  const lines = (options.lines ?? [{ productId: null, title: 'Phone Case', quantity: 3, unitPriceCents: 1500 }]).map(
    (line) => ({
      productId: line.productId as string,
      title: line.title,
      variation: null,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalPriceCents: line.quantity * line.unitPriceCents,
    }),
  )
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalPriceCents, 0)
  const shippingCents = options.shippingCents ?? 500
  const totalCents = subtotalCents + shippingCents
  const testPayment = options.testPayment ?? payment?.provider === 'demo'
  const order = await createOrder({
    userId,
    email,
    shippingAddress: { ...emptyAddress, name: 'Casey Customer', street: '1 Printer Way', city: 'Austin', zip: '78701' },
    lines,
    subtotalCents,
    discountCents: 0,
    shippingCents,
    totalCents,
    promoCode: null,
    paymentSessionId: null,
    testPayment,
    payment: payment ? { ...payment, paidAt: new Date(), fulfilmentStatus: 'processing' } : null,
  })
  const items = lines.map((line) => ({
    productId: line.productId,
    description: line.title,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
  }))
  let invoiceId: string | null = null
  if (options.invoice !== false && payment) {
    invoiceId = (
      await createPaidInvoice({
        userId,
        email,
        orderId: order.id,
        totalCents,
        paymentDate: new Date(),
        paymentReference: payment.reference,
        testPayment,
        items,
      })
    ).id
  } else if (options.invoice !== false && userId) {
    invoiceId = (
      await createInvoice({
        userId,
        email,
        orderId: order.id,
        status: 'unpaid',
        items: [...items, { productId: null, description: 'Shipping', quantity: 1, unitPriceCents: shippingCents }],
      })
    ).id
  }
  return { ...order, totalCents, invoiceId }
}

async function orderRow(orderId: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId))
  return row
}

async function invoiceRefundedCents(orderId: string) {
  const rows = await database.db
    .select({ refundedCents: invoices.refundedCents })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
  return rows.map((row) => row.refundedCents)
}

/**
 * An order's history in the order it was written. order_events has no column that says so when
 * two events share a created_at (see the test 'events written in one transaction…'), so this
 * orders by PostgreSQL's own record of it: the writing transaction (xmin), then the statement
 * within it (cmin).
 */
async function eventsOf(orderId: string) {
  return database.db
    .select({
      kind: orderEvents.kind,
      actorId: orderEvents.actorId,
      actorLabel: orderEvents.actorLabel,
      message: orderEvents.message,
      details: orderEvents.details,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(sql`xmin::text::bigint`, sql`cmin::text::bigint`)
}

async function mailsTo(to: string) {
  return database.db
    .select({ subject: mailOutbox.subject, template: mailOutbox.template, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
}

/** Everything a refused request must leave as it was. */
async function snapshot() {
  const db = database.db
  return {
    orders: await db.select().from(orders).orderBy(orders.id),
    events: await db.select().from(orderEvents).orderBy(orderEvents.id),
    invoices: await db.select().from(invoices).orderBy(invoices.id),
    stock: await db.select({ id: products.id, stock: products.stockQuantity }).from(products).orderBy(products.id),
    outbox: (await db.select({ value: sql<number>`count(*)::int` }).from(mailOutbox))[0].value,
  }
}

/** Watches the shop's payment provider; a payment recorded by hand must never reach it. */
function watchRefunds() {
  const provider = getPaymentProvider()
  expect(provider.name).toBe('demo')
  return vi.spyOn(provider, 'refundPayment')
}

describe('refundOrder', () => {
  test('a part refund, then the rest: partially refunded, then refunded; the invoice and the history follow', async () => {
    const refunds = watchRefunds()
    const order = await placeOrder({ testPayment: false })
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', status: 'processing', refundedCents: 0 })

    const first = await refundOrder(order.id, { amountCents: 1500, reason: 'Scratched case' }, actor)
    expect(first).toEqual({
      ok: true,
      number: order.number,
      amountCents: 1500,
      refundedCents: 1500,
      paymentStatus: 'partially_refunded',
      refundId: expect.stringMatching(/^re_demo_[0-9a-f]{24}$/),
    })
    const [{ paymentReference }] = await database.db
      .select({ paymentReference: orders.paymentReference })
      .from(orders)
      .where(eq(orders.id, order.id))
    expect(refunds).toHaveBeenCalledWith({
      paymentReference,
      amountCents: 1500,
      idempotencyKey: `order-refund:${order.id}:0:1500`,
      reason: 'Scratched case',
    })
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 1500 })
    expect(await invoiceRefundedCents(order.id)).toEqual([1500])

    const rest = await refundOrder(order.id, { amountCents: 3500, reason: null }, actor)
    expect(rest).toMatchObject({ ok: true, refundedCents: 5000, paymentStatus: 'refunded' })
    expect(refunds).toHaveBeenLastCalledWith(
      expect.objectContaining({ amountCents: 3500, idempotencyKey: `order-refund:${order.id}:1500:3500` }),
    )
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 5000 })
    expect(await invoiceRefundedCents(order.id)).toEqual([5000])
    expect((await findInvoiceOfOrder(order.id))?.refundedCents).toBe(5000)

    const events = await eventsOf(order.id)
    expect(events.map((event) => event.kind)).toEqual(['placed', 'paid', 'refunded', 'refunded'])
    expect(events.slice(2)).toEqual([
      {
        kind: 'refunded',
        actorId: admin.id,
        actorLabel: 'alex@example.com',
        message: 'Refunded $15.00 (in part)',
        details: { amountCents: 1500, refundId: first.ok ? first.refundId : 'missing', reason: 'Scratched case' },
      },
      {
        kind: 'refunded',
        actorId: admin.id,
        actorLabel: 'alex@example.com',
        message: 'Refunded $35.00 (in full)',
        details: { amountCents: 3500, refundId: expect.stringMatching(/^re_demo_/), reason: null },
      },
    ])

    // Nothing is left: another refund is refused and reaches no provider.
    const before = await snapshot()
    expect(await refundOrder(order.id, { amountCents: 1, reason: null }, actor)).toEqual({
      ok: false,
      status: 409,
      message: 'This order has no payment to refund.',
    })
    expect(refunds).toHaveBeenCalledTimes(2)
    expect(await snapshot()).toEqual(before)
  })

  test('a demo checkout (test payment) is refunded through the demo provider the same way', async () => {
    const order = await placeOrder({ testPayment: true })
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'test', testPayment: true })
    expect(await refundOrder(order.id, { amountCents: order.totalCents, reason: null }, actor)).toMatchObject({
      ok: true,
      refundedCents: order.totalCents,
      paymentStatus: 'refunded',
    })
    expect(await invoiceRefundedCents(order.id)).toEqual([order.totalCents])
  })

  test('more than is left is refused with 400, saying how much is left, and changes nothing', async () => {
    const order = await placeOrder()
    expect(await refundOrder(order.id, { amountCents: 1000, reason: null }, actor)).toMatchObject({ ok: true })
    const refunds = watchRefunds()
    const before = await snapshot()
    expect(await refundOrder(order.id, { amountCents: 4001, reason: null }, actor)).toEqual({
      ok: false,
      status: 400,
      message: 'You can refund at most $40.00 of this order.',
    })
    expect(refunds).not.toHaveBeenCalled()
    expect(await snapshot()).toEqual(before)
    // Exactly what is left is fine.
    expect(await refundOrder(order.id, { amountCents: 4000, reason: null }, actor)).toMatchObject({
      ok: true,
      refundedCents: 5000,
      paymentStatus: 'refunded',
    })
  })

  test.each([
    {
      name: 'an unpaid order has no payment to refund (409)',
      placed: { payment: null },
      placedAs: { status: 'pending', paymentStatus: 'unpaid' },
      amountCents: 100,
      refused: { status: 409, message: 'This order has no payment to refund.' },
      providerAsked: false,
    },
    {
      name: "a payment taken by another provider than the shop's is refused (409): refund it there",
      placed: { payment: { provider: 'stripe', reference: 'pi_3Qx7StripeReal' }, testPayment: false },
      amountCents: 500,
      refused: {
        status: 409,
        message: "This order was paid through stripe, which is not the shop's payment provider now. Refund it there.",
      },
      providerAsked: false,
    },
    {
      name: 'a payment the provider does not know is answered 502 with its reason, and nothing is recorded',
      placed: { payment: { provider: 'demo', reference: 'pi_unknown_1' } },
      amountCents: 500,
      refused: { status: 502, message: 'The payment provider refused: No such demo payment' },
      providerAsked: true,
    },
  ] satisfies {
    name: string
    placed: PlaceOptions
    placedAs?: object
    amountCents: number
    refused: object
    providerAsked: boolean
  }[])('$name', async ({ placed, placedAs = {}, amountCents, refused, providerAsked }) => {
    const order = await placeOrder(placed)
    expect(await orderRow(order.id)).toMatchObject(placedAs)
    const refunds = watchRefunds()
    const before = await snapshot()
    expect(await refundOrder(order.id, { amountCents, reason: null }, actor)).toEqual({ ok: false, ...refused })
    expect(refunds).toHaveBeenCalledTimes(providerAsked ? 1 : 0)
    expect(await snapshot()).toEqual(before)
  })

  test('a payment recorded by hand (markOrderPaid, no provider) is refunded without calling the provider', async () => {
    const order = await placeOrder({ payment: null })
    const paid = await database.db.transaction((tx) =>
      markOrderPaid(
        order.id,
        { provider: null, reference: null, paidAt: new Date(), testPayment: false, fulfilmentStatus: 'processing' },
        actor,
        tx,
      ),
    )
    expect(paid).toBe(true)
    expect(await orderRow(order.id)).toMatchObject({
      status: 'processing',
      paymentStatus: 'paid',
      paymentProvider: null,
      paymentReference: null,
      paidAt: expect.any(Date),
    })
    // Paid once: marking it again, or an unknown order, changes nothing.
    const again = { provider: 'demo', reference: 'pi_demo_x', paidAt: new Date(), testPayment: true }
    expect(
      await database.db.transaction((tx) =>
        markOrderPaid(order.id, { ...again, fulfilmentStatus: 'processing' }, actor, tx),
      ),
    ).toBe(false)
    expect(
      await database.db.transaction((tx) =>
        markOrderPaid(unknownId, { ...again, fulfilmentStatus: 'processing' }, actor, tx),
      ),
    ).toBe(false)
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', paymentProvider: null })

    const refunds = watchRefunds()
    const refunded = await refundOrder(order.id, { amountCents: 2000, reason: 'Goodwill' }, actor)
    expect(refunded).toEqual({
      ok: true,
      number: order.number,
      amountCents: 2000,
      refundedCents: 2000,
      paymentStatus: 'partially_refunded',
      refundId: null,
    })
    expect(refunds).not.toHaveBeenCalled()
    expect(await invoiceRefundedCents(order.id)).toEqual([2000])
    const events = await eventsOf(order.id)
    expect(events.map((event) => [event.kind, event.actorLabel, event.message])).toEqual([
      ['placed', 'Customer', 'Order placed'],
      ['paid', 'alex@example.com', 'Payment received'],
      ['refunded', 'alex@example.com', 'Refunded $20.00 (in part)'],
    ])
    expect(events[2].details).toEqual({ amountCents: 2000, refundId: null, reason: 'Goodwill' })
  })

  test('an amount that is not a positive whole number of cents is refused, by hand or through the provider', async () => {
    const viaProvider = await placeOrder()
    const before = await snapshot()
    for (const amountCents of [0, -500, 12.5]) {
      expect(await refundOrder(viaProvider.id, { amountCents, reason: null }, actor)).toEqual({
        ok: false,
        status: 400,
        message: 'Enter an amount above 0.00.',
      })
    }
    expect(await snapshot()).toEqual(before)

    // The workflow checks the amount itself (not only the route's form): a payment recorded by
    // hand, which reaches no provider, is refused a refund of $0.00 too.
    const byHand = await placeOrder({ payment: null })
    await database.db.transaction((tx) =>
      markOrderPaid(
        byHand.id,
        { provider: null, reference: null, paidAt: new Date(), testPayment: false, fulfilmentStatus: 'processing' },
        actor,
        tx,
      ),
    )
    expect(await refundOrder(byHand.id, { amountCents: 0, reason: null }, actor)).toMatchObject({
      ok: false,
      status: 400,
    })
    expect(await orderRow(byHand.id)).toMatchObject({ refundedCents: 0, paymentStatus: 'paid' })
  })

  test('two refunds of the whole amount at once: the row lock lets one through, the other is refused', async () => {
    const order = await placeOrder()
    const refunds = watchRefunds()
    const results = await Promise.all([
      refundOrder(order.id, { amountCents: order.totalCents, reason: 'first' }, actor),
      refundOrder(order.id, { amountCents: order.totalCents, reason: 'second' }, actor),
    ])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, status: 409, message: 'This order has no payment to refund.' },
    ])
    expect(refunds).toHaveBeenCalledTimes(1)
    expect(await orderRow(order.id)).toMatchObject({ refundedCents: order.totalCents, paymentStatus: 'refunded' })
    expect(await invoiceRefundedCents(order.id)).toEqual([order.totalCents])
    expect((await eventsOf(order.id)).filter((event) => event.kind === 'refunded')).toHaveLength(1)
  })

  test('two part refunds at once that together exceed the payment: the second sees the first', async () => {
    const order = await placeOrder()
    const results = await Promise.all([
      refundOrder(order.id, { amountCents: 3000, reason: null }, actor),
      refundOrder(order.id, { amountCents: 3000, reason: null }, actor),
    ])
    expect(results.map((result) => result.ok).sort()).toEqual([false, true])
    expect(results.find((result) => !result.ok)).toEqual({
      ok: false,
      status: 400,
      message: 'You can refund at most $20.00 of this order.',
    })
    expect(await orderRow(order.id)).toMatchObject({ refundedCents: 3000, paymentStatus: 'partially_refunded' })
    expect(await invoiceRefundedCents(order.id)).toEqual([3000])
  })

  test('an unknown or malformed order id is not found (404)', async () => {
    for (const id of [unknownId, 'not-an-id', "1' or '1'='1", '']) {
      expect(await refundOrder(id, { amountCents: 100, reason: null }, actor)).toEqual({
        ok: false,
        status: 404,
        message: 'Order not found.',
      })
    }
  })
})

describe('cancelOrder', () => {
  test('gives the stock back and, with refund, refunds all that is left of the payment', async () => {
    const bracket = await addProduct('Shelf Bracket', 10)
    const hook = await addProduct('Wall Hook', 4)
    const order = await placeOrder({
      lines: [
        { productId: bracket, title: 'Shelf Bracket', quantity: 3, unitPriceCents: 1000 },
        { productId: hook, title: 'Wall Hook', quantity: 2, unitPriceCents: 500 },
        // The product was deleted since: nothing to give back for this line.
        { productId: null, title: 'Old Clip', quantity: 1, unitPriceCents: 500 },
      ],
    })
    expect(order.totalCents).toBe(5000)
    expect(await refundOrder(order.id, { amountCents: 1000, reason: 'Late' }, actor)).toMatchObject({ ok: true })
    const refunds = watchRefunds()

    const result = await cancelOrder(order.id, { refund: true }, actor)
    expect(result).toEqual({ ok: true, number: order.number, refundedCents: 4000 })
    expect(refunds).toHaveBeenCalledTimes(1)
    expect(refunds).toHaveBeenCalledWith(expect.objectContaining({ amountCents: 4000, reason: 'Order cancelled' }))
    expect(await orderRow(order.id)).toMatchObject({
      status: 'cancelled',
      cancelledAt: expect.any(Date),
      paymentStatus: 'refunded',
      refundedCents: 5000,
    })
    expect(await invoiceRefundedCents(order.id)).toEqual([5000])
    expect(await stockOf(database.db, bracket)).toBe(13)
    expect(await stockOf(database.db, hook)).toBe(6)
    const events = (await eventsOf(order.id)).slice(-2)
    expect(events.map((event) => [event.kind, event.actorLabel, event.message])).toEqual([
      ['refunded', 'alex@example.com', 'Refunded $40.00 (in full)'],
      ['status', 'alex@example.com', 'Status: processing → cancelled'],
    ])
    expect(events[0].details).toMatchObject({ amountCents: 4000, reason: 'Order cancelled' })

    // Cancelling twice is refused and gives no stock back twice.
    const before = await snapshot()
    expect(await cancelOrder(order.id, { refund: true }, actor)).toEqual({
      ok: false,
      status: 409,
      message: 'This order is already cancelled.',
    })
    expect(await snapshot()).toEqual(before)
  })

  test('without refund the payment stays as it was', async () => {
    const mount = await addProduct('Bike Mount', 1)
    const order = await placeOrder({
      testPayment: false,
      lines: [{ productId: mount, title: 'Bike Mount', quantity: 2, unitPriceCents: 2000 }],
    })
    const refunds = watchRefunds()
    expect(await cancelOrder(order.id, { refund: false }, actor)).toEqual({
      ok: true,
      number: order.number,
      refundedCents: 0,
    })
    expect(refunds).not.toHaveBeenCalled()
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundedCents: 0 })
    expect(await invoiceRefundedCents(order.id)).toEqual([0])
    expect(await stockOf(database.db, mount)).toBe(3)
  })

  test('an unpaid order cancelled with refund asked: nothing to refund, the stock still comes back', async () => {
    const knob = await addProduct('Knob Set', 0)
    const order = await placeOrder({
      payment: null,
      lines: [{ productId: knob, title: 'Knob Set', quantity: 5, unitPriceCents: 899 }],
    })
    expect(await cancelOrder(order.id, { refund: true }, actor)).toEqual({
      ok: true,
      number: order.number,
      refundedCents: 0,
    })
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid', refundedCents: 0 })
    expect(await stockOf(database.db, knob)).toBe(5)
    expect((await eventsOf(order.id)).map((event) => event.message)).toEqual([
      'Order placed',
      'Status: pending → cancelled',
    ])
  })

  test('a cancellation whose refund cannot be made changes nothing at all', async () => {
    const lamp = await addProduct('Desk Lamp', 2)
    const order = await placeOrder({
      payment: { provider: 'stripe', reference: 'pi_3QxOther' },
      testPayment: false,
      lines: [{ productId: lamp, title: 'Desk Lamp', quantity: 1, unitPriceCents: 4500 }],
    })
    const before = await snapshot()
    expect(await cancelOrder(order.id, { refund: true }, actor)).toMatchObject({ ok: false, status: 409 })
    expect(await snapshot()).toEqual(before)
  })

  test.each(['shipped', 'delivered'] as const)(
    'a %s order cannot be cancelled (409); refund it instead',
    async (status) => {
      const stand = await addProduct(`Stand ${status}`, 7)
      const order = await placeOrder({
        lines: [{ productId: stand, title: 'Stand', quantity: 1, unitPriceCents: 4500 }],
      })
      expect(await changeOrderStatus(order.id, status, actor)).toMatchObject({ ok: true, changed: true })
      const before = await snapshot()
      expect(await cancelOrder(order.id, { refund: true }, actor)).toEqual({
        ok: false,
        status: 409,
        message: `This order is ${status}; refund it instead of cancelling it.`,
      })
      expect(await snapshot()).toEqual(before)
      expect(await stockOf(database.db, stand)).toBe(7)
    },
  )

  test('an unknown or malformed order is not found (404)', async () => {
    expect(await cancelOrder(unknownId, { refund: false }, actor)).toEqual({
      ok: false,
      status: 404,
      message: 'Order not found.',
    })
    expect(await cancelOrder('nope', { refund: true }, actor)).toMatchObject({ ok: false, status: 404 })
  })
})

describe('shipOrder', () => {
  test('records the carrier, tracking number and link, status shipped and when', async () => {
    const order = await placeOrder()
    const started = Date.now()
    const shipment = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://ups.com/t/1Z9' }
    expect(await shipOrder(order.id, shipment, actor)).toEqual({ ok: true, number: order.number })
    const row = await orderRow(order.id)
    expect(row).toMatchObject({ ...shipment, status: 'shipped' })
    expect(row.shippedAt?.getTime()).toBeGreaterThanOrEqual(started - 1000)
    const [event] = (await eventsOf(order.id)).slice(-1)
    expect(event).toEqual({
      kind: 'shipped',
      actorId: admin.id,
      actorLabel: 'alex@example.com',
      message: 'Shipped with UPS, tracking number 1Z999AA10123456784',
      details: shipment,
    })

    // A corrected shipment replaces the tracking; no link clears it.
    expect(
      await shipOrder(order.id, { carrier: 'USPS', trackingNumber: '9400', trackingUrl: null }, actor),
    ).toMatchObject({ ok: true })
    expect(await orderRow(order.id)).toMatchObject({ carrier: 'USPS', trackingNumber: '9400', trackingUrl: null })
  })

  test('a cancelled order cannot be shipped (409), nothing changes', async () => {
    const order = await placeOrder()
    expect(await cancelOrder(order.id, { refund: false }, actor)).toMatchObject({ ok: true })
    const before = await snapshot()
    expect(await shipOrder(order.id, { carrier: 'UPS', trackingNumber: '1Z', trackingUrl: null }, actor)).toEqual({
      ok: false,
      status: 409,
      message: 'A cancelled order cannot be shipped.',
    })
    expect(await snapshot()).toEqual(before)
  })
})

describe('changeOrderStatus', () => {
  test('to cancelled gives the stock back; out of cancelled takes it again', async () => {
    const clip = await addProduct('Cable Clips', 20)
    const order = await placeOrder({
      lines: [{ productId: clip, title: 'Cable Clips', quantity: 4, unitPriceCents: 500 }],
    })

    expect(await changeOrderStatus(order.id, 'cancelled', actor)).toEqual({
      ok: true,
      number: order.number,
      changed: true,
      status: 'cancelled',
      stockMoved: true,
    })
    expect(await stockOf(database.db, clip)).toBe(24)
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(Date) })
    // The payment is left alone: cancelling through the status menu refunds nothing.
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'test', refundedCents: 0 })

    expect(await changeOrderStatus(order.id, 'processing', actor)).toMatchObject({
      ok: true,
      changed: true,
      status: 'processing',
      stockMoved: true,
    })
    expect(await stockOf(database.db, clip)).toBe(20)

    // Between two statuses that are not cancelled, the stock stays.
    expect(await changeOrderStatus(order.id, 'delivered', actor)).toMatchObject({ changed: true, stockMoved: false })
    expect(await stockOf(database.db, clip)).toBe(20)
    expect(await orderRow(order.id)).toMatchObject({ status: 'delivered', deliveredAt: expect.any(Date) })

    expect((await eventsOf(order.id)).filter((event) => event.kind === 'status').map((event) => event.message)).toEqual(
      ['Status: processing → cancelled', 'Status: cancelled → processing', 'Status: processing → delivered'],
    )
  })

  test('the same status again changes nothing and records nothing', async () => {
    const order = await placeOrder()
    const before = await snapshot()
    expect(await changeOrderStatus(order.id, 'processing', actor)).toEqual({
      ok: true,
      number: order.number,
      changed: false,
      status: 'processing',
      stockMoved: false,
    })
    expect(await snapshot()).toEqual(before)
  })

  test('stock taken back never goes below zero', async () => {
    const rare = await addProduct('Rare Part', 1)
    const order = await placeOrder({
      lines: [{ productId: rare, title: 'Rare Part', quantity: 3, unitPriceCents: 100 }],
    })
    expect(await changeOrderStatus(order.id, 'cancelled', actor)).toMatchObject({ ok: true })
    expect(await stockOf(database.db, rare)).toBe(4)
    await database.db.update(products).set({ stockQuantity: 1 }).where(eq(products.id, rare))
    expect(await changeOrderStatus(order.id, 'pending', actor)).toMatchObject({ ok: true, stockMoved: true })
    expect(await stockOf(database.db, rare)).toBe(0)
  })

  test('an unknown order is not found (404)', async () => {
    expect(await changeOrderStatus(unknownId, 'shipped', actor)).toEqual({
      ok: false,
      status: 404,
      message: 'Order not found.',
    })
  })
})

describe('changeInternalNote', () => {
  test('saves the note, and an empty note clears it; both are in the history', async () => {
    const order = await placeOrder()
    expect(await changeInternalNote(order.id, 'Gift wrap, please', actor)).toEqual({ ok: true, number: order.number })
    expect((await orderRow(order.id)).internalNote).toBe('Gift wrap, please')
    expect(await changeInternalNote(order.id, '', actor)).toMatchObject({ ok: true })
    expect((await orderRow(order.id)).internalNote).toBeNull()
    expect((await eventsOf(order.id)).filter((event) => event.kind === 'note')).toEqual([
      {
        kind: 'note',
        actorId: admin.id,
        actorLabel: 'alex@example.com',
        message: 'Internal note changed',
        details: null,
      },
      {
        kind: 'note',
        actorId: admin.id,
        actorLabel: 'alex@example.com',
        message: 'Internal note removed',
        details: null,
      },
    ])
    expect(await changeInternalNote(unknownId, 'x', actor)).toMatchObject({ ok: false, status: 404 })
  })
})

describe('reading an order', () => {
  test('getOrderDetail has the lines by title; lockOrder the lines to give back', async () => {
    const part = await addProduct('Hinge', 3)
    const order = await placeOrder({
      lines: [
        { productId: part, title: 'Zip Hinge', quantity: 2, unitPriceCents: 700 },
        { productId: null, title: 'Adapter', quantity: 1, unitPriceCents: 300 },
      ],
    })
    const detail = await getOrderDetail(order.id)
    expect(detail).toMatchObject({
      id: order.id,
      number: order.number,
      userId: casey.id,
      status: 'processing',
      subtotalCents: 1700,
      totalCents: 2200,
      refundedCents: 0,
      paymentProvider: 'demo',
      paymentReference: expect.stringMatching(/^pi_demo_[0-9a-f]{24}$/),
      shippingAddress: { name: 'Casey Customer', street: '1 Printer Way', city: 'Austin', zip: '78701', line2: '' },
    })
    expect(detail?.lines.map((line) => [line.title, line.productId, line.quantity, line.totalPriceCents])).toEqual([
      ['Adapter', null, 1, 300],
      ['Zip Hinge', part, 2, 1400],
    ])
    const locked = await database.db.transaction((tx) => lockOrder(order.id, tx))
    expect(locked).toMatchObject({ id: order.id, paymentStatus: 'test', totalCents: 2200, testPayment: true })
    expect(locked?.lines).toHaveLength(2)
    expect(locked?.lines).toEqual(
      expect.arrayContaining([
        { productId: part, quantity: 2 },
        { productId: null, quantity: 1 },
      ]),
    )
  })

  test('an unknown or malformed id reads as nothing', async () => {
    for (const id of [unknownId, 'not-an-id', "'; drop table orders; --"]) {
      expect(await getOrderDetail(id)).toBeNull()
      expect(await listOrderEvents(id)).toEqual([])
      expect(await database.db.transaction((tx) => lockOrder(id, tx))).toBeNull()
    }
  })

  test('listOrderEvents is the history, oldest first', async () => {
    const order = await placeOrder()
    // Apart in time (the embedded database's clock counts milliseconds).
    const later = () => new Promise((resolve) => setTimeout(resolve, 5))
    await later()
    await shipOrder(order.id, { carrier: 'DHL', trackingNumber: 'JD01', trackingUrl: null }, actor)
    await later()
    await changeInternalNote(order.id, 'Fragile', actor)
    const events = await listOrderEvents(order.id)
    // Placed and paid may share their time: see the test below.
    expect(
      events
        .slice(0, 2)
        .map((event) => [event.kind, event.actorLabel])
        .sort(),
    ).toEqual([
      ['paid', 'Demo checkout'],
      ['placed', 'Customer'],
    ])
    expect(events.slice(2).map((event) => [event.kind, event.actorLabel])).toEqual([
      ['shipped', 'alex@example.com'],
      ['note', 'alex@example.com'],
    ])
    expect(events.find((event) => event.kind === 'paid')).toMatchObject({
      message: 'Test payment received (no money taken)',
      details: { amountCents: order.totalCents },
      createdAt: expect.any(Date),
    })
    expect(events[2].createdAt.getTime()).toBeGreaterThan(events[1].createdAt.getTime())
  })

  test('events written in one transaction keep the order they happened in', async () => {
    // Checkout creates the order and records 'placed' then 'paid' in one transaction; a
    // cancellation with refund records 'refunded' then 'status' in one. order_events.created_at
    // defaults to now(), the transaction's start, so every event of one transaction has the same
    // time: the history follows the events' sequence instead.
    const order = await database.db.transaction((tx) =>
      createOrder(
        {
          userId: casey.id,
          email: casey.email,
          shippingAddress: null,
          lines: [],
          subtotalCents: 1000,
          discountCents: 0,
          shippingCents: 0,
          totalCents: 1000,
          promoCode: null,
          paymentSessionId: null,
          testPayment: true,
          payment: { provider: 'demo', reference: demoReference(), paidAt: new Date(), fulfilmentStatus: 'processing' },
        },
        tx,
      ),
    )
    expect(await cancelOrder(order.id, { refund: true }, actor)).toMatchObject({ ok: true, refundedCents: 1000 })
    const written = (await eventsOf(order.id)).map((event) => event.kind)
    expect(written).toEqual(['placed', 'paid', 'refunded', 'status'])
    const listed = (await listOrderEvents(order.id)).map((event) => event.kind)
    expect([...listed].sort()).toEqual([...written].sort())
    expect(listed).toEqual(written)
  })
})

describe('the order pages', () => {
  test("the customer's page: their own order, its invoice, never the shop's note", async () => {
    const order = await placeOrder()
    await changeInternalNote(order.id, 'Secret: VIP customer', actor)
    await refundOrder(order.id, { amountCents: 700, reason: null }, actor)
    const page = await loadCustomerOrderPage(order.id, casey.id)
    expect(page).toMatchObject({
      order: { id: order.id, number: order.number, refundedCents: 700, paymentStatus: 'partially_refunded' },
      invoice: { id: order.invoiceId, status: 'paid', refundedCents: 700 },
    })
    expect(page?.order.lines).toEqual([expect.objectContaining({ title: 'Phone Case', quantity: 3, modelFile: null })])
    expect(page?.order).not.toHaveProperty('internalNote')
    expect(page).not.toHaveProperty('internalNote')
    expect(page).not.toHaveProperty('events')
    expect(JSON.stringify(page)).not.toContain('VIP')
  })

  test("another customer's order, an unknown and a malformed id all answer null alike", async () => {
    const order = await placeOrder()
    expect(await loadCustomerOrderPage(order.id, robin.id)).toBeNull()
    expect(await loadCustomerOrderPage(order.id, admin.id)).toBeNull()
    expect(await loadCustomerOrderPage(unknownId, casey.id)).toBeNull()
    expect(await loadCustomerOrderPage('not-an-id', casey.id)).toBeNull()
    expect(await loadCustomerOrderPage(`${order.id}x`, casey.id)).toBeNull()
    const guest = await placeOrder({ userId: null, email: 'guest@example.com' })
    expect(await loadCustomerOrderPage(guest.id, casey.id)).toBeNull()
    expect(await loadCustomerOrderPage(order.id, casey.id)).not.toBeNull()
  })

  test("the admin's page: the history, the customer and the internal note", async () => {
    const order = await placeOrder()
    await changeInternalNote(order.id, 'Call before shipping', actor)
    const page = await loadAdminOrderPage(order.id)
    expect(page).toMatchObject({
      order: { id: order.id, number: order.number },
      invoice: { id: order.invoiceId },
      internalNote: 'Call before shipping',
      customer: { id: casey.id, name: 'Casey Customer', email: 'casey@example.com', isGuest: false },
    })
    expect(page?.events.map((event) => event.kind).sort()).toEqual(['note', 'paid', 'placed'])
    expect(page?.order).not.toHaveProperty('internalNote')

    const guest = await placeOrder({ userId: null, email: 'guest@example.com', payment: null })
    expect(await loadAdminOrderPage(guest.id)).toMatchObject({
      invoice: null,
      internalNote: null,
      customer: { id: null, name: 'Casey Customer', email: 'guest@example.com', isGuest: true },
    })
    expect(await loadAdminOrderPage(unknownId)).toBeNull()
    expect(await loadAdminOrderPage('not-an-id')).toBeNull()
  })
})

describe('the order e-mails', () => {
  test('shipped, cancelled and refunded e-mails are stored in the outbox for the customer', async () => {
    const email = 'mailtest@example.com'
    const order = await placeOrder({ email, testPayment: false })
    const label = `#${order.number}`

    // Not shipped yet: there is no tracking to send.
    await sendOrderShippedMail(order.id)
    expect(await mailsTo(email)).toEqual([])

    await shipOrder(order.id, { carrier: 'UPS', trackingNumber: '1ZTRACK42', trackingUrl: null }, actor)
    await sendOrderShippedMail(order.id)
    await refundOrder(order.id, { amountCents: 1250, reason: 'Scuffed corner' }, actor)
    await sendOrderRefundedMail(order.id, { amountCents: 1250, reason: 'Scuffed corner' })
    await sendOrderCancelledMail(order.id, 0)
    const mails = await mailsTo(email)
    expect(mails.map((mail) => [mail.template, mail.subject])).toEqual([
      ['order-shipped', `Order ${label} has shipped`],
      ['order-refunded', `Refund of $12.50 for order ${label}`],
      ['order-cancelled', `Order ${label} cancelled`],
    ])
    expect(mails[0].text).toContain('1ZTRACK42')
    expect(mails[0].text).toContain(`/account/orders/${order.id}`)
    expect(mails[1].text).toContain('Scuffed corner')
    expect(mails[1].text).toContain('We refunded part of your order')
    expect(mails[2].text).toContain('No payment was refunded with this cancellation.')
  })

  test('an order without an e-mail gets none; unknown orders neither', async () => {
    const before = await snapshot()
    const order = await placeOrder({ userId: null, email: null, payment: null })
    const after = await snapshot()
    await sendOrderCancelledMail(order.id, 0)
    await sendOrderRefundedMail(order.id, { amountCents: 100, reason: null })
    await sendOrderCancelledMail(unknownId, 0)
    expect(await resendOrderConfirmation(order.id, null, actor)).toBe(false)
    expect(await resendOrderConfirmation(unknownId, null, actor)).toBe(false)
    expect((await snapshot()).outbox).toBe(before.outbox)
    expect(await snapshot()).toEqual(after)
  })

  test('resending the confirmation stores it and records it in the history', async () => {
    const email = 'resend@example.com'
    const paidOrder = await placeOrder({ email, testPayment: false })
    expect(await resendOrderConfirmation(paidOrder.id, paidOrder.invoiceId, actor)).toBe(true)
    const unpaidOrder = await placeOrder({ email, payment: null })
    expect(await resendOrderConfirmation(unpaidOrder.id, unpaidOrder.invoiceId, actor)).toBe(true)
    const mails = await mailsTo(email)
    expect(mails.map((mail) => [mail.template, mail.subject])).toEqual([
      ['order-confirmation', `Order #${paidOrder.number} confirmed`],
      ['order-confirmation', `Order #${unpaidOrder.number} placed: invoice due`],
    ])
    expect(mails[0].text).toContain(`/invoices/${paidOrder.invoiceId}`)
    const [event] = (await eventsOf(paidOrder.id)).slice(-1)
    expect(event).toEqual({
      kind: 'confirmation_sent',
      actorId: admin.id,
      actorLabel: 'alex@example.com',
      message: `Confirmation sent to ${email}`,
      details: null,
    })
  })
})

describe('the /admin/orders/{id} page', () => {
  type Outcome = {
    status: number
    ok?: boolean
    toast?: ActionResult['toast']
    location: string | null
    flash: { title: string; description?: string; variant?: string } | null
  }

  function request(orderId: string, form: Record<string, string> | undefined, cookie: string | null) {
    return new Request(`http://localhost:3000/admin/orders/${encodeURIComponent(orderId)}`, {
      method: form ? 'POST' : 'GET',
      headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}) },
      body: form ? new URLSearchParams(form) : undefined,
    })
  }

  /** A redirect's answer: where it goes and the toast its flash cookie carries. */
  async function redirectOutcome(response: Response): Promise<Outcome> {
    const setCookie = response.headers.get('set-cookie')
    const { toast } = setCookie
      ? await readToast(new Request('http://localhost:3000/', { headers: { cookie: setCookie.split(';')[0] } }))
      : { toast: null }
    return { status: response.status, location: response.headers.get('location'), flash: toast }
  }

  async function call(
    handler: typeof action | typeof loader,
    orderId: string,
    form?: Record<string, string>,
    cookie: string | null = admin.cookie,
  ): Promise<Outcome> {
    let answer: unknown
    try {
      answer = await handler({ request: request(orderId, form, cookie), params: { orderId }, context: {} } as never)
    } catch (thrown) {
      if (thrown instanceof Response) return redirectOutcome(thrown)
      throw thrown
    }
    if (answer instanceof Response) return redirectOutcome(answer)
    const { data, init } = answer as { data: ActionResult; init: ResponseInit | null }
    return { status: init?.status ?? 200, ...data, location: null, flash: null }
  }

  const post = (orderId: string, form: Record<string, string>, cookie?: string | null) =>
    call(action, orderId, form, cookie)

  test('the loader gives the admin the page; an unknown order goes back to the list with an error', async () => {
    const order = await placeOrder()
    const page = (await loader({
      request: request(order.id, undefined, admin.cookie),
      params: { orderId: order.id },
      context: {},
    } as never)) as Awaited<ReturnType<typeof loadAdminOrderPage>>
    expect(page).toMatchObject({ order: { id: order.id }, customer: { id: casey.id }, events: expect.any(Array) })
    for (const id of [unknownId, 'not-an-id']) {
      expect(await call(loader, id)).toEqual({
        status: 302,
        location: '/admin/orders',
        flash: { id: expect.any(String), title: 'Error', description: 'Order not found.', variant: 'destructive' },
      })
    }
  })

  test('a customer is sent away with Access Denied and changes nothing; a visitor is sent to log in', async () => {
    const order = await placeOrder()
    const before = await snapshot()
    for (const form of [
      { intent: 'refund', amount: '10.00' },
      { intent: 'cancel', refund: 'on' },
      { intent: 'ship', carrier: 'UPS', trackingNumber: '1Z' },
      { intent: 'note', note: 'mine now' },
    ] as Record<string, string>[]) {
      expect(await post(order.id, form, casey.cookie)).toMatchObject({
        status: 302,
        location: '/account',
        flash: { title: 'Access Denied', variant: 'destructive' },
      })
      expect(await post(order.id, form, null)).toMatchObject({
        status: 302,
        location: `/auth?tab=login&redirectTo=${encodeURIComponent(`/admin/orders/${order.id}`)}`,
      })
    }
    expect(await call(loader, order.id, undefined, casey.cookie)).toMatchObject({ status: 302, location: '/account' })
    expect(await snapshot()).toEqual(before)
  })

  test('ship, note, refund, resend, cancel and set-status each answer a success toast and do it', async () => {
    const email = 'routes@example.com'
    const shelf = await addProduct('Route Shelf', 5)
    const order = await placeOrder({
      email,
      testPayment: false,
      lines: [{ productId: shelf, title: 'Route Shelf', quantity: 2, unitPriceCents: 2000 }],
    })
    const label = `#${order.number}`

    expect(
      await post(order.id, {
        intent: 'ship',
        carrier: ' UPS ',
        trackingNumber: '1Z999',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
      }),
    ).toMatchObject({
      status: 200,
      ok: true,
      toast: {
        title: 'Order Shipped',
        description: `Order ${label} is marked shipped; the customer was e-mailed.`,
        variant: 'success',
      },
    })
    expect(await orderRow(order.id)).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
    })

    expect(await post(order.id, { intent: 'note', note: 'Left at the door' })).toMatchObject({
      status: 200,
      ok: true,
      toast: { title: 'Note Saved', description: `The note on order ${label} is saved.` },
    })
    expect((await orderRow(order.id)).internalNote).toBe('Left at the door')

    expect(await post(order.id, { intent: 'refund', amount: '12.50', reason: 'Late delivery' })).toMatchObject({
      status: 200,
      ok: true,
      toast: { title: 'Refund Issued', description: `$12.50 of order ${label} was refunded.`, variant: 'success' },
    })
    expect(await orderRow(order.id)).toMatchObject({ refundedCents: 1250, paymentStatus: 'partially_refunded' })
    expect(await invoiceRefundedCents(order.id)).toEqual([1250])

    expect(await post(order.id, { intent: 'resend-confirmation' })).toMatchObject({
      status: 200,
      ok: true,
      toast: { title: 'Confirmation Sent' },
    })

    expect(await post(order.id, { intent: 'set-status', status: 'processing' })).toMatchObject({
      status: 200,
      ok: true,
      toast: { title: 'Order Status Updated', description: `Order ${label} is processing.` },
    })
    expect(await post(order.id, { intent: 'cancel', refund: 'on' })).toMatchObject({
      status: 200,
      ok: true,
      toast: {
        title: 'Order Cancelled',
        description: `Order ${label} is cancelled and its stock is back. $32.50 was refunded.`,
      },
    })
    expect(await orderRow(order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundedCents: 4500,
    })
    expect(await invoiceRefundedCents(order.id)).toEqual([4500])
    expect(await stockOf(database.db, shelf)).toBe(7)

    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual([
      `Order ${label} has shipped`,
      `Refund of $12.50 for order ${label}`,
      `Order ${label} confirmed`,
      `Order ${label} cancelled`,
    ])
    expect((await eventsOf(order.id)).map((event) => [event.kind, event.actorLabel])).toEqual([
      ['placed', 'Customer'],
      ['paid', 'Demo checkout'],
      ['shipped', 'alex@example.com'],
      ['note', 'alex@example.com'],
      ['refunded', 'alex@example.com'],
      ['confirmation_sent', 'alex@example.com'],
      ['status', 'alex@example.com'],
      ['refunded', 'alex@example.com'],
      ['status', 'alex@example.com'],
    ])
  })

  const paid = () => placeOrder()
  const unpaid = () => placeOrder({ payment: null })
  const cancelled = async () => {
    const order = await placeOrder()
    await cancelOrder(order.id, { refund: false }, actor)
    return order
  }
  const shipped = async () => {
    const order = await placeOrder()
    await shipOrder(order.id, { carrier: 'UPS', trackingNumber: '1Z', trackingUrl: null }, actor)
    return order
  }
  type Case = [string, () => Promise<{ id: string }>, Record<string, string>, number, string]
  test.each<Case>([
    ['a shipment without carrier', paid, { intent: 'ship', trackingNumber: '1Z' }, 400, 'Enter the carrier.'],
    ['a blank carrier', paid, { intent: 'ship', carrier: '   ', trackingNumber: '1Z' }, 400, 'Enter the carrier.'],
    ['no tracking number', paid, { intent: 'ship', carrier: 'UPS' }, 400, 'Enter the tracking number.'],
    [
      'a tracking link on http',
      paid,
      { intent: 'ship', carrier: 'UPS', trackingNumber: '1Z', trackingUrl: 'http://ups.com/t' },
      400,
      'The tracking link must start with https://.',
    ],
    [
      'a javascript: tracking link',
      paid,
      { intent: 'ship', carrier: 'UPS', trackingNumber: '1Z', trackingUrl: 'javascript:alert(1)' },
      400,
      'The tracking link must start with https://.',
    ],
    [
      'shipping a cancelled order',
      cancelled,
      { intent: 'ship', carrier: 'UPS', trackingNumber: '1Z' },
      409,
      'A cancelled order cannot be shipped.',
    ],
    ['a refund of abc', paid, { intent: 'refund', amount: 'abc' }, 400, 'Enter the amount to refund, like 12.50.'],
    ['a refund of -5', paid, { intent: 'refund', amount: '-5' }, 400, 'Enter the amount to refund, like 12.50.'],
    ['a refund of 1.999', paid, { intent: 'refund', amount: '1.999' }, 400, 'Enter the amount to refund, like 12.50.'],
    ['a refund without amount', paid, { intent: 'refund' }, 400, 'Enter the amount to refund.'],
    ['a refund of 0', paid, { intent: 'refund', amount: '0' }, 400, 'Enter an amount above 0.00.'],
    ['a refund of 0.00', paid, { intent: 'refund', amount: '0.00' }, 400, 'Enter an amount above 0.00.'],
    [
      'a refund of more than was paid',
      paid,
      { intent: 'refund', amount: '50.01' },
      400,
      'You can refund at most $50.00 of this order.',
    ],
    [
      'a refund of an unpaid order',
      unpaid,
      { intent: 'refund', amount: '5' },
      409,
      'This order has no payment to refund.',
    ],
    ['cancelling a cancelled order', cancelled, { intent: 'cancel' }, 409, 'This order is already cancelled.'],
    [
      'cancelling a shipped order',
      shipped,
      { intent: 'cancel', refund: 'on' },
      409,
      'This order is shipped; refund it instead of cancelling it.',
    ],
    [
      'an unknown status',
      paid,
      { intent: 'set-status', status: 'lost' },
      400,
      'Choose a status: pending, processing, shipped, delivered or cancelled.',
    ],
    [
      'a note with a control character',
      paid,
      { intent: 'note', note: 'a\u0000b' },
      400,
      'Note contains a character that is not allowed.',
    ],
    ['an unknown intent', paid, { intent: 'delete' }, 400, 'Unknown request.'],
    ['no intent', paid, {}, 400, 'Unknown request.'],
    [
      'shipping an unknown order',
      async () => ({ id: unknownId }),
      { intent: 'ship', carrier: 'UPS', trackingNumber: '1Z' },
      404,
      'Order not found.',
    ],
    [
      'refunding an unknown order',
      async () => ({ id: unknownId }),
      { intent: 'refund', amount: '1' },
      404,
      'Order not found.',
    ],
    ['cancelling an unknown order', async () => ({ id: unknownId }), { intent: 'cancel' }, 404, 'Order not found.'],
    [
      'resending for an order without e-mail',
      () => placeOrder({ userId: null, email: null, payment: null }),
      { intent: 'resend-confirmation' },
      409,
      'This order has no e-mail address to send to, or the e-mail could not be stored.',
    ],
  ])('%s is refused with a destructive toast and changes nothing', async (_name, make, form, status, message) => {
    const order = await make()
    const before = await snapshot()
    const answer = await post(order.id, form)
    expect(answer).toMatchObject({ status, ok: false, toast: { title: 'Error', variant: 'destructive' } })
    expect(answer.toast?.description).toBe(message)
    expect(await snapshot()).toEqual(before)
  })

  test('a malformed order id goes back to the list with Order not found, whatever the intent', async () => {
    const before = await snapshot()
    for (const id of ['not-an-id', "1' or '1'='1", `${unknownId}0`]) {
      for (const form of [
        { intent: 'refund', amount: '1' },
        { intent: 'cancel', refund: 'on' },
        { intent: 'resend-confirmation' },
      ] as Record<string, string>[]) {
        expect(await post(id, form)).toEqual({
          status: 302,
          location: '/admin/orders',
          flash: { id: expect.any(String), title: 'Error', description: 'Order not found.', variant: 'destructive' },
        })
      }
    }
    // An unknown (well-formed) order's resend goes back to the list too: it has no page.
    expect(await post(unknownId, { intent: 'resend-confirmation' })).toMatchObject({
      status: 302,
      location: '/admin/orders',
    })
    expect(await snapshot()).toEqual(before)
  })

  test('a refund of a Stripe payment goes to Stripe (a local stand-in of its API) with an idempotency key', async () => {
    const refunds: { paymentIntent: string; amount: string; idempotencyKey: string }[] = []
    const standIn = createServer(async (request, response) => {
      let body = ''
      for await (const chunk of request) body += chunk
      const form = new URLSearchParams(body)
      if (request.method === 'POST' && request.url === '/v1/refunds') {
        refunds.push({
          paymentIntent: form.get('payment_intent') ?? '',
          amount: form.get('amount') ?? '',
          idempotencyKey: String(request.headers['idempotency-key'] ?? ''),
        })
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ id: `re_test_${refunds.length}`, object: 'refund', status: 'succeeded' }))
        return
      }
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Not stood in' } }))
    })
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve))
    const { port } = standIn.address() as AddressInfo
    setPaymentProvider(
      createStripeProvider({
        secretKey: 'sk_test_stand_in_0000000000',
        webhookSecret: 'whsec_test_stand_in_secret',
        stripeOptions: { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 },
      }),
    )
    try {
      const order = await placeOrder({
        payment: { provider: 'stripe', reference: 'pi_3QxStandIn' },
        testPayment: false,
      })
      const label = `#${order.number}`
      expect(await post(order.id, { intent: 'refund', amount: '7.50', reason: 'Scratched lid' })).toMatchObject({
        status: 200,
        ok: true,
        toast: { title: 'Refund Issued', description: `$7.50 of order ${label} was refunded.` },
      })
      expect(refunds).toEqual([{ paymentIntent: 'pi_3QxStandIn', amount: '750', idempotencyKey: expect.any(String) }])
      expect(refunds[0].idempotencyKey.length).toBeGreaterThan(8)
      expect(await orderRow(order.id)).toMatchObject({ refundedCents: 750, paymentStatus: 'partially_refunded' })
      expect(await invoiceRefundedCents(order.id)).toEqual([750])
      const mails = await mailsTo(casey.email)
      expect(mails.at(-1)).toMatchObject({ template: 'order-refunded', subject: `Refund of $7.50 for order ${label}` })
      expect(mails.at(-1)?.text).toContain('Scratched lid')
    } finally {
      setPaymentProvider(null)
      await new Promise((resolve) => standIn.close(resolve))
    }
  })
})
