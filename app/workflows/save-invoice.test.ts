import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resetAuth, searchCustomerOptions } from '#app/modules/accounts/index.server.ts'
import { users } from '#app/modules/accounts/schema.server.ts'
import { invoiceItems, invoices } from '#app/modules/invoices/schema.server.ts'
import { MISSING_CUSTOMER_OR_ITEMS } from '#app/modules/invoices/schemas.ts'
import { subscribeToInvoice } from '#app/modules/realtime/index.server.ts'
import { action, loader } from '#app/routes/admin/invoices/invoices.tsx'
import { loader as eventsLoader } from '#app/routes/resources/invoice-events.ts'
import { insertProduct } from '#tests/factories/shop-records.ts'
import { eventStreamOf } from '#tests/setup/event-stream.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { saveInvoice } from './save-invoice.server.ts'

let database: TestDatabase
let adminCookie = ''
const ids = { customer: '', product: '' }
const unknownId = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  database = await createTestDatabase()
  resetAuth()
  adminCookie = (await createTestAccount(database, 'boss@example.com', { admin: true, name: 'Bea Boss' })).cookie
  const [customer] = await database.db
    .insert(users)
    .values({ email: 'zed@example.com', name: 'Ada Zed' })
    .returning({ id: users.id })
  ids.customer = customer.id
  ids.product = (await insertProduct(database.db, { title: 'Bike Phone Mount', status: 'hidden' })).id
})

afterAll(async () => {
  resetAuth()
  await database.close()
})

const item = { description: 'Prototype print', quantity: 2, unitPriceCents: 1500, productId: null }

describe('searchCustomerOptions', () => {
  test('finds accounts by part of a name or an e-mail, an exact e-mail first', async () => {
    const zed = await searchCustomerOptions({ text: 'ZED' })
    expect(zed).toEqual([{ id: ids.customer, fullName: 'Ada Zed', email: 'zed@example.com' }])
    const example = await searchCustomerOptions({ text: 'boss@example.com' })
    expect(example.map((customer) => customer.fullName)).toEqual(['Bea Boss'])
    expect(await searchCustomerOptions({ text: 'example.com', limit: 1 })).toHaveLength(1)
    // What is typed is searched for as itself: a % is no wildcard.
    expect(await searchCustomerOptions({ text: '%' })).toEqual([])
    expect((await searchCustomerOptions({ text: '  ' })).map((customer) => customer.fullName).sort()).toEqual([
      'Ada Zed',
      'Bea Boss',
    ])
  })
})

describe('saveInvoice', () => {
  test('bills the customer’s e-mail; a product of any status may be named', async () => {
    const result = await saveInvoice({
      userId: ids.customer,
      status: 'unpaid',
      items: [item, { ...item, description: 'Mount', productId: ids.product, quantity: 1 }],
    })
    if (!result.ok) throw new Error(result.message)
    expect(result.invoice.totalCents).toBe(4500)
    const [row] = await database.db
      .select({ email: invoices.email, userId: invoices.userId })
      .from(invoices)
      .where(eq(invoices.id, result.invoice.id))
    expect(row).toEqual({ email: 'zed@example.com', userId: ids.customer })
  })

  test('an unknown customer, an unknown product or an unknown invoice is refused', async () => {
    const before = await database.db.$count(invoices)
    expect(await saveInvoice({ userId: unknownId, status: 'unpaid', items: [item] })).toMatchObject({
      ok: false,
      reason: 'invalid',
    })
    expect(
      await saveInvoice({ userId: ids.customer, status: 'unpaid', items: [{ ...item, productId: unknownId }] }),
    ).toEqual({ ok: false, reason: 'invalid', message: 'A chosen product does not exist any more.' })
    expect(
      await saveInvoice({ userId: ids.customer, status: 'unpaid', items: [item] }, { invoiceId: unknownId }),
    ).toEqual({ ok: false, reason: 'not-found', message: 'Invoice not found.' })
    expect(await database.db.$count(invoices)).toBe(before)
  })
})

type Answer = {
  data: { ok: boolean; toast: { title: string; description?: string; variant: string } }
  init: { status?: number } | null
}

function post(fields: Record<string, string | string[]>, cookie = adminCookie) {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one)
  }
  const request = new Request('http://localhost:3000/admin/invoices', {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', cookie },
    body,
  })
  return action({ request, params: {}, context: {} } as never) as Promise<Answer>
}

async function summary(fields: Record<string, string | string[]>) {
  const { data, init } = await post(fields)
  return { status: init?.status ?? 200, ok: data.ok, title: data.toast.title, description: data.toast.description }
}

