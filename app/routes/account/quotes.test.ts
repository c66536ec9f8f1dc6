import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import { invoiceItems, invoices } from '#app/modules/invoices/schema.server.ts'
import { latestMailTo } from '#app/modules/mail/index.server.ts'
import { createQuote } from '#app/modules/quotes/index.server.ts'
import { quoteItems, quotes } from '#app/modules/quotes/schema.server.ts'
import { action as adminAction, loader as adminLoader } from '#app/routes/admin/invoices/quotes.tsx'
import { acceptQuote } from '#app/workflows/accept-quote.server.ts'
import { insertProduct } from '#tests/factories/shop-records.ts'
import { answerOf, loadRoute, routeRequest } from '#tests/setup/route-calls.ts'
import { signedInAccountsForFile } from '#tests/setup/signed-in-test.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { action, loader } from './quotes.tsx'

// My Quotes (storefront §2, §4, §9) and the shop's side of it (/admin/quotes).
const { database, admin, customer: casey } = signedInAccountsForFile()
const cookies = { casey: '', robin: '', admin: '' }
const ids = { casey: '', mount: '', clips: '', hidden: '' }

beforeAll(async () => {
  const robin = await createTestAccount(database, 'robin@example.com', { name: 'Robin Other' })
  Object.assign(cookies, { casey: casey.cookie, robin: robin.cookie, admin: admin.cookie })
  ids.casey = casey.id
  const { db } = database
  const product = async (fields: Parameters<typeof insertProduct>[1]) => (await insertProduct(db, fields)).id
  ids.mount = await product({
    title: 'Bike Mount',
    priceCents: 2499,
    priceType: 'tiered',
    // Quotes ignore the tiers: base price only (§9).
    tieredPricing: [{ quantity: 2, priceCents: 1999 }],
    stockQuantity: 5,
  })
  ids.clips = await product({ title: 'Cable Clips', priceCents: 899, stockQuantity: 0 })
  ids.hidden = await product({ title: 'Secret Prototype', priceCents: 100, status: 'hidden', stockQuantity: 3 })
})

const request = (url: string, cookie: string, form?: Record<string, string>) => routeRequest({ url, cookie, form })

type Answer = {
  data: { ok: boolean; toast: { title: string; description?: string } }
  init: { status?: number } | null
}
const post = (cookie: string, form: Record<string, string>) =>
  answerOf<Answer['data']>(action, { url: '/quotes', cookie, form })
const save = (cookie: string, items: unknown) => post(cookie, { intent: 'save', items: JSON.stringify(items) })

type Page = {
  signedIn: boolean
  q?: string
  nextHref?: string | null
  previousHref?: string | null
  products?: { id: string }[]
  quotes?: { id: string; totalCents: number }[]
}
const load = async (cookie: string) => (await loadRoute(loader, { url: '/quotes', cookie })) as Page

const quoteCount = async () => (await database.db.select().from(quotes)).length

