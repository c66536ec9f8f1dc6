import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm'
import { cappedSum } from '#app/rules/list-counts.ts'
import { PRODUCT_STATUSES } from '#app/rules/product-form.ts'
import { holdCategory } from '#app/utils/category-lists.server.ts'
import { type DbOrTx, getDb, inTransaction } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { containing } from '#app/utils/like-patterns.ts'
import { countUpToLimit, selectCounts, selectPage } from '#app/utils/list-queries.server.ts'
import { postgresErrorOf } from '#app/utils/postgres-error.server.ts'
import { announceUnlessInTransaction } from '#app/utils/public-change.server.ts'
import { isLowOnStock } from './low-stock.server.ts'
import { productCategories, products, shippingCategories } from './schema.server.ts'
import type { NewProduct } from './schemas.ts'
import { productColumns } from './service.server.ts'
import type { AdminProductDto, AdminProductRow, ProductListFilter, ProductStatus, Variation } from './types.ts'

// The back-office's writes to the catalog. The storefront's reads are in service.server.ts.

export type CreateProductRefusal = { field: 'sku' | 'categoryId' | 'shippingCategoryId'; message: string }
export type CreateProductResult = { ok: true; id: string } | ({ ok: false } & CreateProductRefusal)

const SKU_TAKEN: CreateProductRefusal = { field: 'sku', message: 'Another product already has this SKU.' }
const CATEGORY_UNKNOWN: CreateProductRefusal = {
  field: 'categoryId',
  message: 'That category no longer exists. Choose another one.',
}
const SHIPPING_CATEGORY_UNKNOWN: CreateProductRefusal = {
  field: 'shippingCategoryId',
  message: 'That shipping category no longer exists. Choose another one.',
}

/**
 * Adds a product to the catalog and returns its id, or says which field was refused: a SKU that
 * another product has, or a category or shipping category that does not exist. Variations get ids
 * made from their names. Pass `id` when files were stored under the new product's id beforehand.
 * @example
 * const result = await createProduct({ ...newProduct, images: ['products/<id>/1.webp'] })
 * if (result.ok) redirect(`/products/${result.id}`)
 */
export async function createProduct(input: NewProduct & { id?: string }, tx?: DbOrTx): Promise<CreateProductResult> {
  const db = tx ?? (await getDb())
  const refusal = await checkReferences(db, input)
  if (refusal) return { ok: false, ...refusal }
  try {
    const [row] = await db
      .insert(products)
      .values({ ...(input.id ? { id: input.id } : {}), ...formColumns(input) })
      .returning({ id: products.id })
    announceUnlessInTransaction(tx, 'product added')
    return { ok: true, id: row.id }
  } catch (error) {
    // Someone else took the SKU, or deleted the category, between the checks and the insert.
    const refusal = referenceRefusal(error)
    if (refusal) return { ok: false, ...refusal }
    throw error
  }
}

/** A refusal for a unique or foreign key violation on the product's SKU or categories. */
function referenceRefusal(error: unknown): CreateProductRefusal | null {
  const { code, constraint } = postgresErrorOf(error)
  if (code === '23505' && constraint?.includes('sku')) return SKU_TAKEN
  if (code === '23503') return constraint?.includes('shipping') ? SHIPPING_CATEGORY_UNKNOWN : CATEGORY_UNKNOWN
  return null
}

async function checkReferences(
  db: DbOrTx,
  input: NewProduct,
  productId?: string,
): Promise<CreateProductRefusal | null> {
  if (input.categoryId !== null && !(await holdCategory(db, productCategories, input.categoryId))) {
    return CATEGORY_UNKNOWN
  }
  if (input.shippingCategoryId !== null && !(await holdCategory(db, shippingCategories, input.shippingCategoryId))) {
    return SHIPPING_CATEGORY_UNKNOWN
  }
  if (input.sku !== null) {
    const sameSku = eq(products.sku, input.sku)
    const taken = await db
      .select({ id: products.id })
      .from(products)
      .where(productId ? and(sameSku, ne(products.id, productId)) : sameSku)
      .limit(1)
    if (taken.length > 0) return SKU_TAKEN
  }
  return null
}

