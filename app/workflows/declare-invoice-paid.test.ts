import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { listAllInvoices, setInvoiceStatus } from '#app/modules/invoices/index.server.ts'
import { declaredPayments, invoicePaymentSessions, invoices } from '#app/modules/invoices/schema.server.ts'
import { type DemoPaymentProvider, setPaymentProvider } from '#app/modules/payments/index.server.ts'
import { subscribeToInvoice } from '#app/modules/realtime/index.server.ts'
import { action as accountingAction } from '#app/routes/store/accounting.tsx'
import { insertInvoice } from '#tests/factories/shop-records.ts'
import { installDemoPayments } from '#tests/setup/demo-payments.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { handlePaymentEvent } from './checkout/handle-payment-event.server.ts'
import { markInvoicePaidByCustomer } from './declare-invoice-paid.server.ts'
import { payInvoice } from './pay-invoice.server.ts'

// The Accounting Hub's Mark as Paid (storefront §2, §4; DESIGN 8; decision 017): a payment the
// customer declares, with who and when, that bumps the invoice's version, ends its open Pay Now
// sessions and tells its open pages.

let database: TestDatabase
let provider: DemoPaymentProvider
const people = { owner: { id: '', email: 'owner@example.com', cookie: '' }, other: { id: '', cookie: '' } }

beforeAll(async () => {
  database = await createTestDatabase()
  Object.assign(people.owner, await createTestAccount(database, 'owner@example.com', { name: 'Olive Owner' }))
  Object.assign(people.other, await createTestAccount(database, 'other@example.com', { name: 'Oscar Other' }))
})

beforeEach(() => {
  provider = installDemoPayments()
})

afterAll(async () => {
  setPaymentProvider(null)
  await database?.close()
})

async function createInvoice(status: 'unpaid' | 'quote' | 'paid' = 'unpaid', userId = people.owner.id) {
  const invoice = await insertInvoice(database.db, {
    userId,
    email: 'owner@example.com',
    status,
    items: [{ description: 'Scan of a bracket', quantity: 1, unitPriceCents: 2500 }],
  })
  return invoice.id
}

async function invoiceRow(id: string) {
  const [row] = await database.db
    .select({
      status: invoices.status,
      paymentDate: invoices.paymentDate,
      paymentReference: invoices.paymentReference,
      version: invoices.version,
    })
    .from(invoices)
    .where(eq(invoices.id, id))
  return row
}

async function declarationsOf(id: string) {
  return database.db
    .select({ userId: declaredPayments.userId, declaredAt: declaredPayments.declaredAt })
    .from(declaredPayments)
    .where(eq(declaredPayments.invoiceId, id))
}

async function sessionsOf(id: string) {
  return database.db
    .select({ status: invoicePaymentSessions.status, sessionId: invoicePaymentSessions.providerSessionId })
    .from(invoicePaymentSessions)
    .where(eq(invoicePaymentSessions.invoiceId, id))
}

function post(cookie: string, fields: Record<string, string>) {
  const request = new Request('http://localhost:3000/accounting', {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', cookie },
    body: new URLSearchParams(fields),
  })
  return accountingAction({ request, params: {}, context: {} } as never) as Promise<{
    data: { ok: boolean; toast: { title: string; description?: string } }
    init: ResponseInit | null
  }>
}

