import { and, asc, count, eq, getTableName, max, ne, notExists, sql } from 'drizzle-orm'
import type { CategoryWriteResult } from '#app/utils/category-forms.ts'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { announceUnlessInTransaction } from '#app/utils/public-change.server.ts'
import { productCategories, products, shippingCategories } from './schema.server.ts'

// The back-office's writes to the two category lists of the catalog (/admin/settings).

export type CategoryKind = 'product' | 'shipping'

/** A product or shipping category with how many products (of any status) use it. */
export type AdminCategoryDto = { id: string; name: string; productCount: number }

// Both tables have the same columns; the product one stands for either in the queries below.
const tableOf = (kind: CategoryKind) =>
  (kind === 'product' ? productCategories : shippingCategories) as typeof productCategories
const productColumnOf = (kind: CategoryKind) => (kind === 'product' ? products.categoryId : products.shippingCategoryId)

/** The SQLSTATE of a database error, which Drizzle wraps as the `cause`. */
function postgresCode(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code } = current as { code?: unknown }
    if (typeof code === 'string') return code
  }
  return undefined
}

/**
 * Product or shipping categories in their configured order, each with its number of products.
 * @example const shipping = await listCategoriesWithUsage('shipping') // [{ id, name: 'Standard Shipping', productCount: 9 }]
 */
export async function listCategoriesWithUsage(kind: CategoryKind): Promise<AdminCategoryDto[]> {
  const db = await getDb()
  const table = tableOf(kind)
  const column = productColumnOf(kind)
  const rows = await db
    .select({
      id: table.id,
      name: table.name,
      // Qualified by hand: a one-table select leaves its own columns unqualified inside the subquery.
      productCount: sql<number>`(select count(*)::int from ${products} where ${column} = ${sql.identifier(getTableName(table))}."id")`,
    })
    .from(table)
    .orderBy(asc(table.position), asc(table.name))
  return rows.map((row) => ({ ...row, productCount: Number(row.productCount) }))
}

async function nameTaken(db: DbOrTx, kind: CategoryKind, name: string, exceptId?: string) {
  const table = tableOf(kind)
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(exceptId ? and(eq(table.name, name), ne(table.id, exceptId)) : eq(table.name, name))
    .limit(1)
  return found.length > 0
}

/**
 * Adds a product or shipping category at the end of its list; refused when another one has the
 * name. The name must already be trimmed and non-empty (NewCategoryFormSchema).
 * @example const result = await createCategory('product', 'Desk Organizers')
 */
export async function createCategory(kind: CategoryKind, name: string, tx?: DbOrTx): Promise<CategoryWriteResult> {
  const db = tx ?? (await getDb())
  const table = tableOf(kind)
  if (await nameTaken(db, kind, name)) return { ok: false, reason: 'name-taken', name }
  try {
    const [{ last }] = await db.select({ last: max(table.position) }).from(table)
    const [category] = await db
      .insert(table)
      .values({ name, position: (last ?? -1) + 1 })
      .returning({ id: table.id, name: table.name })
    announceUnlessInTransaction(tx, 'category added')
    return { ok: true, category }
  } catch (error) {
    // Another admin added the same name between the check and the insert.
    if (postgresCode(error) === '23505') return { ok: false, reason: 'name-taken', name }
    throw error
  }
}

/**
 * Renames a product or shipping category; its products keep it.
 * @example const result = await renameCategory('shipping', categoryId, 'Large Item Shipping')
 */
export async function renameCategory(
  kind: CategoryKind,
  id: string,
  name: string,
  tx?: DbOrTx,
): Promise<CategoryWriteResult> {
  if (!isUuid(id)) return { ok: false, reason: 'not-found' }
  const db = tx ?? (await getDb())
  const table = tableOf(kind)
  if (await nameTaken(db, kind, name, id)) return { ok: false, reason: 'name-taken', name }
  try {
    const [category] = await db
      .update(table)
      .set({ name })
      .where(eq(table.id, id))
      .returning({ id: table.id, name: table.name })
    if (!category) return { ok: false, reason: 'not-found' }
    announceUnlessInTransaction(tx, 'category renamed')
    return { ok: true, category }
  } catch (error) {
    if (postgresCode(error) === '23505') return { ok: false, reason: 'name-taken', name }
    throw error
  }
}

/**
 * Deletes a product or shipping category that no product uses. One in use is refused with the
 * number of its products: unsetting it would silently take products out of the storefront's
 * category filter, or change which shipping rate a product gets at checkout; the admin moves the
 * products first. The check and the delete are one statement.
 * @example const result = await deleteCategory('product', categoryId) // { ok: false, reason: 'in-use', usedBy: 4, name }
 */
export async function deleteCategory(kind: CategoryKind, id: string, tx?: DbOrTx): Promise<CategoryWriteResult> {
  if (!isUuid(id)) return { ok: false, reason: 'not-found' }
  const db = tx ?? (await getDb())
  const table = tableOf(kind)
  const column = productColumnOf(kind)
  const [deleted] = await db
    .delete(table)
    .where(and(eq(table.id, id), notExists(db.select({ id: products.id }).from(products).where(eq(column, id)))))
    .returning({ id: table.id, name: table.name })
  if (deleted) {
    announceUnlessInTransaction(tx, 'category deleted')
    return { ok: true, category: deleted }
  }
  const [existing] = await db.select({ name: table.name }).from(table).where(eq(table.id, id))
  if (!existing) return { ok: false, reason: 'not-found' }
  const [{ usedBy }] = await db.select({ usedBy: count() }).from(products).where(eq(column, id))
  return { ok: false, reason: 'in-use', name: existing.name, usedBy: Number(usedBy) }
}
