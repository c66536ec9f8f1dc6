import { and, asc, count, eq, gt, gte, ilike, max, type SQL, sql } from 'drizzle-orm'
import { getDb } from '#app/utils/db.server.ts'
import {
  type KeysetOrder,
  type KeysetPage,
  type PageCursor,
  selectKeysetPage,
  timestampKey,
  uuidKey,
} from '#app/utils/keyset.server.ts'
import { containing } from '#app/utils/like-patterns.ts'
import type { ProductSort } from './product-sorts.ts'
import { inStock as inStockOf, outOfStock as outOfStockOf, products } from './schema.server.ts'
import { orderableProductColumns } from './service.server.ts'
import type { OrderableProduct, ProductListItem, ProductPrice } from './types.ts'

/** Products on one page of the storefront's list: two, three or four cards a row. */
export const PRODUCT_PAGE_SIZE = 24
/** Rows on one page of the test products page. */
export const PRODUCT_PRICE_PAGE_SIZE = 50
/** Products on one page of the lists Create an Order and My Quotes pick from. */
export const PICKABLE_PAGE_SIZE = 24

// The same expressions as the list indexes in schema.server.ts, so that each order is read from its
// index. Products that can be bought come first in every order: a product nobody can buy is never
// pushed before one they can.
const inStock = { expression: inStockOf(products), type: 'boolean' } as const
const outOfStock = { expression: outOfStockOf(products), type: 'boolean' } as const
const id = uuidKey(products.id)
const createdAt = timestampKey(products.createdAt)
const price = { expression: sql`${products.priceCents}`, type: 'integer' } as const

const productOrders: Record<ProductSort, KeysetOrder> = {
  newest: { list: 'newest', direction: 'desc', parts: [inStock, createdAt, id] },
  'price-asc': { list: 'price-asc', direction: 'asc', parts: [outOfStock, price, id] },
  'price-desc': { list: 'price-desc', direction: 'desc', parts: [inStock, price, id] },
  rating: {
    list: 'rating',
    direction: 'desc',
    parts: [
      inStock,
      { expression: sql`${products.rating}`, type: 'rating' },
      { expression: sql`${products.reviewCount}`, type: 'integer' },
      id,
    ],
  },
}

const byTitle: KeysetOrder = {
  list: 'title',
  direction: 'asc',
  parts: [{ expression: sql`${products.title}`, type: 'text' }, id],
}

// Create an Order and My Quotes: by title, in stock first, as products_visible_stocked_title_idx
// holds them (the id parts two products of one title).
const pickable: KeysetOrder = {
  list: 'pick',
  direction: 'asc',
  parts: [outOfStock, { expression: sql`${products.title}`, type: 'text' }, id],
}

const visible = eq(products.status, 'visible')

/**
 * One page of the visible products of a category (or all), in the chosen order. A cursor of
 * another order, or one that is malformed, reads the first page.
 * @example const page = await listVisibleProductPage({ sort: 'price-asc', categoryId, cursor: { after } })
 */
export async function listVisibleProductPage({
  sort,
  categoryId,
  cursor = {},
  pageSize = PRODUCT_PAGE_SIZE,
}: {
  sort: ProductSort
  categoryId?: string | null
  cursor?: PageCursor
  pageSize?: number
}): Promise<KeysetPage<ProductListItem>> {
  const db = await getDb()
  const order = productOrders[sort]
  const filter = categoryId ? and(visible, eq(products.categoryId, categoryId)) : visible
  const page = await selectKeysetPage(
    db,
    products,
    {
      id: products.id,
      title: products.title,
      description: products.description,
      // The cards show the cover only.
      images: sql<string[]>`jsonb_path_query_array(${products.images}, '$[0]')`,
      priceCents: products.priceCents,
      priceType: products.priceType,
      tieredPricing: products.tieredPricing,
      variations: products.variations,
      rating: products.rating,
      reviewCount: products.reviewCount,
      stockQuantity: products.stockQuantity,
    },
    { order, cursor, where: filter, pageSize },
  )
  return page as KeysetPage<ProductListItem>
}

