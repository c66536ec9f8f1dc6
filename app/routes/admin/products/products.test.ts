import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import { invoiceItems, invoices } from '#app/modules/invoices/schema.server.ts'
import { checkouts, orderLines, orders } from '#app/modules/orders/schema.server.ts'
import { reviews } from '#app/modules/reviews/schema.server.ts'
import { insertInvoice, insertOrder, insertProductCategory, insertReview } from '#tests/factories/shop-records.ts'
import { adminRouteTest, type PostedForm, UNKNOWN_ID } from '#tests/setup/admin-route-test.ts'
import type { ProductListActionResult } from './product-list-result.ts'
import { action, loader } from './products.tsx'

// /admin/products: the list's filters and search, and its actions, as the browser posts them.

const shop = adminRouteTest()
const page = shop.page('/admin/products', { loader, action })
const load = page.load
const post = (form: PostedForm) => page.post<ProductListActionResult>(form)
let categoryId = ''
const ids = { mount: '', bracket: '', clip: '', case: '' }

beforeAll(async () => {
  categoryId = (await insertProductCategory(shop.db, { name: 'Phone Mounts' })).id
})

beforeEach(async () => {
  await shop.db.delete(checkouts)
  await shop.db.delete(orders)
  await shop.db.delete(invoices)
  await shop.db.delete(products)
  const rows = await shop.db
    .insert(products)
    .values([
      {
        title: 'Bike Phone Mount',
        sku: 'BPM-1',
        categoryId,
        priceCents: 2499,
        stockQuantity: 4,
        images: ['products/demo/mount-1.png', 'products/demo/mount-2.png'],
        createdAt: new Date('2024-01-04'),
      },
      { title: 'Shelf Bracket', status: 'hidden', priceCents: 900, createdAt: new Date('2024-01-03') },
      {
        title: 'Cable Clip',
        status: 'archived',
        priceType: 'tiered',
        priceCents: 699,
        tieredPricing: [
          { quantity: 1, priceCents: 699 },
          { quantity: 10, priceCents: 549 },
        ],
        createdAt: new Date('2024-01-02'),
      },
      { title: 'Phone Case', priceCents: 1499, createdAt: new Date('2024-01-01') },
    ])
    .returning({ id: products.id })
  ;[ids.mount, ids.bracket, ids.clip, ids.case] = rows.map((row) => row.id)
})

async function statuses() {
  const rows = await shop.db.select({ title: products.title, status: products.status }).from(products)
  return Object.fromEntries(rows.map((row) => [row.title, row.status]))
}

