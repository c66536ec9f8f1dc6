import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { resetAuth, signIn, signUp } from '#app/modules/accounts/index.server.ts'
import { users } from '#app/modules/accounts/schema.server.ts'
import { invoiceItems, invoices } from '#app/modules/invoices/schema.server.ts'
import {
  type ConfiguredPaymentProvider,
  createDatabaseDemoSessionStore,
  createDemoProvider,
  type DemoPaymentProvider,
  setPaymentProvider,
} from '#app/modules/payments/index.server.ts'
import { action as invoiceAction, loader as invoiceLoader } from '#app/routes/account/invoice-detail.tsx'
import { loader as eventsLoader } from '#app/routes/resources/invoice-events.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { handlePaymentEvent } from './checkout/handle-payment-event.server.ts'
import { MISSING_URL_MESSAGE, payInvoice } from './pay-invoice.server.ts'

let database: TestDatabase
let provider: DemoPaymentProvider
let cookie = ''
let customerId = ''

beforeAll(async () => {
  database = await createTestDatabase()
  resetAuth()
  await signUp({ email: 'payer@example.com', password: 'Payer-pass-1!', fullName: 'Pat Payer' })
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, 'payer@example.com'))
  const signedIn = await signIn({ email: 'payer@example.com', password: 'Payer-pass-1!' })
  if (!signedIn.ok) throw new Error(signedIn.message)
  cookie = signedIn.setCookies.map((value) => value.split(';')[0]).join('; ')
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'payer@example.com'))
  customerId = row.id
})

beforeEach(() => {
  provider = createDemoProvider({
    sessionSecret: 'test-session-secret-that-is-long-enough-000',
    store: createDatabaseDemoSessionStore(),
  })
  setPaymentProvider(provider)
})

afterAll(async () => {
  setPaymentProvider(null)
  resetAuth()
  await database?.close()
})

async function createUnpaidInvoice() {
  const [invoice] = await database.db
    .insert(invoices)
    .values({ userId: customerId, email: 'payer@example.com', status: 'unpaid', totalCents: 3247 })
    .returning({ id: invoices.id })
  await database.db.insert(invoiceItems).values([
    { invoiceId: invoice.id, description: 'Custom print', quantity: 2, unitPriceCents: 1399, position: 0 },
    { invoiceId: invoice.id, description: 'Design time', quantity: 1, unitPriceCents: 449, position: 1 },
  ])
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
    const detail = { id, userId: customerId, email: null, orderId: null, status: 'paid' as const }
    const result = await payInvoice(
      { ...detail, totalCents: 1, dueDate: null, paymentDate: null, createdAt: new Date(), items: [] },
      'payer@example.com',
    )
    expect(result).toEqual({ ok: false, message: 'This invoice is not awaiting payment.' })
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
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    let text = ''
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read()
        if (done) throw new Error(`stream ended before ${needle}: ${text}`)
        text += decoder.decode(value)
      }
    }
    await readUntil('retry: 1000\n\n')

    const session = await provider.createCheckout({
      reference: { kind: 'invoice', id },
      lines: [{ name: 'Custom print', unitAmountCents: 3247, quantity: 1 }],
      shippingCents: 0,
      collectShippingAddress: false,
      successUrl: 'http://localhost:3000/checkout?status=success',
      cancelUrl: 'http://localhost:3000/checkout?status=cancel',
    })
    const delivery = await provider.completeDemoCheckout(session.id, { email: 'payer@example.com' })
    await handlePaymentEvent('demo', await provider.parseEvent(delivery.body, delivery.signature))
    await readUntil('event: invoice\ndata: {"status":"paid"}\n\n')

    controller.abort()
    await expect(reader.read()).resolves.toMatchObject({ done: true })
  })

  test('someone else’s or an unknown invoice is a 404', async () => {
    const [other] = await database.db
      .insert(invoices)
      .values({ userId: null, status: 'unpaid', totalCents: 100 })
      .returning({ id: invoices.id })
    for (const invoiceId of [other.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const eventsRequest = request(`/resources/invoices/${invoiceId}/events`)
      const thrown = await caught(eventsLoader({ request: eventsRequest, params: { invoiceId }, context: {} } as never))
      expect(thrown).toMatchObject({ init: { status: 404 } })
    }
  })
})
