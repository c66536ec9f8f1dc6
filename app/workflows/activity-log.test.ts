import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { activityLog } from '#app/modules/activity/schema.server.ts'
import { products } from '#app/modules/catalog/schema.server.ts'
import type { NewProduct } from '#app/modules/catalog/schemas.ts'
import { createInvoice, deleteInvoice, setInvoiceStatus, voidInvoice } from '#app/modules/invoices/index.server.ts'
import { loader as activityLoader } from '#app/routes/admin/activity/activity.tsx'
import { login } from '#app/routes/auth/+shared/auth-actions.server.ts'
import { insertPaidOrder, insertProduct, insertReview, insertUser } from '#tests/factories/shop-records.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { approveReviewAndUpdateRating } from './approve-review.server.ts'
import { changeProductsStatus } from './change-products.server.ts'
import { deleteProductForGood } from './delete-product.server.ts'
import { deleteReviewAndUpdateRating } from './delete-review.server.ts'
import { editProduct } from './edit-product.server.ts'
import { invoiceAudit } from './invoice-audit.server.ts'
import { cancelOrder, changeInternalNote, changeOrderStatus, shipOrder } from './orders/fulfil-order.server.ts'
import { saveInvoice } from './save-invoice.server.ts'

// The activity log (issue 13 §4): an admin's write is recorded with who, what, which record and
// the fields before and after, in the transaction of the change, so a refused change leaves no
// entry; admin sign-ins are recorded, customers' are not.

let database: TestDatabase
let adminCookie = ''
const actor = { id: null as string | null, label: 'alex@example.com' }

beforeAll(async () => {
  database = await createTestDatabase()
  resetAuth()
  const admin = await createTestAccount(database, 'alex@example.com', { admin: true, name: 'Alex Admin' })
  actor.id = admin.id
  adminCookie = admin.cookie
})

beforeEach(async () => {
  await database.db.delete(activityLog)
})

afterAll(async () => {
  resetAuth()
  await database?.close()
})

async function entries() {
  return database.db.select().from(activityLog).orderBy(activityLog.createdAt)
}

function formOf(product: typeof products.$inferSelect, changes: Partial<NewProduct>): NewProduct {
  return {
    title: product.title,
    description: product.description,
    priceType: product.priceType,
    priceCents: product.priceCents,
    tieredPricing: product.tieredPricing,
    sku: product.sku,
    categoryId: product.categoryId,
    shippingCategoryId: product.shippingCategoryId,
    variations: [],
    stockQuantity: product.stockQuantity,
    lowStockThreshold: product.lowStockThreshold,
    status: product.status,
    quickSelectVisible: product.quickSelectVisible,
    videos: product.videos,
    images: product.images,
    ...changes,
  }
}

describe('products', () => {
  test('an edit records the fields it changed, before and after, and only those', async () => {
    const product = await insertProduct(database.db, { title: 'Bike Mount', priceCents: 2499, stockQuantity: 7 })
    const form = formOf(product, { title: 'Bike Mount Pro', priceCents: 2999 })
    expect(await editProduct(product.id, form, { keep: [], uploads: [], actor })).toEqual({ ok: true })
    const [entry] = await entries()
    expect(entry).toMatchObject({
      actorId: actor.id,
      actorLabel: 'alex@example.com',
      action: 'product.updated',
      recordType: 'product',
      recordId: product.id,
      recordLabel: 'Bike Mount Pro',
      changes: {
        title: { before: 'Bike Mount', after: 'Bike Mount Pro' },
        priceCents: { before: 2499, after: 2999 },
      },
    })
    expect(Object.keys(entry?.changes ?? {}).sort()).toEqual(['priceCents', 'title'])
  })

  test('a refused edit (a SKU another product has) changes nothing and records nothing', async () => {
    await insertProduct(database.db, { sku: 'TAKEN-1' })
    const product = await insertProduct(database.db, { title: 'Clip' })
    const refused = await editProduct(product.id, formOf(product, { sku: 'TAKEN-1', title: 'Renamed' }), {
      keep: [],
      uploads: [],
      actor,
    })
    expect(refused.ok).toBe(false)
    expect(await entries()).toEqual([])
    const [stored] = await database.db.select().from(products).where(eq(products.id, product.id))
    expect(stored?.title).toBe('Clip')
  })

  test('status changes record each product whose status moved; a delete is recorded with its title', async () => {
    const visible = await insertProduct(database.db, { title: 'Visible One' })
    const hidden = await insertProduct(database.db, { title: 'Hidden One', status: 'hidden' })
    expect(await changeProductsStatus([visible.id, hidden.id], 'hidden', actor)).toBe(2)
    expect((await entries()).map((entry) => [entry.action, entry.recordLabel, entry.changes])).toEqual([
      ['product.hidden', 'Visible One', { status: { before: 'visible', after: 'hidden' } }],
    ])
    expect(await deleteProductForGood(hidden.id, { actor })).toEqual({ ok: true })
    expect((await entries()).at(-1)).toMatchObject({ action: 'product.deleted', recordLabel: 'Hidden One' })
  })
})