describe('/admin/products list', () => {
  test('shows the visible products by default, newest first, with price label, stock and category', async () => {
    const data = await load('/admin/products')
    expect(data.filter).toBe('visible')
    expect(data.counts).toEqual({ visible: 2, hidden: 1, archived: 1, all: 4, 'low-stock': 2 })
    expect(data.products).toEqual([
      {
        id: ids.mount,
        title: 'Bike Phone Mount',
        image: 'products/demo/mount-1.png',
        priceCents: 2499,
        priceType: 'set',
        tieredPricing: [],
        stockQuantity: 4,
        lowStockThreshold: 3,
        sku: 'BPM-1',
        categoryName: 'Phone Mounts',
        status: 'visible',
      },
      expect.objectContaining({ title: 'Phone Case', categoryName: null, image: null }),
    ])
  })

  test('filters Hidden, Archived and All; a bad filter or page falls back to the defaults', async () => {
    const titles = async (path: string) => (await load(path)).products.map((product) => product.title)
    expect(await titles('/admin/products?filter=hidden')).toEqual(['Shelf Bracket'])
    expect(await titles('/admin/products?filter=archived')).toEqual(['Cable Clip'])
    expect(await titles('/admin/products?filter=all')).toEqual([
      'Bike Phone Mount',
      'Shelf Bracket',
      'Cable Clip',
      'Phone Case',
    ])
    const bad = await load('/admin/products?filter=deleted&page=-3')
    expect(bad.filter).toBe('visible')
    expect(bad.page).toBe(1)
    expect(await titles('/admin/products?filter=all&page=99')).toEqual([])
  })

  test('every filter shows the same counts: the shown filter’s comes from its page, the rest from one statement', async () => {
    const counts = { visible: 2, hidden: 1, archived: 1, all: 4, 'low-stock': 2 }
    for (const filter of ['visible', 'hidden', 'archived', 'all', 'low-stock']) {
      expect((await load(`/admin/products?filter=${filter}`)).counts, filter).toEqual(counts)
      // Past the last page the page has no row to carry its count: it is counted on its own.
      expect((await load(`/admin/products?filter=${filter}&page=9`)).counts, `${filter}, page 9`).toEqual(counts)
      expect((await load(`/admin/products?filter=${filter}&q=phone`)).counts, `${filter}, phone`).toEqual({
        visible: 2,
        hidden: 0,
        archived: 0,
        all: 2,
        'low-stock': 1,
      })
    }
  })

  test('Low stock: not archived, stock at or below the product’s own alert, the emptiest first', async () => {
    const titles = async (path: string) => (await load(path)).products.map((product) => product.title)
    // Shelf Bracket (hidden) and Phone Case have no stock; Cable Clip is archived; the mount has 4.
    expect(await titles('/admin/products?filter=low-stock')).toEqual(['Shelf Bracket', 'Phone Case'])
    await shop.db.update(products).set({ lowStockThreshold: 4 }).where(eq(products.id, ids.mount))
    await shop.db.update(products).set({ stockQuantity: 1, lowStockThreshold: 0 }).where(eq(products.id, ids.case))
    const data = await load('/admin/products?filter=low-stock')
    expect(data.filter).toBe('low-stock')
    expect(data.counts['low-stock']).toBe(2)
    expect(data.products.map((product) => [product.title, product.stockQuantity])).toEqual([
      ['Shelf Bracket', 0],
      ['Bike Phone Mount', 4],
    ])
    expect((await load('/admin/products?filter=low-stock&q=bike')).products.map((row) => row.title)).toEqual([
      'Bike Phone Mount',
    ])
  })

  test('the dashboard’s Low stock card lists the same products, with stock and threshold', async () => {
    const { loader: dashboardLoader } = await import('../dashboard/dashboard.tsx')
    const data = await shop.page('/admin', { loader: dashboardLoader }).load()
    expect(
      data.lowStock.products.map(({ title, stockQuantity, lowStockThreshold, status }) => ({
        title,
        stockQuantity,
        lowStockThreshold,
        status,
      })),
    ).toEqual([
      { title: 'Phone Case', stockQuantity: 0, lowStockThreshold: 3, status: 'visible' },
      { title: 'Shelf Bracket', stockQuantity: 0, lowStockThreshold: 3, status: 'hidden' },
    ])
    expect(data.lowStock.products.map((product) => product.id)).toEqual([ids.case, ids.bracket])
    expect(data.lowStock.total).toBe(2)
  })

  test('searches title and SKU, case-insensitive, with wildcards taken literally', async () => {
    const search = async (q: string) => load(`/admin/products?filter=all&q=${encodeURIComponent(q)}`)
    expect((await search('PHONE')).products.map((product) => product.title)).toEqual(['Bike Phone Mount', 'Phone Case'])
    expect((await search('bpm-')).products.map((product) => product.title)).toEqual(['Bike Phone Mount'])
    expect((await search('%')).products).toEqual([])
    expect((await search('phone')).counts).toEqual({ visible: 2, hidden: 0, archived: 0, all: 2, 'low-stock': 1 })
  })
})