/**
 * One page of the id, title and base price of the visible products, by title (the test products page).
 * @example const page = await listVisibleProductPricePage({ after })
 */
export async function listVisibleProductPricePage(
  cursor: PageCursor = {},
  pageSize = PRODUCT_PRICE_PAGE_SIZE,
): Promise<KeysetPage<ProductPrice>> {
  const db = await getDb()
  return selectKeysetPage(
    db,
    products,
    { id: products.id, title: products.title, priceCents: products.priceCents },
    { order: byTitle, cursor, where: visible, pageSize },
  )
}

/**
 * One page of the visible products a customer picks from on Create an Order (`inStockOnly`) and My
 * Quotes, by title and in stock first, with what the order page prices them by (id, title,
 * description, price, tiers, variations, stock); `text` keeps those whose title contains it. The
 * pages are read from a cursor, so a catalogue of any size answers as fast as a small one.
 * @example const page = await listPickableProductPage({ text: 'mount', inStockOnly: true, cursor: { after } })
 */
export async function listPickableProductPage({
  text = '',
  inStockOnly = false,
  cursor = {},
  pageSize = PICKABLE_PAGE_SIZE,
}: {
  text?: string
  inStockOnly?: boolean
  cursor?: PageCursor
  pageSize?: number
}): Promise<KeysetPage<OrderableProduct>> {
  const db = await getDb()
  const needle = text.trim()
  const filter = and(
    visible,
    inStockOnly ? gt(products.stockQuantity, 0) : undefined,
    needle ? ilike(products.title, containing(needle)) : undefined,
  )
  const page = await selectKeysetPage(db, products, orderableProductColumns, {
    order: pickable,
    cursor,
    where: filter,
    pageSize,
  })
  return page as KeysetPage<OrderableProduct>
}

/**
 * How many products are visible (the sitemap index's number of files), counted in the id index.
 * @example const total = await countVisibleProducts()
 */
export async function countVisibleProducts(): Promise<number> {
  const db = await getDb()
  const [row] = await db.select({ total: count() }).from(products).where(visible)
  return row?.total ?? 0
}

/**
 * When the newest change to a visible product was made (the sitemap's /products entry), or null.
 * @example const lastmod = await lastVisibleProductChange()
 */
export async function lastVisibleProductChange(): Promise<Date | null> {
  const db = await getDb()
  const [row] = await db
    .select({ lastChange: max(products.updatedAt) })
    .from(products)
    .where(visible)
  return row?.lastChange ?? null
}

/**
 * The id and last change of the visible products from position `start` (0-based, by id), at most
 * `limit` of them, read in batches of `batchSize` that each continue after the last id read: one
 * sitemap file. The start is found by skipping ids in the id index, never rows.
 * @example for await (const batch of visibleProductIdBatches({ start: 50_000, limit: 50_000, batchSize: 5_000 })) write(batch)
 */
export async function* visibleProductIdBatches({
  start,
  limit,
  batchSize,
}: {
  start: number
  limit: number
  batchSize: number
}): AsyncGenerator<{ id: string; updatedAt: Date }[]> {
  const db = await getDb()
  const [first] = await db
    .select({ id: products.id })
    .from(products)
    .where(visible)
    .orderBy(asc(products.id))
    .offset(start)
    .limit(1)
  if (!first) return
  let from: SQL = gte(products.id, first.id)
  let left = limit
  while (left > 0) {
    const rows = await db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(and(visible, from))
      .orderBy(asc(products.id))
      .limit(Math.min(batchSize, left))
    if (rows.length === 0) return
    yield rows
    left -= rows.length
    const last = rows[rows.length - 1]
    if (rows.length < batchSize || !last) return
    from = gt(products.id, last.id)
  }
}