describe('invoices', () => {
  test('a status change, voiding and deleting are recorded; what is refused is not', async () => {
    const customer = await insertUser(database.db)
    const input = {
      userId: customer.id,
      email: customer.email,
      status: 'unpaid' as const,
      items: [{ description: 'Scan', quantity: 1, unitPriceCents: 4000, productId: null }],
    }
    const paid = await createInvoice(input)
    await setInvoiceStatus(paid.id, 'paid', invoiceAudit(actor))
    await setInvoiceStatus(paid.id, 'paid', invoiceAudit(actor))
    await voidInvoice(paid.id, invoiceAudit(actor))
    expect(await deleteInvoice(paid.id, invoiceAudit(actor))).toBe('void')
    const unpaid = await createInvoice(input)
    await deleteInvoice(unpaid.id, invoiceAudit(actor))
    expect((await entries()).map((entry) => [entry.action, entry.recordId, entry.changes])).toEqual([
      ['invoice.status-changed', paid.id, { status: { before: 'unpaid', after: 'paid' } }],
      ['invoice.voided', paid.id, { status: { before: 'paid', after: 'void' } }],
      ['invoice.deleted', unpaid.id, { status: { before: 'unpaid', after: null } }],
    ])
  })

  test('an invoice written and edited in the back-office is recorded with its fields; a save that changes nothing is not', async () => {
    const customer = await insertUser(database.db, { email: 'robin@example.com' })
    const form = {
      userId: customer.id,
      status: 'quote' as const,
      items: [{ description: 'Scan', quantity: 1, unitPriceCents: 4000, productId: null }],
    }
    const created = await saveInvoice(form, { actor })
    if (!created.ok) throw new Error(created.message)
    const id = created.invoice.id
    await saveInvoice(form, { invoiceId: id, actor })
    const edited = {
      ...form,
      status: 'unpaid' as const,
      items: [...form.items, { description: 'Print', quantity: 2, unitPriceCents: 1500, productId: null }],
    }
    await saveInvoice(edited, { invoiceId: id, actor })
    expect((await entries()).map((entry) => [entry.action, entry.recordId, entry.actorLabel, entry.changes])).toEqual([
      [
        'invoice.created',
        id,
        'alex@example.com',
        {
          customer: { before: null, after: 'robin@example.com' },
          status: { before: null, after: 'quote' },
          totalCents: { before: null, after: 4000 },
          items: { before: null, after: ['1 × Scan @ 4000'] },
        },
      ],
      [
        'invoice.updated',
        id,
        'alex@example.com',
        {
          status: { before: 'quote', after: 'unpaid' },
          totalCents: { before: 4000, after: 7000 },
          items: { before: ['1 × Scan @ 4000'], after: ['1 × Scan @ 4000', '2 × Print @ 1500'] },
        },
      ],
    ])
  })
})

