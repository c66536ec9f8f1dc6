import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { encodeCursor, type PageCursor } from '#app/utils/keyset.server.ts'
import { insertProduct, insertProductCategory } from '#tests/factories/shop-records.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import {
  countVisibleProducts,
  listPickableProductPage,
  listVisibleProductPage,
  listVisibleProductPricePage,
  visibleProductIdBatches,
} from './product-pages.server.ts'
import { PRODUCT_SORTS, type ProductSort } from './product-sorts.ts'
import { products } from './schema.server.ts'
import { listOrderableProductsByIds } from './service.server.ts'

let database: TestDatabase
const categories = { mounts: '', cases: '' }
const unlisted: string[] = []
const PAGE = 4

beforeAll(async () => {
  database = await createTestDatabase()
  const { db } = database
  categories.mounts = (await insertProductCategory(db, { name: 'Phone Mounts', position: 0 })).id
  categories.cases = (await insertProductCategory(db, { name: 'Device Cases', position: 1 })).id
  // Ties on every key (prices, ratings, a creation time apart by a microsecond only, titles) and
  // products out of stock, so that each order's last key, the id, decides.
  for (let index = 0; index < 23; index++) {
    await insertProduct(db, {
      title: `Product ${String(index % 7).padStart(2, '0')}`,
      categoryId: index % 3 === 0 ? categories.cases : categories.mounts,
      priceCents: 500 + (index % 4) * 250,
      rating: [0, 4.5, 5, 3.5][index % 4],
      reviewCount: index % 5,
      stockQuantity: index % 6 === 0 ? 0 : 10,
      createdAt: new Date(Date.UTC(2025, 0, 1 + (index % 9))),
    })
  }
  for (const status of ['hidden', 'archived'] as const) {
    unlisted.push((await insertProduct(db, { title: `Unlisted ${status}`, status, priceCents: 100 })).id)
  }
  await db.execute(
    sql`update products set created_at = created_at + make_interval(secs => 0.000001 * (price_cents % 3))`,
  )
})

afterAll(async () => {
  await database?.close()
})

/** What each order lists, read in one query: the reference every page walk must match. */
async function referenceOrder(sort: ProductSort, categoryId?: string) {
  const inStock = sql`(${products.stockQuantity} > 0)`
  const orders = {
    newest: [desc(inStock), desc(products.createdAt), desc(products.id)],
    'price-asc': [desc(inStock), asc(products.priceCents), asc(products.id)],
    'price-desc': [desc(inStock), desc(products.priceCents), desc(products.id)],
    rating: [desc(inStock), desc(products.rating), desc(products.reviewCount), desc(products.id)],
  }
  const rows = await database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.status, 'visible'), categoryId ? eq(products.categoryId, categoryId) : undefined))
    .orderBy(...orders[sort])
  return rows.map((row) => row.id)
}

/** Every page from the first by its Next cursors: the ids of each page, and the last page's cursors. */
async function walkForward(sort: ProductSort, categoryId?: string) {
  const pages: string[][] = []
  let cursor: PageCursor = {}
  while (true) {
    const page = await listVisibleProductPage({ sort, categoryId, cursor, pageSize: PAGE })
    pages.push(page.rows.map((row) => row.id))
    expect(page.previous === null).toBe(pages.length === 1)
    if (!page.next) return { pages, last: page }
    cursor = { after: page.next }
  }
}