describe('/admin/products actions', () => {
  test('the switch makes a product visible or hidden', async () => {
    expect(await post({ intent: 'set-visibility', productId: ids.bracket, status: 'visible' })).toMatchObject({
      ok: true,
      toast: { title: 'Visibility Updated' },
    })
    expect(await post({ intent: 'set-visibility', productId: ids.mount, status: 'hidden' })).toMatchObject({ ok: true })
    expect(await statuses()).toMatchObject({ 'Shelf Bracket': 'visible', 'Bike Phone Mount': 'hidden' })
  })

  test('Archive and Restore', async () => {
    expect(await post({ intent: 'archive', productId: ids.mount })).toMatchObject({
      ok: true,
      toast: { title: 'Product Archived' },
    })
    expect(await post({ intent: 'restore', productId: ids.clip })).toMatchObject({
      ok: true,
      toast: { title: 'Status Updated' },
    })
    expect(await statuses()).toMatchObject({ 'Bike Phone Mount': 'archived', 'Cable Clip': 'hidden' })
  })

  test('bad input is refused with a message and changes nothing', async () => {
    const before = await statuses()
    const forms: Record<string, string>[] = [
      { intent: 'set-visibility', productId: ids.bracket, status: 'archived' },
      { intent: 'set-visibility', productId: ids.bracket },
      { intent: 'set-visibility', productId: 'not-an-id', status: 'visible' },
      { intent: 'set-visibility', productId: UNKNOWN_ID, status: 'visible' },
      { intent: 'archive', productId: "1' or '1'='1" },
      { intent: 'archive', productId: UNKNOWN_ID },
      { intent: 'restore' },
      { intent: 'delete', productId: 'x' },
      { intent: 'delete', productId: UNKNOWN_ID },
      { intent: 'publish', productId: ids.bracket },
      {},
    ]
    for (const form of forms) {
      const answer = await post(form)
      expect(answer.ok, JSON.stringify(form)).toBe(false)
      expect([400, 404]).toContain(answer.status)
      expect(answer.toast.variant).toBe('destructive')
    }
    expect(await post({ intent: 'archive', productId: UNKNOWN_ID })).toMatchObject({
      status: 404,
      toast: { title: 'Error', description: 'Product not found.' },
    })
    expect(await statuses()).toEqual(before)
    const notAForm = await shop.call(action, { url: '/admin/products', body: '{"intent":' })
    expect(notAForm.status).toBe(400)
  })

  test('Delete removes the product for good; orders, invoices and their lines stay with title and price', async () => {
    await insertReview(shop.db, { productId: ids.mount, name: 'Kim', rating: 5, title: 'Great', comment: 'Great.' })
    const sold = { productId: ids.mount, quantity: 1, unitPriceCents: 2499 }
    await insertOrder(shop.db, { email: 'kim@example.com', lines: [{ ...sold, title: 'Bike Phone Mount' }] })
    await insertInvoice(shop.db, {
      email: 'kim@example.com',
      status: 'paid',
      items: [{ ...sold, description: 'Bike Phone Mount' }],
    })

    expect(await post({ intent: 'delete', productId: ids.mount })).toMatchObject({
      ok: true,
      toast: { title: 'Product Deleted' },
    })
    expect(await statuses()).not.toHaveProperty('Bike Phone Mount')
    expect(await shop.db.select({ productId: orderLines.productId, title: orderLines.title }).from(orderLines)).toEqual(
      [{ productId: null, title: 'Bike Phone Mount' }],
    )
    expect(
      await shop.db
        .select({ productId: invoiceItems.productId, price: invoiceItems.unitPriceCents })
        .from(invoiceItems),
    ).toEqual([{ productId: null, price: 2499 }])
    expect(await shop.db.select().from(reviews)).toEqual([])
    // Deleting it again: it is gone.
    expect(await post({ intent: 'delete', productId: ids.mount })).toMatchObject({ ok: false, status: 404 })
  })

  test('a product in an unfinished checkout is not deleted: a paid checkout becomes an order line', async () => {
    const line = {
      productId: ids.case,
      title: 'Phone Case',
      variation: null,
      quantity: 1,
      unitPriceCents: 1499,
      totalPriceCents: 1499,
    }
    const checkout = {
      lines: [line],
      subtotalCents: 1499,
      totalCents: 1999,
      shippingCents: 500,
      provider: 'demo',
      expiresAt: new Date(Date.now() + 30 * 60 * 1000),
    }
    const [open] = await shop.db.insert(checkouts).values(checkout).returning({ id: checkouts.id })
    const refused = await post({ intent: 'delete', productId: ids.case })
    expect(refused).toMatchObject({ ok: false, status: 409, toast: { title: 'Product Not Deleted' } })
    expect(refused.toast.description).toContain('Archive it')
    expect(await statuses()).toHaveProperty('Phone Case')

    // Expired days ago, it can no longer be paid: the product may go.
    await shop.db
      .update(checkouts)
      .set({ status: 'expired', createdAt: new Date(Date.now() - 10 * 24 * 60 * 60 * 1000) })
      .where(eq(checkouts.id, open.id))
    expect(await post({ intent: 'delete', productId: ids.case })).toMatchObject({ ok: true })
  })
})