const goodForm = () => ({
  intent: 'create',
  userId: ids.customer,
  status: 'unpaid',
  description: ['Design hour', 'Print'],
  quantity: ['2', '3'],
  unitPrice: ['30', '4.99'],
  productId: ['', ids.product],
})

describe('the /admin/invoices action', () => {
  test('creates with the server’s total, whatever total the browser sends', async () => {
    const before = await database.db.$count(invoices)
    expect(await summary({ ...goodForm(), total: '0.01', totalCents: '1' })).toMatchObject({
      status: 200,
      ok: true,
      title: 'Invoice saved successfully.',
    })
    const [newest] = await database.db.select().from(invoices).orderBy(invoices.createdAt).limit(1).offset(before)
    expect(newest).toMatchObject({ userId: ids.customer, status: 'unpaid', totalCents: 2 * 3000 + 3 * 499 })
  })

  test('edits, sets the status and deletes, telling open pages about each change', async () => {
    const [invoice] = await database.db
      .insert(invoices)
      .values({ userId: ids.customer, email: 'zed@example.com', status: 'unpaid', totalCents: 100 })
      .returning({ id: invoices.id })
    const seen: string[] = []
    const unsubscribe = await subscribeToInvoice(invoice.id, (change) => seen.push(change.status))
    expect(await summary({ ...goodForm(), intent: 'update', invoiceId: invoice.id, status: 'quote' })).toMatchObject({
      status: 200,
      title: 'Invoice saved successfully.',
    })
    expect(await summary({ intent: 'set-status', invoiceId: invoice.id, status: 'paid' })).toMatchObject({
      status: 200,
      title: 'Invoice saved successfully.',
    })
    await expect.poll(() => seen).toEqual(['quote', 'paid'])
    await unsubscribe()
    const [row] = await database.db.select().from(invoices).where(eq(invoices.id, invoice.id))
    expect(row).toMatchObject({ status: 'paid', totalCents: 7497 })
    expect(row.paymentDate).toBeInstanceOf(Date)
    // A paid invoice stays in the records; back to unpaid, it can go.
    expect(await summary({ intent: 'delete', invoiceId: invoice.id })).toMatchObject({
      status: 409,
      title: 'Failed to delete invoice',
      description: 'A paid invoice cannot be deleted: it stays in the records.',
    })
    expect(await summary({ intent: 'set-status', invoiceId: invoice.id, status: 'unpaid' })).toMatchObject({
      status: 200,
    })
    expect(await summary({ intent: 'delete', invoiceId: invoice.id })).toMatchObject({
      status: 200,
      title: 'Invoice Deleted',
    })
    expect(await database.db.$count(invoices, eq(invoices.id, invoice.id))).toBe(0)
    expect(await summary({ intent: 'delete', invoiceId: invoice.id })).toMatchObject({
      status: 404,
      ok: false,
      title: 'Failed to delete invoice',
      description: 'Invoice not found.',
    })
  })

  test('bad input gets a destructive toast and a 4xx, changes nothing, never throws', async () => {
    const [invoice] = await database.db
      .insert(invoices)
      .values({ userId: ids.customer, email: 'zed@example.com', status: 'unpaid', totalCents: 100 })
      .returning({ id: invoices.id })
    await database.db
      .insert(invoiceItems)
      .values({ invoiceId: invoice.id, description: 'Kept', quantity: 1, unitPriceCents: 100 })
    const snapshot = async () => ({
      invoices: await database.db.select().from(invoices).orderBy(invoices.id),
      items: await database.db.select().from(invoiceItems).orderBy(invoiceItems.id),
    })
    const before = await snapshot()
    const missing = { status: 400, ok: false, title: 'Error', description: MISSING_CUSTOMER_OR_ITEMS }
    const saveFailed = (status: number, description?: string) => ({
      status,
      ok: false,
      title: 'Failed to save invoice.',
      ...(description ? { description } : {}),
    })
    const cases: [Record<string, string | string[]>, object][] = [
      [{ ...goodForm(), userId: '' }, missing],
      [{ ...goodForm(), userId: "1' or 1=1" }, missing],
      [{ ...goodForm(), description: [], quantity: [], unitPrice: [], productId: [] }, missing],
      [{ intent: 'create' }, missing],
      [{ ...goodForm(), userId: unknownId }, saveFailed(400)],
      [{ ...goodForm(), quantity: ['0', '1'] }, saveFailed(400)],
      [{ ...goodForm(), quantity: ['2.5', '1'] }, saveFailed(400)],
      [{ ...goodForm(), unitPrice: ['-5', '1'] }, saveFailed(400)],
      [{ ...goodForm(), unitPrice: ['1.999', '1'] }, saveFailed(400)],
      [{ ...goodForm(), status: 'refunded' }, saveFailed(400, 'Choose a status: quote, unpaid or paid.')],
      [{ ...goodForm(), productId: ['', unknownId] }, saveFailed(400, 'A chosen product does not exist any more.')],
      [{ ...goodForm(), productId: ['', 'nope'] }, saveFailed(400)],
      [{ ...goodForm(), intent: 'update', invoiceId: unknownId }, saveFailed(404, 'Invoice not found.')],
      [{ ...goodForm(), intent: 'update', invoiceId: 'nope' }, saveFailed(404, 'Invoice not found.')],
      [{ ...goodForm(), intent: 'update', invoiceId: invoice.id, userId: '' }, missing],
      [{ intent: 'set-status', invoiceId: invoice.id, status: 'refunded' }, saveFailed(400)],
      [{ intent: 'set-status', invoiceId: 'nope', status: 'paid' }, saveFailed(400)],
      [{ intent: 'set-status', invoiceId: unknownId, status: 'paid' }, saveFailed(404, 'Invoice not found.')],
      [
        { intent: 'delete', invoiceId: 'nope' },
        { status: 404, ok: false, title: 'Failed to delete invoice' },
      ],
      [{ intent: 'delete' }, { status: 404, ok: false, title: 'Failed to delete invoice' }],
      [
        { intent: 'refund', invoiceId: invoice.id },
        { status: 400, ok: false, title: 'Error' },
      ],
      [{}, { status: 400, ok: false, title: 'Error' }],
    ]
    for (const [fields, expected] of cases) {
      expect({ fields, answer: await summary(fields) }).toMatchObject({ fields, answer: expected })
    }
    const notAForm = new Request('http://localhost:3000/admin/invoices', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: adminCookie, 'content-type': 'application/json' },
      body: '{"intent": "delete"',
    })
    const answer = (await action({ request: notAForm, params: {}, context: {} } as never)) as Answer
    expect(answer.init?.status).toBe(400)
    expect(await snapshot()).toEqual(before)
  })
})

