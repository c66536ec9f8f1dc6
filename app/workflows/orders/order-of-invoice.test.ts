import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createInvoice } from '#app/modules/invoices/index.server.ts'
import { createOrder, getOrderDetail, listOrderEvents } from '#app/modules/orders/index.server.ts'
import { type DemoPaymentProvider, setPaymentProvider } from '#app/modules/payments/index.server.ts'
import { shopSettings } from '#app/modules/settings/schema.server.ts'
import { caseyCustomer, insertUser } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { installDemoPayments } from '#tests/setup/demo-payments.ts'
import { handlePaymentEvent } from '../checkout/handle-payment-event.server.ts'
import { markInvoicePaidByCustomer } from '../declare-invoice-paid.server.ts'
import { payInvoice } from '../pay-invoice.server.ts'
import { saveInvoice } from '../save-invoice.server.ts'
import { cancelOrder } from './fulfil-order.server.ts'

// An order placed on /order is paid through its invoice (issue 12, point 2): whichever way the
// invoice is paid (Pay Now, the customer's Mark as Paid, the shop's Save), the order is paid too and
// leaves 'pending' for the shop's paid-order status, so the two never disagree.

const database = testDatabaseForFile()
let provider: DemoPaymentProvider
const customer = { id: '', email: caseyCustomer.email }
const admin = { id: '', label: 'admin@example.com' }

beforeAll(async () => {
  customer.id = (await insertUser(database.db, caseyCustomer)).id
  admin.id = (await insertUser(database.db, { email: admin.label, name: 'Admin' })).id
})

beforeEach(() => {
  provider = installDemoPayments()
})

afterAll(async () => {
  setPaymentProvider(null)
})

/** An order as /order places it: unpaid, 'pending', with its unpaid invoice. */
async function unpaidOrderWithInvoice() {
  const order = await createOrder({
    userId: customer.id,
    email: customer.email,
    shippingAddress: null,
    lines: [
      {
        // A line whose product was deleted since: orders keep their lines.
        productId: null as unknown as string,
        title: 'Bracket',
        variation: null,
        quantity: 2,
        unitPriceCents: 1250,
        totalPriceCents: 2500,
      },
    ],
    subtotalCents: 2500,
    discountCents: 0,
    shippingCents: 0,
    totalCents: 2500,
    promoCode: null,
    paymentSessionId: null,
    testPayment: false,
    payment: null,
  })
  const invoice = await createInvoice({
    userId: customer.id,
    email: customer.email,
    orderId: order.id,
    status: 'unpaid',
    items: [{ productId: null, description: 'Bracket', quantity: 2, unitPriceCents: 1250 }],
  })
  return { orderId: order.id, invoiceId: invoice.id }
}

async function orderState(orderId: string) {
  const order = await getOrderDetail(orderId)
  const events = await listOrderEvents(orderId)
  return {
    status: order?.status,
    paymentStatus: order?.paymentStatus,
    paymentProvider: order?.paymentProvider,
    paymentReference: order?.paymentReference,
    paid: order?.paidAt instanceof Date,
    paidBy: events.filter((event) => event.kind === 'paid').map((event) => event.actorLabel),
  }
}

describe('an order paid through its invoice', () => {
  test('starts unpaid and pending', async () => {
    const { orderId } = await unpaidOrderWithInvoice()
    expect(await orderState(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', paid: false })
  })

  test('the customer’s Mark as Paid makes it paid and processing, recorded as theirs', async () => {
    const { orderId, invoiceId } = await unpaidOrderWithInvoice()
    expect(await markInvoicePaidByCustomer(invoiceId, { id: customer.id })).toMatchObject({ ok: true })
    expect(await orderState(orderId)).toEqual({
      status: 'processing',
      paymentStatus: 'paid',
      paymentProvider: null,
      paymentReference: null,
      paid: true,
      paidBy: ['Customer (declared paid)'],
    })
  })

  test('Pay Now through the provider makes it a test payment with the provider’s reference', async () => {
    const { orderId, invoiceId } = await unpaidOrderWithInvoice()
    const opened = await payInvoice(invoiceId, { id: customer.id, email: customer.email })
    if (!opened.ok) throw new Error(opened.message)
    const delivery = await provider.completeDemoCheckout(opened.url.replace('/demo-checkout/', ''))
    expect(await handlePaymentEvent('demo', await provider.parseEvent(delivery.body, delivery.signature))).toEqual({
      outcome: 'invoice-paid',
      invoiceId,
    })
    const state = await orderState(orderId)
    expect(state).toMatchObject({ status: 'processing', paymentStatus: 'test', paymentProvider: 'demo', paid: true })
    expect(state.paymentReference).toMatch(/^pi_demo_/)
    expect(state.paidBy).toEqual(['Pay Now'])
  })

  test('the shop’s Save with status paid follows the shop’s paid-order status, once', async () => {
    await database.db.update(shopSettings).set({ paidOrderStatus: 'shipped' })
    try {
      const { orderId, invoiceId } = await unpaidOrderWithInvoice()
      const form = {
        userId: customer.id,
        status: 'paid' as const,
        items: [{ productId: null, description: 'Bracket', quantity: 2, unitPriceCents: 1250 }],
      }
      expect(await saveInvoice(form, { invoiceId, actor: admin })).toMatchObject({ ok: true })
      expect(await orderState(orderId)).toMatchObject({
        status: 'shipped',
        paymentStatus: 'paid',
        paidBy: [admin.label],
      })
      // Saving the paid invoice again records no second payment.
      expect(await saveInvoice(form, { invoiceId, actor: admin })).toMatchObject({ ok: true })
      expect((await orderState(orderId)).paidBy).toEqual([admin.label])
    } finally {
      await database.db.update(shopSettings).set({ paidOrderStatus: 'processing' })
    }
  })

  test('the invoice of a cancelled order cannot be paid with Pay Now or marked paid', async () => {
    const { orderId, invoiceId } = await unpaidOrderWithInvoice()
    expect(await cancelOrder(orderId, { refund: false }, { id: admin.id, label: admin.label })).toMatchObject({
      ok: true,
    })
    expect(await payInvoice(invoiceId, { id: customer.id, email: customer.email })).toEqual({
      ok: false,
      message: 'This order was cancelled, so its invoice can no longer be paid.',
    })
    expect(await markInvoicePaidByCustomer(invoiceId, { id: customer.id })).toEqual({
      ok: false,
      reason: 'order-cancelled',
    })
    // Someone else learns nothing about it.
    expect(await markInvoicePaidByCustomer(invoiceId, { id: admin.id })).toEqual({ ok: false, reason: 'not-found' })
    expect(await orderState(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' })
  })

  test('an invoice of no order changes no order', async () => {
    const { orderId } = await unpaidOrderWithInvoice()
    const loose = await createInvoice({
      userId: customer.id,
      email: customer.email,
      status: 'unpaid',
      items: [{ productId: null, description: 'Scan', quantity: 1, unitPriceCents: 900 }],
    })
    expect(await markInvoicePaidByCustomer(loose.id, { id: customer.id })).toMatchObject({ ok: true })
    expect(await orderState(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' })
  })
})