describe('/admin/products bulk actions', () => {
  /** A bulk action on the ticked products, with the list's scope and query or a category when it takes them. */
  const postBulk = (intent: string, ticked: string[], more: Record<string, string> = {}) =>
    post([['intent', intent], ...ticked.map((id): [string, string] => ['ids', id]), ...Object.entries(more)])

  test('hide, show and archive the ticked products, in one confirmation', async () => {
    expect(await postBulk('bulk-hide', [ids.mount, ids.case])).toMatchObject({
      ok: true,
      toast: { title: 'Products Updated', description: '2 products are now hidden from the shop.' },
    })
    expect(await statuses()).toMatchObject({ 'Bike Phone Mount': 'hidden', 'Phone Case': 'hidden' })
    expect(await postBulk('bulk-show', [ids.case])).toMatchObject({
      toast: { description: '1 product is now visible in the shop.' },
    })
    expect(await postBulk('bulk-archive', [ids.bracket])).toMatchObject({ ok: true })
    expect(await statuses()).toEqual({
      'Bike Phone Mount': 'hidden',
      'Phone Case': 'visible',
      'Shelf Bracket': 'archived',
      'Cable Clip': 'archived',
    })
  })

  test('“all matching” applies to every product of the list’s filter and search, not just the page', async () => {
    expect(await postBulk('bulk-show', [], { scope: 'all', query: 'filter=all&q=phone' })).toMatchObject({
      ok: true,
      toast: { description: '2 products are now visible in the shop.' },
    })
    expect(await postBulk('bulk-hide', [], { scope: 'all', query: 'filter=archived' })).toMatchObject({
      toast: { description: '1 product is now hidden from the shop.' },
    })
    expect(await statuses()).toMatchObject({ 'Cable Clip': 'hidden', 'Shelf Bracket': 'hidden' })
  })

  test('move to a category, or to none; an unknown category changes nothing', async () => {
    expect(await postBulk('bulk-category', [ids.case, ids.bracket], { categoryId })).toMatchObject({
      ok: true,
      toast: { description: '2 products moved to the chosen category.' },
    })
    const categoryOf = async () =>
      Object.fromEntries(
        (await shop.db.select({ title: products.title, categoryId: products.categoryId }).from(products)).map((row) => [
          row.title,
          row.categoryId,
        ]),
      )
    expect(await categoryOf()).toMatchObject({ 'Phone Case': categoryId, 'Shelf Bracket': categoryId })
    expect(await postBulk('bulk-category', [ids.case], { categoryId: UNKNOWN_ID })).toMatchObject({
      status: 404,
      toast: { description: 'That category does not exist any more.' },
    })
    expect(await postBulk('bulk-category', [ids.mount], { categoryId: '' })).toMatchObject({ ok: true })
    expect(await categoryOf()).toMatchObject({ 'Phone Case': categoryId, 'Bike Phone Mount': null })
  })

  test('delete removes the ticked products for good', async () => {
    expect(await postBulk('bulk-delete', [ids.clip, ids.case])).toMatchObject({
      ok: true,
      toast: { title: 'Products Deleted', description: '2 products deleted for good.' },
    })
    expect(Object.keys(await statuses()).sort()).toEqual(['Bike Phone Mount', 'Shelf Bracket'])
    expect(await postBulk('bulk-delete', [ids.clip])).toMatchObject({ status: 404 })
  })

  test('a selection that names nothing usable is refused and changes nothing', async () => {
    const before = await statuses()
    for (const entries of [
      [['intent', 'bulk-hide']],
      [
        ['intent', 'bulk-hide'],
        ['ids', 'not-a-uuid'],
      ],
      [
        ['intent', 'bulk-hide'],
        ['ids', ids.mount],
        ['ids', "'; drop table products"],
      ],
      [
        ['intent', 'bulk-hide'],
        ['scope', 'all'],
        ['query', 'filter=all&q=no-such-product'],
      ],
      [
        ['intent', 'bulk-nonsense'],
        ['ids', ids.mount],
      ],
    ] as [string, string][][]) {
      const answer = await post(entries)
      expect(answer.ok).toBe(false)
      expect([400, 404]).toContain(answer.status)
    }
    expect(
      await post(
        Array.from({ length: 1001 }, () => ['ids', randomUUID()] as [string, string]).concat([['intent', 'bulk-hide']]),
      ),
    ).toMatchObject({ status: 400 })
    expect(await statuses()).toEqual(before)
  })
})
