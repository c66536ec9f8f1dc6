import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { subscribeToInvoice } from '#app/modules/realtime/index.server.ts'
import { insertInvoice, insertUser } from '#tests/factories/shop-records.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { markInvoicePaid, notifyInvoiceChanged, retrieveInvoiceForViewer } from './index.server.ts'
import { invoices } from './schema.server.ts'

let database: TestDatabase
const ids = { owner: '', other: '', invoice: '' }

beforeAll(async () => {
  database = await createTestDatabase()
  const { db } = database
  ids.owner = (await insertUser(db, { email: 'owner@example.com', name: 'Owner' })).id
  ids.other = (await insertUser(db, { email: 'other@example.com', name: 'Other' })).id
  const invoice = await insertInvoice(db, {
    userId: ids.owner,
    email: 'owner@example.com',
    items: [
      { description: 'Knob Set', quantity: 2, unitPriceCents: 1149 },
      { description: 'Setup', quantity: 1, unitPriceCents: 449 },
    ],
  })
  ids.invoice = invoice.id
})

afterAll(async () => {
  await database.close()
})

describe('retrieveInvoiceForViewer', () => {
  test('the owner sees the invoice with its items in order', async () => {
    const invoice = await retrieveInvoiceForViewer(ids.invoice, { id: ids.owner, isAdmin: false })
    expect(invoice).toMatchObject({ id: ids.invoice, status: 'unpaid', totalCents: 2747 })
    expect(invoice?.items.map((item) => item.description)).toEqual(['Knob Set', 'Setup'])
  })

  test('an admin sees any invoice', async () => {
    expect(await retrieveInvoiceForViewer(ids.invoice, { id: ids.other, isAdmin: true })).not.toBeNull()
  })

  test('another customer, an unknown id and a malformed id all get null', async () => {
    expect(await retrieveInvoiceForViewer(ids.invoice, { id: ids.other, isAdmin: false })).toBeNull()
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect(await retrieveInvoiceForViewer(unknown, { id: ids.owner, isAdmin: true })).toBeNull()
    expect(await retrieveInvoiceForViewer('not-a-uuid', { id: ids.owner, isAdmin: true })).toBeNull()
  })
})

describe('markInvoicePaid', () => {
  test('marks an unpaid invoice paid once, with its date and reference', async () => {
    const paidAt = new Date('2026-01-02T03:04:05Z')
    const { db } = database
    const first = await db.transaction((tx) => markInvoicePaid(ids.invoice, { paymentReference: 'pi_1', paidAt }, tx))
    const again = await markInvoicePaid(ids.invoice, { paymentReference: 'pi_2', paidAt: new Date() })
    expect([first, again]).toEqual([true, false])
    const [row] = await db
      .select({ status: invoices.status, paymentDate: invoices.paymentDate, reference: invoices.paymentReference })
      .from(invoices)
      .where(eq(invoices.id, ids.invoice))
    expect(row).toEqual({ status: 'paid', paymentDate: paidAt, reference: 'pi_1' })
    expect(await markInvoicePaid('not-a-uuid', { paymentReference: null, paidAt })).toBe(false)
  })
})

describe('notifyInvoiceChanged', () => {
  test('reaches the subscriber of that invoice only, until it unsubscribes', async () => {
    const seen: string[] = []
    const unsubscribe = await subscribeToInvoice(ids.invoice, (change) => seen.push(`${change.id}:${change.status}`))
    await notifyInvoiceChanged('00000000-0000-4000-8000-000000000000', 'paid')
    await notifyInvoiceChanged(ids.invoice, 'paid')
    await expect.poll(() => seen).toEqual([`${ids.invoice}:paid`])
    await unsubscribe()
    await notifyInvoiceChanged(ids.invoice, 'unpaid')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(seen).toEqual([`${ids.invoice}:paid`])
  })
})
