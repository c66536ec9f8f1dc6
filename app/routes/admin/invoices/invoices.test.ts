import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { invoicePayments, invoices } from '#app/modules/invoices/schema.server.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { action, loader } from './invoices.tsx'

let database: TestDatabase
let adminCookie = ''
const ids = { test: '', real: '', unpaid: '', flagged: '' }

beforeAll(async () => {
  database = await createTestDatabase()
  resetAuth()
  adminCookie = (await createTestAccount(database, 'alex@example.com', { admin: true, name: 'Alex Admin' })).cookie
  const insert = async (values: Partial<typeof invoices.$inferInsert>) => {
    const [row] = await database.db
      .insert(invoices)
      .values({ status: 'paid', totalCents: 1000, ...values })
      .returning({ id: invoices.id })
    return row.id
  }
  ids.real = await insert({ createdAt: new Date('2025-01-01T00:00:00Z') })
  ids.test = await insert({ testPayment: true, createdAt: new Date('2025-01-02T00:00:00Z') })
  ids.unpaid = await insert({ status: 'unpaid', createdAt: new Date('2025-01-03T00:00:00Z') })
  const [payment] = await database.db
    .insert(invoicePayments)
    .values({
      invoiceId: ids.unpaid,
      provider: 'stripe',
      providerSessionId: 'cs_test_old',
      paymentReference: 'pi_test_old',
      amountCents: 300,
      outcome: 'mismatch',
      note: 'Paid $3.00; the invoice is $10.00.',
    })
    .returning({ id: invoicePayments.id })
  ids.flagged = payment.id
})

afterAll(async () => {
  resetAuth()
  await database?.close()
})

function request(path: string, body?: BodyInit) {
  return new Request(`http://localhost:3000${path}`, {
    method: body ? 'POST' : 'GET',
    body,
    headers: { origin: 'http://localhost:3000', cookie: adminCookie },
  })
}

type Page = {
  invoices: { id: string; testPayment: boolean }[]
  flaggedPayments: { id: string; amountCents: number; note: string | null }[]
}
const load = async (path: string) =>
  (await loader({ request: request(path), params: {}, context: {} } as never)) as Page
const post = async (form: Record<string, string>) =>
  (await action({
    request: request('/admin/invoices', new URLSearchParams(form)),
    params: {},
    context: {},
  } as never)) as {
    data: { ok: boolean; toast: { title: string } }
    init: ResponseInit | null
  }

describe('/admin/invoices', () => {
  test('marks test payments, and shows them alone or leaves them out', async () => {
    const all = await load('/admin/invoices')
    expect(all.invoices.map((invoice) => [invoice.id, invoice.testPayment])).toEqual([
      [ids.unpaid, false],
      [ids.test, true],
      [ids.real, false],
    ])
    expect((await load('/admin/invoices?payment=test')).invoices.map((invoice) => invoice.id)).toEqual([ids.test])
    expect((await load('/admin/invoices?payment=real')).invoices.map((invoice) => invoice.id)).toEqual([
      ids.unpaid,
      ids.real,
    ])
    expect((await load('/admin/invoices?payment=%00')).invoices).toHaveLength(3)
  })

  test('lists flagged payments until the shop marks one handled', async () => {
    expect((await load('/admin/invoices')).flaggedPayments).toEqual([
      expect.objectContaining({ id: ids.flagged, amountCents: 300, note: 'Paid $3.00; the invoice is $10.00.' }),
    ])
    const handled = await post({ intent: 'resolve-payment', paymentId: ids.flagged })
    expect(handled.data).toMatchObject({ ok: true, toast: { title: 'Payment Handled' } })
    expect((await load('/admin/invoices')).flaggedPayments).toEqual([])
    const [row] = await database.db.select().from(invoicePayments).where(eq(invoicePayments.id, ids.flagged))
    expect(row.resolvedAt).toBeInstanceOf(Date)
    expect(row.resolvedBy).toBeTruthy()
    // Twice, or an id that is not a flagged payment: refused, nothing changes.
    for (const paymentId of [ids.flagged, 'nope', '00000000-0000-4000-8000-000000000000']) {
      const again = await post({ intent: 'resolve-payment', paymentId })
      expect(again.init?.status).toBe(404)
    }
  })

  test('a paid invoice cannot be deleted (409): it stays in the records', async () => {
    const refused = await post({ intent: 'delete', invoiceId: ids.real })
    expect(refused.init?.status).toBe(409)
    expect(refused.data).toMatchObject({
      ok: false,
      toast: {
        title: 'Failed to delete invoice',
        description: 'A paid invoice cannot be deleted: it stays in the records.',
      },
    })
    expect((await load('/admin/invoices')).invoices.map((invoice) => invoice.id)).toContain(ids.real)
  })

  test('a paid invoice is voided instead: kept, listed under Void, and nothing more can be done with it', async () => {
    const voided = await post({ intent: 'void', invoiceId: ids.real })
    expect(voided.init?.status).toBe(200)
    expect(voided.data.toast).toMatchObject({
      title: 'Invoice Voided',
      description: `Invoice #${ids.real.slice(0, 8)} is void. It stays in the records.`,
    })
    expect((await load('/admin/invoices?status=void')).invoices.map((invoice) => invoice.id)).toEqual([ids.real])
    expect((await load('/admin/invoices?status=paid')).invoices.map((invoice) => invoice.id)).not.toContain(ids.real)

    const again = await post({ intent: 'void', invoiceId: ids.real })
    expect(again.init?.status).toBe(409)
    expect(again.data.toast).toMatchObject({
      title: 'Failed to void invoice',
      description: 'This invoice is void already.',
    })
    const deleted = await post({ intent: 'delete', invoiceId: ids.real })
    expect(deleted.init?.status).toBe(409)
    expect(deleted.data.toast).toMatchObject({
      description: 'A voided invoice cannot be deleted: it stays in the records.',
    })
    const status = await post({ intent: 'set-status', invoiceId: ids.real, status: 'unpaid' })
    expect(status.init?.status).toBe(409)
    expect(status.data.toast).toMatchObject({ description: 'This invoice is void: it stays in the records as it is.' })
    const [row] = await database.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, ids.real))
    expect(row?.status).toBe('void')
  })

  test('voiding needs a real invoice: a quote, an unknown or a malformed id is refused', async () => {
    const [quote] = await database.db
      .insert(invoices)
      .values({ status: 'quote', totalCents: 700 })
      .returning({ id: invoices.id })
    const refused = await post({ intent: 'void', invoiceId: quote.id })
    expect(refused.init?.status).toBe(409)
    expect(refused.data.toast).toMatchObject({ description: 'A quote is not an invoice yet: delete it instead.' })
    expect((await post({ intent: 'void', invoiceId: '00000000-0000-4000-8000-000000000000' })).init?.status).toBe(404)
    expect((await post({ intent: 'void', invoiceId: 'nope' })).init?.status).toBe(404)
    expect((await post({ intent: 'void' })).init?.status).toBe(404)
  })
})
