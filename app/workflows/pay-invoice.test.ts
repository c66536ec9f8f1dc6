import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { listFlaggedInvoicePayments, voidInvoice } from '#app/modules/invoices/index.server.ts'
import { invoicePaymentSessions, invoicePayments, invoices } from '#app/modules/invoices/schema.server.ts'
import { latestMailTo } from '#app/modules/mail/index.server.ts'
import {
  type ConfiguredPaymentProvider,
  type DemoPaymentProvider,
  setPaymentProvider,
} from '#app/modules/payments/index.server.ts'
import { action as invoiceAction, loader as invoiceLoader } from '#app/routes/account/invoice-detail.tsx'
import { loader as eventsLoader } from '#app/routes/resources/invoice-events.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { insertInvoice } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { installDemoPayments } from '#tests/setup/demo-payments.ts'
import { eventStreamOf } from '#tests/setup/event-stream.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { handlePaymentEvent } from './checkout/handle-payment-event.server.ts'
import { INVOICE_CHANGED_MESSAGE, MISSING_URL_MESSAGE, payInvoice } from './pay-invoice.server.ts'
import { saveInvoice } from './save-invoice.server.ts'

const database = testDatabaseForFile()
let provider: DemoPaymentProvider
let cookie = ''
let customerId = ''

beforeAll(async () => {
  ;({ id: customerId, cookie } = await createTestAccount(database, 'payer@example.com', { name: 'Pat Payer' }))
})

beforeEach(() => {
  provider = installDemoPayments()
})

afterAll(async () => {
  setPaymentProvider(null)
})

async function createUnpaidInvoice() {
  const invoice = await insertInvoice(database.db, {
    userId: customerId,
    email: 'payer@example.com',
    items: [
      { description: 'Custom print', quantity: 2, unitPriceCents: 1399 },
      { description: 'Design time', quantity: 1, unitPriceCents: 449 },
    ],
  })
  return invoice.id
}

function request(path: string, init: RequestInit = {}) {
  const headers = new Headers({ origin: 'http://localhost:3000', cookie })
  return new Request(`http://localhost:3000${path}`, { ...init, headers })
}

async function caught(promise: Promise<unknown>) {
  try {
    return await promise
  } catch (thrown) {
    return thrown
  }
}

async function invoiceRow(id: string) {
  const [row] = await database.db
    .select({ status: invoices.status, reference: invoices.paymentReference, paidAt: invoices.paymentDate })
    .from(invoices)
    .where(eq(invoices.id, id))
  return row
}