describe('Mark as Paid', () => {
  test('records who declared the payment and when, marks the invoice paid and bumps its version', async () => {
    const id = await createInvoice()
    const before = await invoiceRow(id)
    const heard: string[] = []
    const unsubscribe = await subscribeToInvoice(id, (change) => heard.push(change.status))

    const answer = await post(people.owner.cookie, { intent: 'mark-paid', invoiceId: id })
    expect(answer.data).toEqual({
      ok: true,
      intent: 'mark-paid',
      toast: {
        title: 'Invoice Updated',
        description: `Invoice #${id.slice(0, 8)} is marked as paid.`,
        variant: 'success',
      },
    })

    const after = await invoiceRow(id)
    const declarations = await declarationsOf(id)
    expect(declarations).toEqual([{ userId: people.owner.id, declaredAt: expect.any(Date) }])
    expect(after).toEqual({
      status: 'paid',
      paymentDate: declarations[0].declaredAt,
      paymentReference: null,
      version: before.version + 1,
    })
    expect(Math.abs(declarations[0].declaredAt.getTime() - Date.now())).toBeLessThan(60_000)
    // The open invoice page hears it (the page shows 'Invoice Updated!' / 'Status changed to paid').
    await expect.poll(() => heard).toEqual(['paid'])
    await unsubscribe()
  })

  test('an open Pay Now session is expired, here and at the provider, and its late payment is flagged', async () => {
    const id = await createInvoice()
    const opened = await payInvoice(id, people.owner)
    if (!opened.ok) throw new Error(opened.message)
    const sessionId = opened.url.replace('/demo-checkout/', '')
    expect(await sessionsOf(id)).toEqual([{ status: 'open', sessionId }])

    const result = await markInvoicePaidByCustomer(id, people.owner)
    expect(result).toMatchObject({ ok: true, expiredSessions: [{ provider: 'demo', providerSessionId: sessionId }] })
    expect(await sessionsOf(id)).toEqual([{ status: 'expired', sessionId }])
    expect(await provider.expireCheckout(sessionId)).toBe(false)

    // A payment that was already under way is judged against the paid invoice: a duplicate to refund.
    const stubborn = installDemoPayments()
    const id2 = await createInvoice()
    const second = await payInvoice(id2, people.owner)
    if (!second.ok) throw new Error(second.message)
    const secondSession = second.url.replace('/demo-checkout/', '')
    setPaymentProvider({ ...stubborn, expireCheckout: async () => false })
    expect(await markInvoicePaidByCustomer(id2, people.owner)).toMatchObject({ ok: true })
    const delivery = await stubborn.completeDemoCheckout(secondSession)
    expect(await handlePaymentEvent('demo', await stubborn.parseEvent(delivery.body, delivery.signature))).toEqual({
      outcome: 'invoice-payment-flagged',
      invoiceId: id2,
      reason: 'The invoice was already paid: refund this payment.',
    })
    expect((await invoiceRow(id2)).status).toBe('paid')
  })

  test('marks paid once: a second Mark as Paid changes nothing', async () => {
    const id = await createInvoice()
    expect(await markInvoicePaidByCustomer(id, people.owner)).toMatchObject({ ok: true })
    const once = await invoiceRow(id)
    const again = await post(people.owner.cookie, { intent: 'mark-paid', invoiceId: id })
    expect(again.init?.status).toBe(409)
    expect(again.data).toMatchObject({
      ok: false,
      toast: { title: 'Update failed', description: 'This invoice is not awaiting payment.' },
    })
    expect(await invoiceRow(id)).toEqual(once)
    expect(await declarationsOf(id)).toHaveLength(1)
  })

  test('two Mark as Paid at once: one declaration, one refusal', async () => {
    const id = await createInvoice()
    const results = await Promise.all([
      markInvoicePaidByCustomer(id, people.owner),
      markInvoicePaidByCustomer(id, people.owner),
    ])
    expect(results.map((result) => result.ok).sort()).toEqual([false, true])
    expect(await declarationsOf(id)).toHaveLength(1)
  })

  test('someone else’s invoice, a quote, a paid invoice, an unknown or malformed id: refused, nothing changed', async () => {
    const others = await createInvoice('unpaid', people.other.id)
    const quote = await createInvoice('quote')
    const paid = await createInvoice('paid')
    const rows = async () => Promise.all([others, quote, paid].map(invoiceRow))
    const before = await rows()

    const refusals = [
      [others, 404, 'Invoice not found or access denied.'],
      [quote, 409, 'This invoice is not awaiting payment.'],
      [paid, 409, 'This invoice is not awaiting payment.'],
      ['00000000-0000-4000-8000-000000000000', 404, 'Invoice not found or access denied.'],
      ['not-a-uuid', 404, 'Invoice not found or access denied.'],
      ["' or 1=1 --", 404, 'Invoice not found or access denied.'],
    ] as const
    for (const [invoiceId, status, description] of refusals) {
      const answer = await post(people.owner.cookie, { intent: 'mark-paid', invoiceId })
      expect(answer.init?.status, invoiceId).toBe(status)
      expect(answer.data.toast).toMatchObject({ title: 'Update failed', description })
    }
    const missing = await post(people.owner.cookie, { intent: 'mark-paid' })
    expect(missing.init?.status).toBe(404)
    expect(await rows()).toEqual(before)
    for (const id of [others, quote, paid]) expect(await declarationsOf(id)).toEqual([])
  })

  test('the back-office tells a declared payment from a card payment and from the shop’s own status change', async () => {
    const declared = await createInvoice()
    await markInvoicePaidByCustomer(declared, people.owner)
    const card = await createInvoice()
    await database.db
      .update(invoices)
      .set({ status: 'paid', paymentDate: new Date(), paymentReference: 'pi_123' })
      .where(eq(invoices.id, card))
    // Paid by the customer's declaration, then set unpaid and paid again by the shop.
    const reset = await createInvoice()
    await markInvoicePaidByCustomer(reset, people.owner)
    await setInvoiceStatus(reset, 'unpaid')
    await setInvoiceStatus(reset, 'paid')

    const { invoices: listed } = await listAllInvoices({ limit: 100 })
    const row = (id: string) => listed.find((invoice) => invoice.id === id)
    expect(row(declared)).toMatchObject({ declaredByCustomer: true, paymentReference: null })
    expect(row(card)).toMatchObject({ declaredByCustomer: false, paymentReference: 'pi_123' })
    expect(row(reset)).toMatchObject({ status: 'paid', declaredByCustomer: false })
  })
})