describe('an open invoice page', () => {
  test('hears the admin’s status change on its event stream, once the stream says it is ready', async () => {
    const [invoice] = await database.db
      .insert(invoices)
      .values({ userId: ids.customer, email: 'zed@example.com', status: 'unpaid', totalCents: 100 })
      .returning({ id: invoices.id })
    const controller = new AbortController()
    const request = new Request(`http://localhost:3000/resources/invoices/${invoice.id}/events`, {
      headers: { cookie: adminCookie },
      signal: controller.signal,
    })
    const response = (await eventsLoader({
      request,
      params: { invoiceId: invoice.id },
      context: {},
    } as never)) as Response
    const { reader, readUntil } = eventStreamOf(response)
    await readUntil('event: ready\ndata: {}\n\n')
    expect(await summary({ intent: 'set-status', invoiceId: invoice.id, status: 'paid' })).toMatchObject({ ok: true })
    await readUntil('event: invoice\ndata: {"status":"paid"}\n\n')
    controller.abort()
    await expect(reader.read()).resolves.toMatchObject({ done: true })
  })
})

describe('the /admin/invoices loader', () => {
  async function load(query = '') {
    const request = new Request(`http://localhost:3000/admin/invoices${query}`, { headers: { cookie: adminCookie } })
    return loader({ request, params: {}, context: {} } as never)
  }

  test('lists every invoice with its customer, filters by status, tolerates a bad query', async () => {
    const all = await load()
    expect(all.errors).toEqual({ invoices: null, customers: null })
    expect(all.invoices.length).toBeGreaterThan(0)
    expect(all.invoices[0]).toMatchObject({ customerName: 'Ada Zed', customerEmail: 'zed@example.com' })
    // Only the customers of the listed invoices are sent, as their pickers show them.
    expect(all.invoices[0].customer).toEqual({ id: ids.customer, label: 'Ada Zed (zed@example.com)' })
    const unpaid = await load('?status=unpaid')
    expect(unpaid.status).toBe('unpaid')
    expect(unpaid.invoices.every((invoice) => invoice.status === 'unpaid')).toBe(true)
    const odd = await load('?status=%27;drop&page=-3')
    expect({ status: odd.status, page: odd.page, total: odd.total }).toEqual({
      status: null,
      page: 1,
      total: all.total,
    })
  })
})