describe('My Quotes', () => {
  test('a visitor sees Access Denied and cannot save', async () => {
    expect(await load('')).toEqual({ signedIn: false })
    expect(await save('', [{ productId: ids.mount, quantity: 1 }])).toMatchObject({
      status: 401,
      toast: { title: 'Not logged in' },
    })
  })

  test('lists only visible products, whatever their stock, in stock first; a search keeps its titles', async () => {
    const page = await load(cookies.casey)
    expect(page.products?.map((product) => product.id)).toEqual([ids.mount, ids.clips])
    expect(page).toMatchObject({ q: '', nextHref: null, previousHref: null })
    const clips = (await loadRoute(loader, { url: '/quotes?q=clip', cookie: cookies.casey })) as Page
    expect(clips).toMatchObject({ q: 'clip' })
    expect(clips.products?.map((product) => product.id)).toEqual([ids.clips])
    const prototype = (await loadRoute(loader, { url: '/quotes?q=Secret', cookie: cookies.casey })) as Page
    expect(prototype.products).toEqual([])
  })

  test('saves a draft at base prices, valid 14 days, with its items; newest first', async () => {
    const before = Date.now()
    const saved = await save(cookies.casey, [
      { productId: ids.mount, quantity: 3 },
      { productId: ids.clips, quantity: 2 },
      { productId: ids.mount, quantity: 1 },
    ])
    expect(saved).toMatchObject({ ok: true, toast: { title: 'Quote Saved!' } })
    const [quote] = await database.db.select().from(quotes).orderBy(quotes.createdAt)
    // 4 × 24.99 (not the 19.99 tier) + 2 × 8.99
    expect(quote).toMatchObject({ userId: ids.casey, status: 'draft', totalCents: 4 * 2499 + 2 * 899 })
    const days = (quote.expiresAt.getTime() - before) / (24 * 60 * 60 * 1000)
    expect(days).toBeGreaterThan(13.99)
    expect(days).toBeLessThan(14.01)
    const items = await database.db.select().from(quoteItems).where(eq(quoteItems.quoteId, quote.id))
    expect(items.map((item) => [item.title, item.quantity, item.unitPriceCents]).sort()).toEqual([
      ['Bike Mount', 4, 2499],
      ['Cable Clips', 2, 899],
    ])
    await save(cookies.casey, [{ productId: ids.clips, quantity: 1 }])
    const page = await load(cookies.casey)
    expect(page.quotes?.map((row) => row.totalCents)).toEqual([899, 4 * 2499 + 2 * 899])
    // Robin sees none of Casey's quotes.
    expect((await load(cookies.robin)).quotes).toEqual([])
  })

  test.each([
    ['no items', []],
    ['a quantity of 0', [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 0 }]],
    ['a fractional quantity', [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 1.5 }]],
    ['an unknown product', [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 1 }]],
    ['a malformed id', [{ productId: "'; drop table quotes; --", quantity: 1 }]],
    ['not a list', { productId: 'x' }],
  ])('refuses %s with Failed to save quote, and saves nothing', async (_name, items) => {
    const before = await quoteCount()
    const answer = await save(cookies.casey, items)
    expect(answer).toMatchObject({ ok: false, toast: { title: 'Failed to save quote' } })
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(await quoteCount()).toBe(before)
  })

  test('refuses a hidden product, and items that are not JSON', async () => {
    const before = await quoteCount()
    expect(await save(cookies.casey, [{ productId: ids.hidden, quantity: 1 }])).toMatchObject({
      status: 409,
      toast: { title: 'Failed to save quote', description: expect.stringContaining('no longer available') },
    })
    expect(await post(cookies.casey, { intent: 'save', items: '{nope' })).toMatchObject({ status: 400 })
    expect(await quoteCount()).toBe(before)
  })

  test('deletes only the customer’s own quote', async () => {
    await save(cookies.casey, [{ productId: ids.mount, quantity: 1 }])
    const [latest] = (await load(cookies.casey)).quotes ?? []
    expect(await post(cookies.robin, { intent: 'delete', quoteId: latest.id })).toMatchObject({
      status: 404,
      toast: { title: 'Deletion failed' },
    })
    expect(await post(cookies.casey, { intent: 'delete', quoteId: 'not-a-uuid' })).toMatchObject({ status: 404 })
    expect(await post(cookies.casey, { intent: 'delete', quoteId: latest.id })).toMatchObject({
      ok: true,
      toast: { title: 'Quote Deleted' },
    })
    expect(await database.db.select().from(quoteItems).where(eq(quoteItems.quoteId, latest.id))).toEqual([])
  })

  test('the customer asks the shop to accept a quote; the shop is e-mailed; not twice, not when expired', async () => {
    await save(cookies.casey, [{ productId: ids.mount, quantity: 2 }])
    const [latest] = (await load(cookies.casey)).quotes ?? []
    expect(await post(cookies.robin, { intent: 'request', quoteId: latest.id })).toMatchObject({ status: 404 })
    expect(await post(cookies.casey, { intent: 'request', quoteId: latest.id })).toMatchObject({
      ok: true,
      toast: { title: 'Request Sent' },
    })
    const [row] = await database.db.select().from(quotes).where(eq(quotes.id, latest.id))
    expect(row.status).toBe('requested')
    expect(row.requestedAt).toBeInstanceOf(Date)
    expect((await latestMailTo('shop@localhost', 'quote-requested'))?.subject).toBe(
      `Quote ${latest.id.slice(0, 8)} to accept`,
    )
    expect(await post(cookies.casey, { intent: 'request', quoteId: latest.id })).toMatchObject({ status: 409 })

    const old = await createQuote(
      ids.casey,
      [{ productId: ids.mount, title: 'Bike Mount', quantity: 1, unitPriceCents: 2499, totalPriceCents: 2499 }],
      new Date(Date.now() - 15 * 24 * 60 * 60 * 1000),
    )
    expect(old.expired).toBe(true)
    expect(await post(cookies.casey, { intent: 'request', quoteId: old.id })).toMatchObject({
      status: 409,
      toast: { description: expect.stringContaining('expired') },
    })
  })
})