describe('payInvoice', () => {
  test('Pay Now opens a hosted session for the stored items, and its payment marks the invoice paid once', async () => {
    const id = await createUnpaidInvoice()
    const args = { params: { invoiceId: id }, context: {} }
    const page = await invoiceLoader({ ...args, request: request(`/invoices/${id}`) } as never)
    expect(page).toMatchObject({ canPay: true, invoice: { status: 'unpaid', billedTo: { name: 'Pat Payer' } } })

    // A total typed into the form is ignored: the server reads the items.
    const form = new URLSearchParams({ intent: 'pay', totalCents: '1' })
    const answer = await caught(
      invoiceAction({ ...args, request: request(`/invoices/${id}`, { method: 'POST', body: form }) } as never),
    )
    expect(answer).toBeInstanceOf(Response)
    const location = (answer as Response).headers.get('location') ?? ''
    expect(location).toMatch(/^\/demo-checkout\/cs_demo_/)
    const sessionId = location.replace('/demo-checkout/', '')
    const { PUBLIC_URL } = getEnv()
    expect(await provider.retrieveDemoCheckout(sessionId)).toMatchObject({
      reference: { kind: 'invoice', id },
      lines: [
        { name: 'Custom print', unitAmountCents: 1399, quantity: 2 },
        { name: 'Design time', unitAmountCents: 449, quantity: 1 },
      ],
      shippingCents: 0,
      amountTotalCents: 3247,
      customerEmail: 'payer@example.com',
      successUrl: `${PUBLIC_URL}/checkout?status=success&invoice_id=${id}`,
      cancelUrl: `${PUBLIC_URL}/checkout?status=cancel&invoice_id=${id}`,
    })

    const delivery = await provider.completeDemoCheckout(sessionId)
    const event = await provider.parseEvent(delivery.body, delivery.signature)
    expect(await handlePaymentEvent('demo', event)).toEqual({ outcome: 'invoice-paid', invoiceId: id })
    expect(await handlePaymentEvent('demo', event)).toEqual({ outcome: 'duplicate' })
    expect(await handlePaymentEvent('demo', { ...event, id: `${event.id}-again` })).toEqual({ outcome: 'unchanged' })
    const row = await invoiceRow(id)
    expect(row.status).toBe('paid')
    expect(row.reference).toBeTruthy()
    expect(row.paidAt).toBeInstanceOf(Date)

    const paid = await invoiceLoader({ ...args, request: request(`/invoices/${id}`) } as never)
    expect(paid).toMatchObject({ canPay: false, invoice: { status: 'paid' } })
  })

  test('a provider failure or a missing address becomes a Payment Error, and nothing changes', async () => {
    const id = await createUnpaidInvoice()
    const failing = { ...provider, createCheckout: async () => Promise.reject(new Error('Card network down')) }
    setPaymentProvider(failing as ConfiguredPaymentProvider)
    const form = () => ({ method: 'POST', body: new URLSearchParams({ intent: 'pay' }) })
    const args = { params: { invoiceId: id }, context: {} }
    const failed = await invoiceAction({ ...args, request: request(`/invoices/${id}`, form()) } as never)
    expect(failed).toMatchObject({
      data: { ok: false, toast: { title: 'Payment Error', description: 'Card network down' } },
      init: { status: 400 },
    })
    const noUrl = { ...provider, createCheckout: async () => ({ id: 'cs_x', url: '' }) }
    setPaymentProvider(noUrl as unknown as ConfiguredPaymentProvider)
    const missing = await invoiceAction({ ...args, request: request(`/invoices/${id}`, form()) } as never)
    expect(missing).toMatchObject({ data: { toast: { title: 'Payment Error', description: MISSING_URL_MESSAGE } } })
    expect((await invoiceRow(id)).status).toBe('unpaid')
  })

  test('a paid invoice is not paid again', async () => {
    const id = await createUnpaidInvoice()
    await database.db.update(invoices).set({ status: 'paid' }).where(eq(invoices.id, id))
    const result = await payInvoice(id, payer)
    expect(result).toEqual({ ok: false, message: 'This invoice is not awaiting payment.' })
  })
})

const payer = { id: '', email: 'payer@example.com' }
beforeAll(() => {
  payer.id = customerId
})

/** Opens Pay Now as the customer and returns the demo session's id. */
async function openPayNow(id: string) {
  const result = await payInvoice(id, payer)
  if (!result.ok) throw new Error(result.message)
  return result.url.replace('/demo-checkout/', '')
}

/** Pays a demo session as the demo page would, and applies the event as the webhook would. */
async function pay(sessionId: string) {
  const delivery = await provider.completeDemoCheckout(sessionId)
  return handlePaymentEvent('demo', await provider.parseEvent(delivery.body, delivery.signature))
}

/** The provider cannot always expire a session (a payment already under way, a network failure). */
function providerThatCannotExpire() {
  const stubborn: DemoPaymentProvider = { ...provider, expireCheckout: async () => false }
  setPaymentProvider(stubborn)
}

/** The admin raises the invoice to $5,000 on /admin/invoices. */
async function raiseTo5000(id: string) {
  const saved = await saveInvoice(
    {
      userId: customerId,
      status: 'unpaid',
      items: [{ description: 'Custom print, final', quantity: 1, unitPriceCents: 500_000, productId: null }],
    },
    { invoiceId: id },
  )
  expect(saved.ok).toBe(true)
}

