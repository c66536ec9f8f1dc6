import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { invoiceItems, invoicePayments, invoices } from '#app/modules/invoices/schema.server.ts'
import { insertInvoice, insertOrder, insertUser } from '#tests/factories/shop-records.ts'
import { adminRouteTest, UNKNOWN_ID } from '#tests/setup/admin-route-test.ts'
import { action, loader } from './invoices.tsx'

const shop = adminRouteTest()
const page = shop.page('/admin/invoices', { loader, action })
const load = page.load
const post = page.post
const ids = { test: '', real: '', unpaid: '', flagged: '', customer: '' }

beforeAll(async () => {
  const insert = async (values: Partial<typeof invoices.$inferInsert>) =>
    (await insertInvoice(shop.db, { status: 'paid', totalCents: 1000, ...values })).id
  ids.real = await insert({ createdAt: new Date('2025-01-01T00:00:00Z') })
  ids.test = await insert({ testPayment: true, createdAt: new Date('2025-01-02T00:00:00Z') })
  ids.unpaid = await insert({ status: 'unpaid', createdAt: new Date('2025-01-03T00:00:00Z') })
  const [payment] = await shop.db
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
  ids.customer = (await insertUser(shop.db, { email: 'casey@example.com', name: 'Casey Customer' })).id
})

describe('/admin/invoices', () => {
  test('a search finds invoices by their customer’s name and by their order’s number, with their items', async () => {
    const buyer = await insertUser(shop.db, { email: 'robin@example.com', name: 'Robin Searchable' })
    const order = await insertOrder(shop.db, { userId: null, email: 'guest@example.com' })
    const items = [
      { description: 'Second', quantity: 2, unitPriceCents: 250 },
      { description: 'First', quantity: 1, unitPriceCents: 500 },
    ]
    const byBuyer = (await insertInvoice(shop.db, { userId: buyer.id, email: 'robin@example.com', items })).id
    const byOrder = (await insertInvoice(shop.db, { orderId: order.id, email: 'guest@example.com' })).id
    const found = await load('/admin/invoices?q=searchable')
    expect(found.invoices.map((invoice) => invoice.id)).toEqual([byBuyer])
    expect(found.invoices[0]?.items.map(({ description, quantity }) => [description, quantity])).toEqual([
      ['Second', 2],
      ['First', 1],
    ])
    expect((await load(`/admin/invoices?q=%23${order.number}`)).invoices.map((invoice) => invoice.id)).toEqual([
      byOrder,
    ])
    await shop.db.delete(invoices).where(eq(invoices.id, byBuyer))
    await shop.db.delete(invoices).where(eq(invoices.id, byOrder))
  })

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
    expect(handled).toMatchObject({ ok: true, toast: { title: 'Payment Handled' } })
    expect((await load('/admin/invoices')).flaggedPayments).toEqual([])
    const [row] = await shop.db.select().from(invoicePayments).where(eq(invoicePayments.id, ids.flagged))
    expect(row.resolvedAt).toBeInstanceOf(Date)
    expect(row.resolvedBy).toBeTruthy()
    // Twice, or an id that is not a flagged payment: refused, nothing changes.
    for (const paymentId of [ids.flagged, 'nope', UNKNOWN_ID]) {
      const again = await post({ intent: 'resolve-payment', paymentId })
      expect(again.status).toBe(404)
    }
  })

  test('a paid invoice cannot be deleted (409): it stays in the records', async () => {
    const refused = await post({ intent: 'delete', invoiceId: ids.real })
    expect(refused.status).toBe(409)
    expect(refused).toMatchObject({
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
    expect(voided.status).toBe(200)
    expect(voided.toast).toMatchObject({
      title: 'Invoice Voided',
      description: `Invoice #${ids.real.slice(0, 8)} is void. It stays in the records.`,
    })
    expect((await load('/admin/invoices?status=void')).invoices.map((invoice) => invoice.id)).toEqual([ids.real])
    expect((await load('/admin/invoices?status=paid')).invoices.map((invoice) => invoice.id)).not.toContain(ids.real)

    const again = await post({ intent: 'void', invoiceId: ids.real })
    expect(again.status).toBe(409)
    expect(again.toast).toMatchObject({
      title: 'Failed to void invoice',
      description: 'This invoice is void already.',
    })
    const deleted = await post({ intent: 'delete', invoiceId: ids.real })
    expect(deleted.status).toBe(409)
    expect(deleted.toast).toMatchObject({
      description: 'A voided invoice cannot be deleted: it stays in the records.',
    })
    const status = await post({ intent: 'set-status', invoiceId: ids.real, status: 'unpaid' })
    expect(status.status).toBe(409)
    expect(status.toast).toMatchObject({ description: 'This invoice is void: it stays in the records as it is.' })
    const [row] = await shop.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, ids.real))
    expect(row?.status).toBe('void')
  })

  test('voiding needs a real invoice: a quote, an unknown or a malformed id is refused', async () => {
    const [quote] = await shop.db
      .insert(invoices)
      .values({ status: 'quote', totalCents: 700 })
      .returning({ id: invoices.id })
    const refused = await post({ intent: 'void', invoiceId: quote.id })
    expect(refused.status).toBe(409)
    expect(refused.toast).toMatchObject({ description: 'A quote is not an invoice yet: delete it instead.' })
    expect((await post({ intent: 'void', invoiceId: UNKNOWN_ID })).status).toBe(404)
    expect((await post({ intent: 'void', invoiceId: 'nope' })).status).toBe(404)
    expect((await post({ intent: 'void' })).status).toBe(404)
  })
})

