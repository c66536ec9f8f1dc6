import { eq } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { productCategories, products, shippingCategories } from './schema.server.ts'
import type { NewProduct } from './schemas.ts'
import type { Variation } from './types.ts'

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
      .values({
        ...(input.id ? { id: input.id } : {}),
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
        status: input.status,
        quickSelectVisible: input.quickSelectVisible,
        videos: input.videos,
        images: input.images,
      })
      .returning({ id: products.id })
    return { ok: true, id: row.id }
  } catch (error) {
    // Someone else took the SKU, or deleted the category, between the checks and the insert.
    const { code, constraint } = postgresError(error)
    if (code === '23505' && constraint?.includes('sku')) return { ok: false, ...SKU_TAKEN }
    if (code === '23503') {
      return { ok: false, ...(constraint?.includes('shipping') ? SHIPPING_CATEGORY_UNKNOWN : CATEGORY_UNKNOWN) }
    }
    throw error
  }
}

async function checkReferences(db: DbOrTx, input: NewProduct): Promise<CreateProductRefusal | null> {
  if (input.categoryId !== null) {
    const found = isUuid(input.categoryId)
      ? await db
          .select({ id: productCategories.id })
          .from(productCategories)
          .where(eq(productCategories.id, input.categoryId))
      : []
    if (found.length === 0) return CATEGORY_UNKNOWN
  }
  if (input.shippingCategoryId !== null) {
    const found = isUuid(input.shippingCategoryId)
      ? await db
          .select({ id: shippingCategories.id })
          .from(shippingCategories)
          .where(eq(shippingCategories.id, input.shippingCategoryId))
      : []
    if (found.length === 0) return SHIPPING_CATEGORY_UNKNOWN
  }
  if (input.sku !== null) {
    const taken = await db.select({ id: products.id }).from(products).where(eq(products.sku, input.sku)).limit(1)
    if (taken.length > 0) return SKU_TAKEN
  }
  return null
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

/** The SQLSTATE and constraint of a database error, which Drizzle wraps as the `cause`. */
function postgresError(error: unknown): { code?: string; constraint?: string } {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown }
    if (typeof code === 'string') return { code, constraint: typeof constraint === 'string' ? constraint : undefined }
  }
  return {}
}