describe('reviews', () => {
  test('an approval and a deletion by an admin are recorded', async () => {
    const product = await insertProduct(database.db)
    const review = await insertReview(database.db, { productId: product.id })
    expect(await approveReviewAndUpdateRating(review.id, actor)).not.toBeNull()
    expect(await deleteReviewAndUpdateRating(review.id, actor)).not.toBeNull()
    expect(await deleteReviewAndUpdateRating(review.id, actor)).toBeNull()
    expect((await entries()).map((entry) => [entry.action, entry.recordId])).toEqual([
      ['review.approved', review.id],
      ['review.deleted', review.id],
    ])
  })
})

describe('orders', () => {
  test('status, shipment and note are recorded with the order’s number; a refused cancel is not', async () => {
    const product = await insertProduct(database.db, { title: 'Gear' })
    const order = await insertPaidOrder(database.db, {
      paidAt: new Date(),
      lines: [{ product, quantity: 1, unitPriceCents: 1000 }],
    })
    expect((await changeOrderStatus(order.id, 'pending', actor)).ok).toBe(true)
    expect((await changeInternalNote(order.id, 'Gift wrap', actor)).ok).toBe(true)
    expect((await changeInternalNote(order.id, 'Gift wrap, blue', actor)).ok).toBe(true)
    const shipment = { carrier: 'UPS', trackingNumber: '1Z999', trackingUrl: null }
    expect((await shipOrder(order.id, shipment, actor)).ok).toBe(true)
    expect((await cancelOrder(order.id, { refund: false }, actor)).ok).toBe(false)
    expect((await entries()).map((entry) => [entry.action, entry.recordLabel, entry.changes])).toEqual([
      ['order.status-changed', `Order #${order.number}`, { status: { before: 'processing', after: 'pending' } }],
      ['order.note-saved', `Order #${order.number}`, { internalNote: { before: null, after: 'Gift wrap' } }],
      [
        'order.note-saved',
        `Order #${order.number}`,
        { internalNote: { before: 'Gift wrap', after: 'Gift wrap, blue' } },
      ],
      [
        'order.shipped',
        `Order #${order.number}`,
        {
          status: { before: 'pending', after: 'shipped' },
          carrier: { before: null, after: 'UPS' },
          trackingNumber: { before: null, after: '1Z999' },
        },
      ],
    ])
  })
})

describe('sign-ins and the /admin/activity page', () => {
  test('an admin’s sign-in is recorded, a customer’s is not', async () => {
    await createTestAccount(database, 'casey@example.com')
    const client = { ip: '203.0.113.7' }
    await login({ email: 'casey@example.com', password: 'Test-pass-1!' }, client)
    await login({ email: 'alex@example.com', password: 'Test-pass-1!' }, client)
    await login({ email: 'alex@example.com', password: 'wrong-password' }, client)
    expect((await entries()).map((entry) => [entry.action, entry.actorLabel])).toEqual([
      ['admin.signed-in', 'alex@example.com'],
    ])
  })

  test('lists the log newest first, by kind of record, one record, a search and days', async () => {
    const product = await insertProduct(database.db, { title: 'Spool Holder' })
    await changeProductsStatus([product.id], 'archived', actor)
    await changeProductsStatus([product.id], 'visible', actor)
    const load = async (query: string) =>
      activityLoader({
        request: new Request(`http://localhost:3000/admin/activity${query}`, { headers: { cookie: adminCookie } }),
        params: {},
        context: {},
      } as never)
    const all = await load('')
    expect(all.entries.map((entry) => entry.action)).toEqual(['product.shown', 'product.archived'])
    expect((await load(`?type=product&record=${product.id}`)).total).toBe(2)
    expect((await load('?type=invoice')).total).toBe(0)
    expect((await load('?q=spool')).total).toBe(2)
    expect((await load('?q=nothing-like-it')).total).toBe(0)
    expect((await load('?from=2099-01-01')).total).toBe(0)
    // Bad filters fall back to everything.
    const bad = await load('?type=%27;drop&record=../../etc&from=yesterday&page=-3')
    expect(bad).toMatchObject({ type: 'all', record: null, from: null, page: 1, total: 2 })
  })
})
