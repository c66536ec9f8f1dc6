import { and, asc, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import { listCategories } from '#app/utils/category-lists.server.ts'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { containing, exactly, startingWith } from '#app/utils/like-patterns.ts'
import { jsonRows } from '#app/utils/list-queries.server.ts'
import { pickColumns } from '#app/utils/pick.ts'
import { inStock, outOfStock, productCategories, products, shippingCategories } from './schema.server.ts'
import type {
  CartProductDto,
  CategoryDto,
  OrderableProduct,
  ProductDto,
  ProductOption,
  ProductSuggestion,
} from './types.ts'

/** What the storefront reads of a product; the back-office reads these and more. */
export const productColumns = {
  id: products.id,
  title: products.title,
  description: products.description,
  images: products.images,
  videos: products.videos,
  status: products.status,
  categoryId: products.categoryId,
  priceCents: products.priceCents,
  priceType: products.priceType,
  tieredPricing: products.tieredPricing,
  variations: products.variations,
  quickSelectVisible: products.quickSelectVisible,
  rating: products.rating,
  reviewCount: products.reviewCount,
  stockQuantity: products.stockQuantity,
}

/**
 * What Create an Order prices a product by (storefront §2 Create an Order, §7: id, title,
 * description, price, tiers, stock; plus the variations).
 */
export const orderableProductColumns = pickColumns(products, [
  'id',
  'title',
  'description',
  'priceCents',
  'priceType',
  'tieredPricing',
  'variations',
  'stockQuantity',
])

/** Products that can be bought come before those out of stock. */
const inStockFirst = sql`${inStock(products)} desc`

/**
 * Products shown in the shop (status visible), optionally of one category: those in stock first,
 * each group newest first, so a product nobody can buy is never pushed before one they can.
 * `inStockOnly` leaves out-of-stock products out (the home page's featured products).
 * @example const phoneMounts = await listVisibleProducts({ categoryId })
 * @example const featured = await listVisibleProducts({ inStockOnly: true, limit: 3 })
 */
export async function listVisibleProducts({
  categoryId,
  limit,
  inStockOnly = false,
}: {
  categoryId?: string
  limit?: number
  inStockOnly?: boolean
} = {}) {
  const db = await getDb()
  const filters: SQL[] = [eq(products.status, 'visible')]
  if (categoryId) filters.push(eq(products.categoryId, categoryId))
  if (inStockOnly) filters.push(gt(products.stockQuantity, 0))
  const query = db
    .select(productColumns)
    .from(products)
    .where(and(...filters))
    .orderBy(inStockFirst, desc(products.createdAt), asc(products.title))
  return (limit ? await query.limit(limit) : await query) as ProductDto[]
}

/** One product by id, whatever its status; null when the id is unknown or not a UUID. */
export async function retrieveProduct(id: string): Promise<ProductDto | null> {
  if (!isUuid(id)) return null
  const db = await getDb()
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1)
  return (row as ProductDto | undefined) ?? null
}

/**
 * The products of these ids in one query, whatever their status, in no particular order.
 * Unknown and malformed ids are left out; duplicates are looked up once.
 * @example const cartProducts = await listProductsByIds(items.map((item) => item.id))
 */
export async function listProductsByIds(ids: readonly string[]): Promise<CartProductDto[]> {
  const wanted = [...new Set(ids.filter(isUuid))]
  if (wanted.length === 0) return []
  const db = await getDb()
  return (await db
    .select({ ...productColumns, shippingCategoryId: products.shippingCategoryId })
    .from(products)
    .where(inArray(products.id, wanted))) as CartProductDto[]
}

/**
 * Visible products whose title contains the text, case-insensitive (trigram index), those in stock
 * first.
 * @example await searchProducts({ text: 'mount', limit: 4 })
 */
export async function searchProducts({
  text,
  limit = 50,
}: {
  text: string
  limit?: number
}): Promise<ProductSuggestion[]> {
  const needle = text.trim()
  if (!needle) return []
  const db = await getDb()
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      priceCents: products.priceCents,
      priceType: products.priceType,
      tieredPricing: products.tieredPricing,
      images: products.images,
    })
    .from(products)
    .where(and(eq(products.status, 'visible'), ilike(products.title, containing(needle))))
    // In stock first as products_visible_stocked_title_idx holds it: out of stock ascending.
    .orderBy(outOfStock(products), asc(products.title))
    .limit(limit)
  return rows.map(({ images, ...row }) => ({ ...row, image: images[0] ?? null }))
}

/**
 * The visible products in stock among these ids, with what the order page prices them by (storefront
 * §2 Create an Order, §7: id, title, description, price, tiers, stock; plus the variations): the
 * products of the lines kept in the order panel, whichever page of the list they were added from.
 * Unknown, hidden, sold-out and malformed ids are left out.
 * @example const products = await listOrderableProductsByIds(lineProductIds) // [{ id, title, priceCents, stockQuantity: 42, … }]
 */
export async function listOrderableProductsByIds(ids: readonly string[]): Promise<OrderableProduct[]> {
  const wanted = [...new Set(ids.filter(isUuid))]
  if (wanted.length === 0) return []
  const db = await getDb()
  return db
    .select(orderableProductColumns)
    .from(products)
    .where(and(inArray(products.id, wanted), eq(products.status, 'visible'), gt(products.stockQuantity, 0)))
    .orderBy(asc(products.title), asc(products.id))
}