async function paymentsOf(id: string) {
  return database.db
    .select({ outcome: invoicePayments.outcome, amountCents: invoicePayments.amountCents, note: invoicePayments.note })
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, id))
    .orderBy(invoicePayments.receivedAt)
}

describe('an invoice is paid only for what it costs', () => {
  test('an admin edit expires the open session: the old amount can no longer be paid', async () => {
    const id = await createUnpaidInvoice()
    const sessionId = await openPayNow(id)
    await raiseTo5000(id)
    await expect(provider.completeDemoCheckout(sessionId)).rejects.toMatchObject({ code: 'already_settled' })
    const row = await invoiceRow(id)
    expect(row.status).toBe('unpaid')
    expect(await paymentsOf(id)).toEqual([])
  })

  test('the old session paid anyway (the provider could not expire it): recorded, flagged, invoice unpaid', async () => {
    const id = await createUnpaidInvoice()
    const sessionId = await openPayNow(id)
    providerThatCannotExpire()
    await raiseTo5000(id)
    expect(await pay(sessionId)).toEqual({
      outcome: 'invoice-payment-flagged',
      invoiceId: id,
      reason: 'The invoice was changed after this payment of $32.47 was started; it is now $5,000.00.',
    })
    expect(await invoiceRow(id)).toMatchObject({ status: 'unpaid', paidAt: null })
    expect(await paymentsOf(id)).toEqual([
      { outcome: 'mismatch', amountCents: 3247, note: expect.stringContaining('changed after this payment') },
    ])
    expect((await listFlaggedInvoicePayments({ invoiceId: id })).map((payment) => payment.amountCents)).toEqual([3247])
    const notice = await latestMailTo(getEnv().SHOP_EMAIL, 'payment-flagged')
    expect(notice?.subject).toBe(`[TEST PAYMENT] Payment does not match invoice ${id.slice(0, 8)}`)

    // The new amount is paid through a new Pay Now.
    setPaymentProvider(provider)
    expect(await pay(await openPayNow(id))).toEqual({ outcome: 'invoice-paid', invoiceId: id })
    expect((await paymentsOf(id)).map((payment) => payment.outcome)).toEqual(['mismatch', 'applied'])
  })

  test('an amount that differs from the session is flagged, not applied', async () => {
    const id = await createUnpaidInvoice()
    const sessionId = await openPayNow(id)
    const delivery = await provider.completeDemoCheckout(sessionId)
    const event = await provider.parseEvent(delivery.body, delivery.signature)
    const short = { ...event, session: event.session && { ...event.session, amountTotalCents: 100 } }
    expect(await handlePaymentEvent('demo', short)).toMatchObject({
      outcome: 'invoice-payment-flagged',
      reason: 'Paid $1.00; the invoice is $32.47.',
    })
    expect((await invoiceRow(id)).status).toBe('unpaid')
  })

  test('opening Pay Now again expires the earlier session, so the invoice cannot be charged twice', async () => {
    const id = await createUnpaidInvoice()
    const first = await openPayNow(id)
    const second = await openPayNow(id)
    await expect(provider.completeDemoCheckout(first)).rejects.toMatchObject({ code: 'already_settled' })
    expect(await pay(second)).toEqual({ outcome: 'invoice-paid', invoiceId: id })
  })

  test('two payments that still arrive: the second is recorded and flagged for a refund', async () => {
    const id = await createUnpaidInvoice()
    const first = await openPayNow(id)
    providerThatCannotExpire()
    const second = await openPayNow(id)
    expect(await pay(second)).toEqual({ outcome: 'invoice-paid', invoiceId: id })
    expect(await pay(first)).toEqual({
      outcome: 'invoice-payment-flagged',
      invoiceId: id,
      reason: 'The invoice was already paid: refund this payment.',
    })
    expect(await paymentsOf(id)).toEqual([
      { outcome: 'applied', amountCents: 3247, note: null },
      { outcome: 'duplicate', amountCents: 3247, note: 'The invoice was already paid: refund this payment.' },
    ])
    expect((await invoiceRow(id)).status).toBe('paid')
  })

  test('a payment that arrives after the shop voided the invoice is kept and flagged for a refund', async () => {
    const id = await createUnpaidInvoice()
    providerThatCannotExpire()
    const sessionId = await openPayNow(id)
    expect(await voidInvoice(id)).toBe('voided')
    expect(await pay(sessionId)).toEqual({
      outcome: 'invoice-payment-flagged',
      invoiceId: id,
      reason: 'The invoice was voided: refund this payment.',
    })
    expect(await paymentsOf(id)).toEqual([
      { outcome: 'mismatch', amountCents: 3247, note: 'The invoice was voided: refund this payment.' },
    ])
    expect((await invoiceRow(id)).status).toBe('void')
  })

  test('an edit while the session is being opened voids it at once', async () => {
    const id = await createUnpaidInvoice()
    const racing: DemoPaymentProvider = {
      ...provider,
      createCheckout: async (input) => {
        const session = await provider.createCheckout(input)
        await raiseTo5000(id)
        return session
      },
    }
    setPaymentProvider(racing)
    expect(await payInvoice(id, payer)).toEqual({ ok: false, message: INVOICE_CHANGED_MESSAGE })
    const [session] = await database.db
      .select({ id: invoicePaymentSessions.providerSessionId, status: invoicePaymentSessions.status })
      .from(invoicePaymentSessions)
      .where(eq(invoicePaymentSessions.invoiceId, id))
    expect(session.status).toBe('expired')
    await expect(provider.completeDemoCheckout(session.id)).rejects.toMatchObject({ code: 'already_settled' })
  })

  test('a demo payment is a test payment on the invoice, its payment record and the receipt', async () => {
    const id = await createUnpaidInvoice()
    await pay(await openPayNow(id))
    const [row] = await database.db
      .select({ testPayment: invoices.testPayment })
      .from(invoices)
      .where(eq(invoices.id, id))
    expect(row.testPayment).toBe(true)
    const receipt = await latestMailTo('payer@example.com', 'payment-receipt')
    expect(receipt?.subject).toBe(`[TEST PAYMENT] Payment received for invoice ${id.slice(0, 8)}`)
    expect(receipt?.text).toContain('No money was taken')
  })
})

describe('invoice events stream', () => {
  test('streams the new status when the invoice is paid, and stops on abort', async () => {
    const id = await createUnpaidInvoice()
    const controller = new AbortController()
    const eventsRequest = new Request(`http://localhost:3000/resources/invoices/${id}/events`, {
      headers: { cookie },
      signal: controller.signal,
    })
    const response = (await eventsLoader({
      request: eventsRequest,
      params: { invoiceId: id },
      context: {},
    } as never)) as Response
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    const { reader, readUntil } = eventStreamOf(response)
    await readUntil('retry: 1000\n\n')

    await pay(await openPayNow(id))
    await readUntil('event: invoice\ndata: {"status":"paid"}\n\n')

    controller.abort()
    await expect(reader.read()).resolves.toMatchObject({ done: true })
  })

  test('someone else’s or an unknown invoice is a 404', async () => {
    const other = await insertInvoice(database.db, { userId: null, totalCents: 100 })
    for (const invoiceId of [other.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const eventsRequest = request(`/resources/invoices/${invoiceId}/events`)
      const thrown = await caught(eventsLoader({ request: eventsRequest, params: { invoiceId }, context: {} } as never))
      expect(thrown).toMatchObject({ init: { status: 404 } })
    }
  })
})
