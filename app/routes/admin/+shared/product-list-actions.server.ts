import { data } from 'react-router'
import { setProductStatus } from '#app/modules/catalog/index.server.ts'
import { ProductIdFormSchema, ProductVisibilityFormSchema } from '#app/modules/catalog/schemas.ts'
import { deleteProductForGood } from '#app/workflows/delete-product.server.ts'
import type { ProductListActionResult, ProductListIntent } from './product-list-result.ts'

type Fields = Record<string, FormDataEntryValue>

const PRODUCT_NOT_FOUND = 'Product not found.'

function succeeded(intent: ProductListIntent, title: string, description: string) {
  return data<ProductListActionResult>({ ok: true, intent, toast: { title, description, variant: 'success' } })
}

export function refused(
  intent: ProductListIntent | null,
  description: string,
  status: 400 | 404 | 409,
  title = 'Error',
) {
  return data<ProductListActionResult>(
    { ok: false, intent, toast: { title, description, variant: 'destructive' } },
    { status },
  )
}

/** The visibility switch: visible or hidden (back-office §4). */
export async function setVisibility(fields: Fields) {
  const parsed = ProductVisibilityFormSchema.safeParse(fields)
  if (!parsed.success) {
    const badId = parsed.error.issues.some((issue) => issue.path[0] === 'productId')
    return badId
      ? refused('set-visibility', PRODUCT_NOT_FOUND, 404)
      : refused('set-visibility', 'Choose visible or hidden.', 400)
  }
  const { productId, status } = parsed.data
  if (!(await setProductStatus(productId, status))) return refused('set-visibility', PRODUCT_NOT_FOUND, 404)
  return succeeded(
    'set-visibility',
    'Visibility Updated',
    status === 'visible' ? 'The product is now listed in the shop.' : 'The product is now hidden from the shop.',
  )
}

/** Archive from the menu: only admins see the product from now on. */
export async function archive(fields: Fields) {
  const parsed = ProductIdFormSchema.safeParse(fields)
  if (!parsed.success || !(await setProductStatus(parsed.data.productId, 'archived'))) {
    return refused('archive', PRODUCT_NOT_FOUND, 404)
  }
  return succeeded('archive', 'Product Archived', 'Only admins can see it now.')
}

/** Restore an archived product, as hidden: the admin makes it visible when it is ready. */
export async function restore(fields: Fields) {
  const parsed = ProductIdFormSchema.safeParse(fields)
  if (!parsed.success || !(await setProductStatus(parsed.data.productId, 'hidden'))) {
    return refused('restore', PRODUCT_NOT_FOUND, 404)
  }
  return succeeded('restore', 'Status Updated', 'The product is hidden: switch it on to list it in the shop.')
}

/** Delete, once confirmed; permanent (back-office §4). */
export async function remove(fields: Fields) {
  const parsed = ProductIdFormSchema.safeParse(fields)
  if (!parsed.success) return refused('delete', PRODUCT_NOT_FOUND, 404)
  const deleted = await deleteProductForGood(parsed.data.productId)
  if (!deleted.ok) {
    return deleted.reason === 'not-found'
      ? refused('delete', deleted.message, 404)
      : refused('delete', deleted.message, 409, 'Product Not Deleted')
  }
  return succeeded('delete', 'Product Deleted', 'It is gone for good. Orders and invoices keep their lines.')
}