/**
 * Shorter texts match most of a large catalogue: ranking every match would sort them all, so they
 * are listed newest first, which the index on the creation time reads in order.
 */
const RANKED_FROM = 3

/** What a back-office picker shows of a product, and the price an invoice row starts from. */
const productOptionColumns = pickColumns(products, ['id', 'title', 'sku', 'status', 'priceCents'])

/**
 * Up to `limit` products, whatever their status, whose title or SKU contains `text`, for the
 * back-office's product pickers (at any size of catalogue): an exact SKU or title first, then
 * titles starting with the text, then the newest (only the newest for one or two characters). An empty text gives the newest products.
 * @example const options = await searchProductOptions({ text: 'knob' }) // [{ id, title: 'Knob Set', sku, status, priceCents }]
 */
export async function searchProductOptions({
  text,
  limit = 20,
}: {
  text: string
  limit?: number
}): Promise<ProductOption[]> {
  const needle = text.trim()
  const db = await getDb()
  const newest = [desc(products.createdAt), desc(products.id)]
  if (!needle)
    return db
      .select(productOptionColumns)
      .from(products)
      .orderBy(...newest)
      .limit(limit)
  return db
    .select(productOptionColumns)
    .from(products)
    .where(or(ilike(products.title, containing(needle)), ilike(products.sku, containing(needle))))
    .orderBy(
      ...(needle.length < RANKED_FROM
        ? newest
        : [
            sql`(lower(${products.sku}) = lower(${needle}) or lower(${products.title}) = lower(${needle})) desc`,
            sql`${products.title} ilike ${startingWith(needle)} desc`,
            ...newest,
          ]),
    )
    .limit(limit)
}

/**
 * The picker choices of the products with these ids (a promotion's or an invoice's chosen
 * products); unknown or malformed ids are left out.
 * @example const chosen = await listProductOptionsByIds(promotion.productIds)
 */
export async function listProductOptionsByIds(ids: readonly string[]): Promise<ProductOption[]> {
  const wanted = [...new Set(ids.filter(isUuid))]
  if (wanted.length === 0) return []
  const db = await getDb()
  return db.select(productOptionColumns).from(products).where(inArray(products.id, wanted))
}

/**
 * {@link listProductOptionsByIds} as a column, for one statement that reads several lists
 * (`readFigures`).
 * @example await readFigures({ products: productOptionsByIdsColumn(ids) })
 */
export function productOptionsByIdsColumn(ids: readonly string[]): SQL<ProductOption[]> {
  const wanted = [...new Set(ids.filter(isUuid))]
  return jsonRows<ProductOption>(
    sql`select ${products.id} as "id", ${products.title} as "title", ${products.sku} as "sku", ${products.status} as "status", ${products.priceCents} as "priceCents" from ${products} where ${wanted.length ? inArray(products.id, wanted) : sql`false`}`,
  )
}

/**
 * The one product whose SKU, or else whose title, is `text` (case aside): what an admin typed in a
 * product picker without JavaScript. Null when none is, or several products share that title.
 * @example const product = await findProductOptionByName('KNOB-SET')
 */
export async function findProductOptionByName(text: string): Promise<ProductOption | null> {
  const needle = text.trim()
  if (!needle) return null
  const db = await getDb()
  const [bySku] = await db
    .select(productOptionColumns)
    .from(products)
    .where(sql`lower(${products.sku}) = lower(${needle})`)
    .limit(1)
  if (bySku) return bySku
  const byTitle = await db
    .select(productOptionColumns)
    .from(products)
    .where(ilike(products.title, exactly(needle)))
    .limit(2)
  return byTitle.length === 1 ? byTitle[0] : null
}

/** Product categories in their configured order. */
export function listProductCategories(): Promise<CategoryDto[]> {
  return listCategories(productCategories)
}

/** Shipping categories in their configured order. */
export function listShippingCategories(): Promise<CategoryDto[]> {
  return listCategories(shippingCategories)
}

/**
 * Saves a product's review summary: the average of its approved reviews (rounded to one decimal,
 * 0 to 5) and their count. Returns false when there is no such product.
 * @example await setProductRating(productId, { rating: 4.5, reviewCount: 2 })
 */
export async function setProductRating(
  productId: string,
  { rating, reviewCount }: { rating: number; reviewCount: number },
  tx?: DbOrTx,
): Promise<boolean> {
  if (!isUuid(productId)) return false
  const db = tx ?? (await getDb())
  const rows = await db
    .update(products)
    .set({
      rating: Math.min(5, Math.max(0, Math.round(rating * 10) / 10)),
      reviewCount: Math.max(0, Math.trunc(reviewCount)),
    })
    .where(eq(products.id, productId))
    .returning({ id: products.id })
  return rows.length > 0
}

/**
 * Locks a product's row until the transaction ends, so that changes to what is stored on it (its
 * review summary) are made one after the other. Returns false when there is no such product.
 * @example if (!(await lockProduct(productId, tx))) return null
 */
export async function lockProduct(productId: string, tx: DbOrTx): Promise<boolean> {
  if (!isUuid(productId)) return false
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update')
  return rows.length > 0
}