describe('the shop accepts a quote', () => {
  test('Create Invoice makes one unpaid invoice at the quoted prices, linked both ways, and mails it', async () => {
    const quote = await createQuote(ids.casey, [
      { productId: ids.mount, title: 'Bike Mount', quantity: 3, unitPriceCents: 2499, totalPriceCents: 7497 },
    ])
    // The price went up since: the invoice keeps the quoted one.
    await database.db.update(products).set({ priceCents: 3999 }).where(eq(products.id, ids.mount))
    const answer = (await adminAction({
      request: request('/admin/quotes', cookies.admin, { intent: 'accept', quoteId: quote.id }),
      params: {},
      context: {},
    } as never)) as Answer
    expect(answer.data).toMatchObject({ ok: true, toast: { title: 'Invoice Created' } })
    const [row] = await database.db.select().from(quotes).where(eq(quotes.id, quote.id))
    expect(row).toMatchObject({ status: 'accepted', invoiceId: expect.any(String) })
    const [invoice] = await database.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, row.invoiceId as string))
    expect(invoice).toMatchObject({ status: 'unpaid', userId: ids.casey, totalCents: 7497 })
    expect(invoice.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const items = await database.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id))
    expect(items.map((item) => [item.description, item.quantity, item.unitPriceCents])).toEqual([
      ['Bike Mount', 3, 2499],
    ])
    expect((await latestMailTo('casey@example.com', 'invoice'))?.subject).toBe(`Invoice ${invoice.id.slice(0, 8)}`)

    // Again, or at once from two tabs: one invoice only.
    expect(await acceptQuote(quote.id)).toMatchObject({ ok: false, reason: 'accepted' })
    expect((await database.db.select().from(invoices).where(eq(invoices.userId, ids.casey))).length).toBe(1)
  })

  test('two admins accepting at once make one invoice', async () => {
    const quote = await createQuote(ids.casey, [
      { productId: ids.clips, title: 'Cable Clips', quantity: 1, unitPriceCents: 899, totalPriceCents: 899 },
    ])
    const results = await Promise.all([acceptQuote(quote.id), acceptQuote(quote.id)])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
  })

  test('an expired quote cannot be accepted; the list shows it as expired', async () => {
    const old = await createQuote(
      ids.casey,
      [{ productId: ids.clips, title: 'Cable Clips', quantity: 1, unitPriceCents: 899, totalPriceCents: 899 }],
      new Date(Date.now() - 20 * 24 * 60 * 60 * 1000),
    )
    expect(await acceptQuote(old.id)).toMatchObject({ ok: false, reason: 'expired' })
    const page = (await adminLoader({
      request: request('/admin/quotes?filter=expired', cookies.admin),
      params: {},
      context: {},
    } as never)) as { quotes: { id: string; expired: boolean; customerEmail: string }[] }
    expect(page.quotes.find((quote) => quote.id === old.id)).toMatchObject({
      expired: true,
      customerEmail: 'casey@example.com',
    })
    const bad = (await adminAction({
      request: request('/admin/quotes', cookies.admin, { intent: 'accept', quoteId: 'x' }),
      params: {},
      context: {},
    } as never)) as Answer
    expect(bad.init?.status).toBe(404)
  })
})