describe('listVisibleProductPage', () => {
  test.each(PRODUCT_SORTS)('Next walks every visible product once, in the %s order, in full pages', async (sort) => {
    const { pages } = await walkForward(sort)
    expect(pages.flat()).toEqual(await referenceOrder(sort))
    expect(pages.slice(0, -1).every((page) => page.length === PAGE)).toBe(true)
    for (const id of unlisted) expect(pages.flat()).not.toContain(id)
  })

  test.each(PRODUCT_SORTS)('Previous walks back over the same pages in the %s order', async (sort) => {
    const { pages, last } = await walkForward(sort)
    const back: string[][] = []
    let previous = last.previous
    while (previous) {
      const page = await listVisibleProductPage({ sort, cursor: { before: previous }, pageSize: PAGE })
      back.unshift(page.rows.map((row) => row.id))
      previous = page.previous
    }
    expect(back).toEqual(pages.slice(0, -1))
  })

  test('a category is kept across its pages in every order', async () => {
    for (const sort of PRODUCT_SORTS) {
      const { pages } = await walkForward(sort, categories.cases)
      expect(pages.flat()).toEqual(await referenceOrder(sort, categories.cases))
      expect(pages.length).toBeGreaterThan(1)
    }
  })

  test('cards carry the cover only', async () => {
    const { db } = database
    const row = await insertProduct(db, {
      title: 'Pictured',
      images: ['cover.png', 'second.png'],
      stockQuantity: 5,
      createdAt: new Date('2030-01-01'),
    })
    const page = await listVisibleProductPage({ sort: 'newest' })
    expect(page.rows.find((product) => product.id === row?.id)?.images).toEqual(['cover.png'])
    expect(page.rows.find((product) => product.id !== row?.id)?.images).toEqual([])
  })

  test('a malformed cursor, or one of another order, reads the first page', async () => {
    const first = await listVisibleProductPage({ sort: 'newest', pageSize: PAGE })
    expect(first.at).toBeNull()
    const newestOrder = { list: 'newest', direction: 'desc', parts: [] } as const
    const token = (values: unknown[]) => encodeCursor(newestOrder, values as never)
    const id = first.rows[0]?.id ?? ''
    const priceCursor = (await listVisibleProductPage({ sort: 'price-asc', pageSize: PAGE })).next
    const bad = [
      'not a cursor',
      'eyJub3QiOiJqc29uIg',
      Buffer.from('{"a":1}').toString('base64url'),
      priceCursor,
      token([true, '2025-01-01T00:00:00.000000Z']),
      token([true, '2025-02-31T00:00:00.000000Z', id]),
      token([true, '2025-01-01 00:00:00', id]),
      token(['yes', '2025-01-01T00:00:00.000000Z', id]),
      token([true, '2025-01-01T00:00:00.000000Z', 'not-a-uuid']),
      token([true, '2025-01-01T00:00:00.000000Z', id, 'extra']),
      'A'.repeat(5000),
    ]
    for (const cursor of bad) {
      for (const direction of ['after', 'before'] as const) {
        const page = await listVisibleProductPage({ sort: 'newest', cursor: { [direction]: cursor }, pageSize: PAGE })
        expect(page.at, `${direction}=${cursor}`).toBeNull()
        expect(page.rows).toEqual(first.rows)
      }
    }
    const hugePrice = encodeCursor({ list: 'price-asc', direction: 'asc', parts: [] }, [false, 2 ** 40, id])
    const page = await listVisibleProductPage({ sort: 'price-asc', cursor: { after: hugePrice } })
    expect(page.at).toBeNull()
  })

  test('a page past the end of the list, its products gone since, reads the first page', async () => {
    const past = encodeCursor({ list: 'price-desc', direction: 'desc', parts: [] }, [
      false,
      0,
      '00000000-0000-4000-8000-000000000000',
    ])
    const page = await listVisibleProductPage({ sort: 'price-desc', cursor: { after: past }, pageSize: PAGE })
    expect(page.at).toBeNull()
    expect(page.rows.map((row) => row.id)).toEqual((await referenceOrder('price-desc')).slice(0, PAGE))
  })
})

describe('listVisibleProductPricePage', () => {
  test('pages through the visible products by title, both ways', async () => {
    const { db } = database
    const expected = await db
      .select({ id: products.id, title: products.title, priceCents: products.priceCents })
      .from(products)
      .where(eq(products.status, 'visible'))
      .orderBy(asc(products.title), asc(products.id))
    const pages = []
    let page = await listVisibleProductPricePage({}, 5)
    pages.push(page.rows)
    while (page.next) {
      page = await listVisibleProductPricePage({ after: page.next }, 5)
      pages.push(page.rows)
    }
    expect(pages.flat()).toEqual(expected)
    const back = await listVisibleProductPricePage({ before: page.previous }, 5)
    expect(back.rows).toEqual(pages[pages.length - 2])
    expect((await listVisibleProductPricePage({ after: 'bad' }, 5)).rows).toEqual(pages[0])
  })
})