/** The columns the product form sets, as `createProduct` and `updateProduct` store them. */
function formColumns(input: NewProduct) {
  return {
    title: input.title,
    description: input.description,
    priceType: input.priceType,
    priceCents: input.priceCents,
    tieredPricing: input.priceType === 'tiered' ? input.tieredPricing : [],
    sku: input.sku,
    categoryId: input.categoryId,
    shippingCategoryId: input.shippingCategoryId,
    variations: withVariationIds(input.variations),
    stockQuantity: input.stockQuantity,
    lowStockThreshold: input.lowStockThreshold,
    status: input.status,
    quickSelectVisible: input.quickSelectVisible,
    videos: input.videos,
    images: input.images,
  }
}

/** Ids from the names ('Safety Orange' is `safety-orange`), unique within the product. */
function withVariationIds(variations: NewProduct['variations']): Variation[] {
  const used = new Set<string>()
  return variations.map((variation, index) => {
    const base =
      variation.name
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 40) || `option-${index + 1}`
    let id = base
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`
    used.add(id)
    return { id, name: variation.name, priceModifierCents: variation.priceModifierCents }
  })
}

const adminProductColumns = {
  ...productColumns,
  shippingCategoryId: products.shippingCategoryId,
  sku: products.sku,
  lowStockThreshold: products.lowStockThreshold,
}

function listFilters(filter: ProductListFilter, search: string): SQL[] {
  const filters: SQL[] = []
  if (filter === 'low-stock') filters.push(isLowOnStock)
  else if (filter !== 'all') filters.push(eq(products.status, filter))
  const needle = search.trim()
  if (needle) {
    const pattern = containing(needle)
    filters.push(or(ilike(products.title, pattern), ilike(products.sku, pattern)) as SQL)
  }
  return filters
}

/**
 * One page of the back-office product list, newest first, and how many match: one status or all,
 * optionally only those whose title or SKU contains `search` (case-insensitive).
 * @example const { products, total } = await listAdminProducts({ filter: 'hidden', limit: 25, offset: 0 })
 */
export async function listAdminProducts({
  filter,
  search = '',
  limit,
  offset,
}: {
  filter: ProductListFilter
  search?: string
  limit: number
  offset: number
}): Promise<{ products: AdminProductRow[]; total: number }> {
  const db = await getDb()
  const where = and(...listFilters(filter, search))
  const { rows, total } = await selectPage(db, {
    rows: (count) =>
      db
        .select({
          ...count,
          id: products.id,
          title: products.title,
          images: products.images,
          priceCents: products.priceCents,
          priceType: products.priceType,
          tieredPricing: products.tieredPricing,
          stockQuantity: products.stockQuantity,
          lowStockThreshold: products.lowStockThreshold,
          sku: products.sku,
          categoryName: productCategories.name,
          status: products.status,
        })
        .from(products)
        .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
        .where(where)
        // Low on stock: the emptiest first.
        .orderBy(
          ...(filter === 'low-stock' ? [asc(products.stockQuantity)] : []),
          desc(products.createdAt),
          asc(products.title),
          asc(products.id),
        )
        .$dynamic(),
    from: products,
    where,
    limit,
    offset,
  })
  return { products: rows.map(({ images, ...row }) => ({ ...row, image: images[0] ?? null })), total }
}

type FilterCounts = Record<ProductListFilter, number>

/** The filters counted in the database; "All" is the sum of the statuses' counts. */
const COUNTED_FILTERS = [...PRODUCT_STATUSES, 'low-stock'] as const
type CountedFilter = (typeof COUNTED_FILTERS)[number]

/** Each of `filters`' products, optionally only those matching `search`, each capped: one statement. */
async function countFilters(search: string, filters: readonly CountedFilter[]): Promise<Partial<FilterCounts>> {
  if (!filters.length) return {}
  const db = await getDb()
  const count = (filter: CountedFilter) => countUpToLimit(products, and(...listFilters(filter, search)))
  return selectCounts(db, Object.fromEntries(filters.map((filter) => [filter, count(filter)])))
}

/**
 * "All" is the sum of the statuses' counts (the schema allows no other status), capped as one
 * count is: counted on its own, a common word's 1,001 first matches were read once more, and
 * PostgreSQL chose to find them by reading the table in order (21 ms at 100,000 products for "mount").
 */
function withAll(counts: Partial<FilterCounts>): FilterCounts {
  const of = (filter: CountedFilter) => counts[filter] ?? 0
  const counted = Object.fromEntries(COUNTED_FILTERS.map((filter) => [filter, of(filter)]))
  return { ...(counted as Record<CountedFilter, number>), all: cappedSum(PRODUCT_STATUSES.map(of)) }
}

/**
 * How many products each filter of the back-office list shows, optionally only those matching
 * `search` as in `listAdminProducts`: one statement, each count capped (rules/list-counts.ts).
 * @example const counts = await countProductsByStatus() // { visible: 9, hidden: 2, archived: 1, all: 12, 'low-stock': 1 }
 */
export async function countProductsByStatus(search = ''): Promise<FilterCounts> {
  return withAll(await countFilters(search, COUNTED_FILTERS))
}

/**
 * One page of the back-office product list (`listAdminProducts`) with every filter's count
 * (`countProductsByStatus`), side by side. The filter shown is counted once, by the page's own
 * statement: its count was the counts statement's longest part to count again.
 * @example const { products, total, counts } = await listAdminProductsWithCounts({ filter: 'visible', search: 'mount', limit: 25, offset: 0 })
 */
export async function listAdminProductsWithCounts(
  request: Parameters<typeof listAdminProducts>[0],
): Promise<{ products: AdminProductRow[]; total: number; counts: FilterCounts }> {
  const shown = request.filter
  const others = COUNTED_FILTERS.filter((filter) => filter !== shown)
  const [list, counts] = await Promise.all([listAdminProducts(request), countFilters(request.search ?? '', others)])
  return { ...list, counts: withAll(shown === 'all' ? counts : { ...counts, [shown]: list.total }) }
}

/**
 * Everything the edit form shows of one product, whatever its status; null when the id is unknown
 * or not a UUID.
 * @example const product = await retrieveAdminProduct(params.productId)
 */
export async function retrieveAdminProduct(id: string, tx?: DbOrTx): Promise<AdminProductDto | null> {
  if (!isUuid(id)) return null
  const db = tx ?? (await getDb())
  const [row] = await db.select(adminProductColumns).from(products).where(eq(products.id, id)).limit(1)
  return (row as AdminProductDto | undefined) ?? null
}

/**
 * Sets a product's status (the list's visibility switch, Archive, Restore). Returns false when
 * there is no such product.
 * @example await setProductStatus(productId, 'archived')
 */
export async function setProductStatus(id: string, status: ProductStatus, tx?: DbOrTx): Promise<boolean> {
  if (!isUuid(id)) return false
  const db = tx ?? (await getDb())
  const rows = await db
    .update(products)
    .set({ status, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id })
  if (rows.length === 0) return false
  announceUnlessInTransaction(tx, 'product status changed')
  return true
}

export type UpdateProductResult =
  | { ok: true }
  | ({ ok: false } & CreateProductRefusal)
  | { ok: false; field: 'product'; message: string }

export const PRODUCT_NOT_FOUND = 'Product not found.'

/**
 * Replaces what the edit form sets of a product: every field of `NewProduct`, images included
 * (storage keys, the first is the cover). Its rating, review count and payment price id stay.
 * Refuses a SKU another product has and a category that does not exist, as `createProduct` does.
 * @example const result = await updateProduct(id, { ...edited, images: ['products/<id>/1.webp'] })
 */
export async function updateProduct(id: string, input: NewProduct, tx?: DbOrTx): Promise<UpdateProductResult> {
  if (!isUuid(id)) return { ok: false, field: 'product', message: PRODUCT_NOT_FOUND }
  const db = tx ?? (await getDb())
  const refusal = await checkReferences(db, input, id)
  if (refusal) return { ok: false, ...refusal }
  try {
    const rows = await db
      .update(products)
      .set({ ...formColumns(input), updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning({ id: products.id })
    if (rows.length === 0) return { ok: false, field: 'product', message: PRODUCT_NOT_FOUND }
    announceUnlessInTransaction(tx, 'product updated')
    return { ok: true }
  } catch (error) {
    const refused = referenceRefusal(error)
    if (refused) return { ok: false, ...refused }
    throw error
  }
}

/**
 * Deletes a product for good and returns the storage keys of its images, or null when there was
 * no such product. Order, invoice and quote lines keep their copied title and price (their
 * product link becomes empty); the product's reviews go with it. Whether it may be deleted (a
 * checkout in progress) is the caller's decision: see the delete-product workflow.
 * @example const deleted = await deleteProduct(productId, tx)
 */
export async function deleteProduct(id: string, tx?: DbOrTx): Promise<{ images: string[]; title: string } | null> {
  if (!isUuid(id)) return null
  const db = tx ?? (await getDb())
  const [row] = await db
    .delete(products)
    .where(eq(products.id, id))
    .returning({ images: products.images, title: products.title })
  if (!row) return null
  announceUnlessInTransaction(tx, 'product deleted')
  return row
}

/**
 * The ids of the products a list filter matches, newest first, at most `limit`: what a bulk
 * action on "every product matching the filter" applies to.
 * @example const ids = await listProductIdsMatching({ filter: 'hidden', search: '', limit: 1000 })
 */
export async function listProductIdsMatching({
  filter,
  search = '',
  limit,
}: {
  filter: ProductListFilter
  search?: string
  limit: number
}): Promise<string[]> {
  const db = await getDb()
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(...listFilters(filter, search)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
  return rows.map((row) => row.id)
}

type ProductRow = typeof products.$inferSelect

/**
 * Sets one field on the products of these ids, locked in id order, and gives each one found with
 * its title and the value it had before.
 */
async function setOnProducts<Field extends 'status' | 'categoryId'>(
  db: DbOrTx,
  ids: readonly string[],
  field: Field,
  value: ProductRow[Field],
): Promise<{ id: string; title: string; before: ProductRow[Field] }[]> {
  if (ids.length === 0) return []
  const before = await db
    .select({ id: products.id, title: products.title, before: products[field] })
    .from(products)
    .where(inArray(products.id, [...ids]))
    .orderBy(products.id)
    .for('update')
  if (before.length > 0) {
    await db
      .update(products)
      .set({ [field]: value, updatedAt: new Date() })
      .where(
        inArray(
          products.id,
          before.map((row) => row.id),
        ),
      )
  }
  return before as { id: string; title: string; before: ProductRow[Field] }[]
}

/**
 * Sets the status of several products at once; each product found, with its title and the status
 * it had before. Unknown ids are skipped. Inside a transaction the caller announces the change
 * once it has committed.
 * @example await setProductsStatus([a, b], 'hidden') // [{ id: a, title: 'Bike Mount', before: 'visible' }, …]
 */
export async function setProductsStatus(
  ids: readonly string[],
  status: ProductStatus,
  tx?: DbOrTx,
): Promise<{ id: string; title: string; before: ProductStatus }[]> {
  const wanted = ids.filter(isUuid)
  if (wanted.length === 0) return []
  const rows = await inTransaction(tx, (db) => setOnProducts(db, wanted, 'status', status))
  if (rows.length > 0) announceUnlessInTransaction(tx, 'products status changed')
  return rows
}

/**
 * Puts several products in one product category (or none, with null), in one statement; the
 * number changed, or null when the category does not exist.
 * @example await setProductsCategory([a, b], categoryId) // 2
 */
export async function setProductsCategory(
  ids: readonly string[],
  categoryId: string | null,
  outerTx?: DbOrTx,
): Promise<{ id: string; title: string; before: string | null }[] | null> {
  const wanted = ids.filter(isUuid)
  const changed = await inTransaction(outerTx, async (tx) => {
    if (categoryId !== null && !(await holdCategory(tx, productCategories, categoryId))) return null
    return setOnProducts(tx, wanted, 'categoryId', categoryId)
  })
  // Once committed, so a page cached meanwhile cannot keep the old category.
  if (changed?.length) announceUnlessInTransaction(outerTx, 'products category changed')
  return changed
}