describe('the New Invoice and Edit Invoice form', () => {
  const row = (description: string, quantity: string, unitPrice: string) => ({ description, quantity, unitPrice })
  /** The dialog's fields: one value per item row for each repeated field. */
  const invoiceForm = (rows: ReturnType<typeof row>[], extra: Record<string, string> = {}) => ({
    intent: 'create',
    userId: ids.customer,
    status: 'unpaid',
    description: rows.map((one) => one.description),
    quantity: rows.map((one) => one.quantity),
    unitPrice: rows.map((one) => one.unitPrice),
    productId: rows.map(() => ''),
    ...extra,
  })
  const stored = async () => ({
    invoices: await shop.db.select({ id: invoices.id }).from(invoices).orderBy(invoices.id),
    items: await shop.db.select({ id: invoiceItems.id }).from(invoiceItems).orderBy(invoiceItems.id),
  })

  test('a bad item row is named by the row it was typed in, blank rows counted, and nothing is saved', async () => {
    const before = await stored()
    const answer = await post(invoiceForm([row('Design', '2', '30'), row('', '1', ''), row('Print', '0', '5')]))
    expect(answer).toMatchObject({
      status: 400,
      ok: false,
      toast: { title: 'Failed to save invoice.', description: 'Quantity must be a whole number from 1 to 100,000.' },
      fieldErrors: { 'items.2.quantity': 'Quantity must be a whole number from 1 to 100,000.' },
    })
    expect(Object.keys(answer.fieldErrors ?? {})).toEqual(['items.2.quantity'])
    expect(await stored()).toEqual(before)
  })

  test('every bad field of every row is named, and the status beside its menu', async () => {
    const answer = await post(invoiceForm([row('Design', '1.5', '30'), row(' ', '1', '1.999')], { status: 'refunded' }))
    expect(answer.status).toBe(400)
    expect(answer.fieldErrors).toEqual({
      status: 'Choose a status: quote, unpaid or paid.',
      'items.0.quantity': 'Quantity must be a whole number from 1 to 100,000.',
      'items.1.description': 'Each item needs a description.',
      'items.1.unitPrice': 'Unit price must be an amount in dollars with at most 2 decimals, like 12.50.',
    })
  })

  test('a missing customer is the form’s problem, titled Error, with no field named', async () => {
    const answer = await post(invoiceForm([row('Design', '0', '30')], { userId: '' }))
    expect(answer).toMatchObject({
      status: 400,
      ok: false,
      toast: { title: 'Error', description: 'Please select a customer and add at least one item.' },
      fieldErrors: {},
    })
  })

  test('an edit names a bad row the same way and keeps the invoice as it was', async () => {
    const created = await post(invoiceForm([row('Design', '2', '30')]))
    expect(created).toMatchObject({ status: 200, ok: true, toast: { title: 'Invoice saved successfully.' } })
    const [saved] = await shop.db
      .select({ id: invoices.id, totalCents: invoices.totalCents })
      .from(invoices)
      .where(eq(invoices.userId, ids.customer))
    const answer = await post(
      invoiceForm([row('Design', '2', '30'), row('Rush fee', '1', 'ten')], { intent: 'update', invoiceId: saved.id }),
    )
    expect(answer).toMatchObject({
      status: 400,
      fieldErrors: {
        'items.1.unitPrice': 'Unit price must be an amount in dollars with at most 2 decimals, like 12.50.',
      },
    })
    const [after] = await shop.db
      .select({ totalCents: invoices.totalCents })
      .from(invoices)
      .where(eq(invoices.id, saved.id))
    expect(after.totalCents).toBe(6000)
  })
})
