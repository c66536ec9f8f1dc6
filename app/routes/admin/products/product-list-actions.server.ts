import { countOf } from '#app/components/admin/admin-page.tsx'
import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { listProductIdsMatching } from '#app/modules/catalog/index.server.ts'
import {
  ProductIdFormSchema,
  ProductListQuerySchema,
  ProductVisibilityFormSchema,
} from '#app/modules/catalog/schemas.ts'
import { refused, succeeded } from '#app/utils/action-reply.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { changeProductsStatus, moveProductsToCategory } from '#app/workflows/change-products.server.ts'
import { deleteProductForGood } from '#app/workflows/delete-product.server.ts'
import { BULK_LIMIT, selectedIds } from '../+shared/bulk-selection.server.ts'

type Fields = Record<string, FormDataEntryValue>

const PRODUCT_NOT_FOUND = 'Product not found.'

/** The visibility switch: visible or hidden (back-office §4). */
export async function setVisibility(fields: Fields, actor: ActivityActor) {
  const parsed = parseForm(ProductVisibilityFormSchema, fields)
  if (!parsed.ok) {
    return parsed.fieldErrors.productId
      ? refused('set-visibility', PRODUCT_NOT_FOUND, 404)
      : refused('set-visibility', 'Choose visible or hidden.', 400)
  }
  const { productId, status } = parsed.data
  if (!(await changeProductsStatus([productId], status, actor)))
    return refused('set-visibility', PRODUCT_NOT_FOUND, 404)
  return succeeded(
    'set-visibility',
    'Visibility Updated',
    status === 'visible' ? 'The product is now listed in the shop.' : 'The product is now hidden from the shop.',
  )
}

/** Archive from the menu: only admins see the product from now on. */
export async function archive(fields: Fields, actor: ActivityActor) {
  const parsed = parseForm(ProductIdFormSchema, fields)
  if (!parsed.ok || !(await changeProductsStatus([parsed.data.productId], 'archived', actor))) {
    return refused('archive', PRODUCT_NOT_FOUND, 404)
  }
  return succeeded('archive', 'Product Archived', 'Only admins can see it now.')
}

/** Restore an archived product, as hidden: the admin makes it visible when it is ready. */
export async function restore(fields: Fields, actor: ActivityActor) {
  const parsed = parseForm(ProductIdFormSchema, fields)
  if (!parsed.ok || !(await changeProductsStatus([parsed.data.productId], 'hidden', actor))) {
    return refused('restore', PRODUCT_NOT_FOUND, 404)
  }
  return succeeded('restore', 'Status Updated', 'The product is hidden: switch it on to list it in the shop.')
}

/** Delete, once confirmed; permanent (back-office §4). */
export async function remove(fields: Fields, actor: ActivityActor) {
  const parsed = parseForm(ProductIdFormSchema, fields)
  if (!parsed.ok) return refused('delete', PRODUCT_NOT_FOUND, 404)
  const deleted = await deleteProductForGood(parsed.data.productId, { actor })
  if (!deleted.ok) {
    return deleted.reason === 'not-found'
      ? refused('delete', deleted.message, 404)
      : refused('delete', deleted.message, 409, undefined, 'Product Not Deleted')
  }
  return succeeded('delete', 'Product Deleted', 'It is gone for good. Orders and invoices keep their lines.')
}

/** Every product of the list's filter and search, for a bulk action on all matching. */
function productsMatching(query: URLSearchParams) {
  const { filter, q } = ProductListQuerySchema.parse(Object.fromEntries(query))
  return listProductIdsMatching({ filter, search: q, limit: BULK_LIMIT + 1 })
}

const bulkStatuses = { 'bulk-show': 'visible', 'bulk-hide': 'hidden', 'bulk-archive': 'archived' } as const
const bulkWords = { visible: 'visible in the shop', hidden: 'hidden from the shop', archived: 'archived' }

/**
 * A bulk action on the product list, once confirmed: show, hide or archive, move to a category,
 * or delete. At most {@link BULK_LIMIT} products at once.
 */
export async function bulkProducts(form: FormData, actor: ActivityActor) {
  const intent = form.get('intent')
  const ids = await selectedIds(form, productsMatching)
  if (!ids || ids.length === 0) return refused(null, 'Select the products first.', 400)
  if (ids.length > BULK_LIMIT) {
    return refused(null, `Select at most ${BULK_LIMIT} products at once: narrow the filter first.`, 400)
  }
  if (intent === 'bulk-show' || intent === 'bulk-hide' || intent === 'bulk-archive') {
    const status = bulkStatuses[intent]
    const changed = await changeProductsStatus(ids, status, actor)
    if (changed === 0) return refused(null, 'None of these products exists any more.', 404)
    return succeeded(
      null,
      'Products Updated',
      `${countOf(changed, 'product is', 'products are')} now ${bulkWords[status]}.`,
    )
  }
  if (intent === 'bulk-category') {
    const raw = form.get('categoryId')
    const categoryId = typeof raw === 'string' && raw !== '' ? raw : null
    const changed = await moveProductsToCategory(ids, categoryId, actor)
    if (changed === null) return refused(null, 'That category does not exist any more.', 404)
    if (changed === 0) return refused(null, 'None of these products exists any more.', 404)
    return succeeded(
      null,
      'Products Updated',
      `${countOf(changed, 'product', 'products')} moved to ${categoryId ? 'the chosen category' : 'no category'}.`,
    )
  }
  if (intent === 'bulk-delete') {
    let deleted = 0
    let kept = 0
    // One at a time: each product is locked and checked against open checkouts (delete-product).
    for (const id of ids) {
      const result = await deleteProductForGood(id, { actor })
      if (result.ok) deleted += 1
      else if (result.reason === 'in-checkout') kept += 1
    }
    if (deleted === 0 && kept > 0) {
      return refused(
        null,
        `${countOf(kept, 'product is', 'products are')} in a customer's checkout: archive them instead.`,
        409,
        undefined,
        'Products Not Deleted',
      )
    }
    if (deleted === 0) return refused(null, 'None of these products exists any more.', 404)
    const keptNote =
      kept > 0
        ? ` ${countOf(kept, 'product is', 'products are')} in a customer's checkout and stayed: archive them instead.`
        : ''
    return succeeded(
      null,
      'Products Deleted',
      `${countOf(deleted, 'product', 'products')} deleted for good.${keptNote}`,
    )
  }
  return refused(null, 'Unknown request.', 400)
}
