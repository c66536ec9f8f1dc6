import type { CategoryWriteResult } from '#app/utils/category-forms.ts'
import { categoryList } from '#app/utils/category-lists.server.ts'
import type { DbOrTx } from '#app/utils/db.server.ts'
import { productCategories, products, shippingCategories } from './schema.server.ts'

// The back-office's writes to the two category lists of the catalog (/admin/settings).

export type CategoryKind = 'product' | 'shipping'

/** A product or shipping category with how many products (of any status) use it. */
export type AdminCategoryDto = { id: string; name: string; productCount: number }

const lists = {
  product: categoryList({
    table: productCategories,
    usedBy: { table: products, column: products.categoryId },
    noun: 'category',
  }),
  shipping: categoryList({
    table: shippingCategories,
    usedBy: { table: products, column: products.shippingCategoryId },
    noun: 'category',
  }),
}

/**
 * Product or shipping categories in their configured order, each with its number of products.
 * @example const shipping = await listCategoriesWithUsage('shipping') // [{ id, name: 'Standard Shipping', productCount: 9 }]
 */
export async function listCategoriesWithUsage(kind: CategoryKind): Promise<AdminCategoryDto[]> {
  const rows = await lists[kind].listWithUsage()
  return rows.map(({ usedBy, ...row }) => ({ ...row, productCount: usedBy }))
}

/**
 * Adds a product or shipping category at the end of its list; refused when another one has the
 * name. The name must already be trimmed and non-empty (NewCategoryFormSchema).
 * @example const result = await createCategory('product', 'Desk Organizers')
 */
export function createCategory(kind: CategoryKind, name: string, tx?: DbOrTx): Promise<CategoryWriteResult> {
  return lists[kind].add(name, tx)
}

/**
 * Renames a product or shipping category; its products keep it.
 * @example const result = await renameCategory('shipping', categoryId, 'Large Item Shipping')
 */
export function renameCategory(
  kind: CategoryKind,
  id: string,
  name: string,
  tx?: DbOrTx,
): Promise<CategoryWriteResult> {
  return lists[kind].rename(id, name, tx)
}

/**
 * Deletes a product or shipping category that no product uses. One in use is refused with the
 * number of its products: unsetting it would silently take products out of the storefront's
 * category filter, or change which shipping rate a product gets at checkout; the admin moves the
 * products first. The check and the delete are one statement.
 * @example const result = await deleteCategory('product', categoryId) // { ok: false, reason: 'in-use', usedBy: 4, name }
 */
export function deleteCategory(kind: CategoryKind, id: string, tx?: DbOrTx): Promise<CategoryWriteResult> {
  return lists[kind].deleteUnused(id, tx)
}