describe('listPickableProductPage (Create an Order, My Quotes)', () => {
  /** The reference: visible products (in stock only, or all with those in stock first), by title and id. */
  async function pickable({ inStockOnly, text }: { inStockOnly: boolean; text?: string }) {
    const rows = await database.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.status, 'visible'),
          inStockOnly ? sql`${products.stockQuantity} > 0` : undefined,
          text ? sql`${products.title} ilike ${`%${text}%`}` : undefined,
        ),
      )
      .orderBy(sql`${products.stockQuantity} <= 0`, asc(products.title), asc(products.id))
    return rows.map((row) => row.id)
  }

  async function walk(options: { inStockOnly: boolean; text?: string; pageSize?: number }) {
    const pages: string[][] = []
    let page = await listPickableProductPage({ pageSize: PAGE, ...options })
    pages.push(page.rows.map((row) => row.id))
    while (page.next) {
      page = await listPickableProductPage({ pageSize: PAGE, ...options, cursor: { after: page.next } })
      pages.push(page.rows.map((row) => row.id))
    }
    return { pages, last: page }
  }

  test.each([true, false])(
    'Next walks every pickable product once (in stock only: %s), by title',
    async (inStockOnly) => {
      const { pages } = await walk({ inStockOnly })
      const expected = await pickable({ inStockOnly })
      expect(pages.flat()).toEqual(expected)
      expect(pages.length).toBe(Math.ceil(expected.length / PAGE))
      for (const id of unlisted) expect(pages.flat()).not.toContain(id)
    },
  )

  test('a search keeps the titles that contain it, across its pages and back', async () => {
    // Three products are called "Product 03": two pages of two.
    const { pages, last } = await walk({ inStockOnly: false, text: 'uct 03', pageSize: 2 })
    const expected = await pickable({ inStockOnly: false, text: 'uct 03' })
    expect(expected.length).toBe(3)
    expect(pages.flat()).toEqual(expected)
    const back = await listPickableProductPage({ text: 'uct 03', cursor: { before: last.previous }, pageSize: 2 })
    expect(back.rows.map((row) => row.id)).toEqual(pages[pages.length - 2])
    expect((await listPickableProductPage({ text: 'no such product' })).rows).toEqual([])
  })

  test('a row carries what the order page prices by, and nothing else', async () => {
    const [row] = (await listPickableProductPage({ inStockOnly: true, pageSize: 1 })).rows
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ['description', 'id', 'priceCents', 'priceType', 'stockQuantity', 'tieredPricing', 'title', 'variations'].sort(),
    )
  })

  test('listOrderableProductsByIds answers the visible products in stock among the ids', async () => {
    const inStock = await pickable({ inStockOnly: true })
    const all = await pickable({ inStockOnly: false })
    const soldOut = all.filter((id) => !inStock.includes(id))
    expect(soldOut.length).toBeGreaterThan(0)
    const asked = [inStock[0], inStock[1], inStock[0], soldOut[0], unlisted[0], 'not-an-id'] as string[]
    const found = await listOrderableProductsByIds(asked)
    expect(found.map((product) => product.id).sort()).toEqual([inStock[0], inStock[1]].sort())
    expect(await listOrderableProductsByIds(['not-an-id'])).toEqual([])
  })
})

describe('the sitemap reads', () => {
  test('visibleProductIdBatches reads a file of ids from its start in batches, each id once', async () => {
    const total = await countVisibleProducts()
    const ids = (await database.db.select({ id: products.id }).from(products).where(eq(products.status, 'visible')))
      .map((row) => row.id)
      .sort()
    expect(total).toBe(ids.length)
    const file = async (start: number, limit: number) => {
      const batches: number[] = []
      const read: string[] = []
      for await (const batch of visibleProductIdBatches({ start, limit, batchSize: 3 })) {
        batches.push(batch.length)
        read.push(...batch.map((row) => row.id))
      }
      return { batches, read }
    }
    const first = await file(0, 10)
    expect(first).toEqual({ batches: [3, 3, 3, 1], read: ids.slice(0, 10) })
    const second = await file(10, 10)
    expect(second.read).toEqual(ids.slice(10, 20))
    expect((await file(20, 10)).read).toEqual(ids.slice(20))
    expect((await file(ids.length, 10)).read).toEqual([])
  })
})
