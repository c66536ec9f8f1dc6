import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import {
  ProductFormSchema,
  type ProductFormValues,
  productFormIssues,
  productFormValues,
} from '#app/modules/catalog/schemas.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { checkProductImages } from '#app/workflows/add-product.server.ts'
import { editProduct } from '#app/workflows/edit-product.server.ts'
import { readProductForm, refused } from './add-product-action.server.ts'

const NOT_UPDATED = 'Product Not Updated'

/** The answer for an unknown or malformed product id (back-office §2, §8). */
export function productNotFound() {
  return redirectWithToast('/admin/products', {
    title: 'Error',
    description: 'Product not found.',
    variant: 'destructive',
  })
}

/** The stored pictures the form kept, in order (one `keepImage` field each). */
function keptImages(form: FormData) {
  return form
    .getAll('keepImage')
    .filter((value): value is string => typeof value === 'string')
    .slice(0, 50)
}

/**
 * The edit form (back-office §2, §5): read with the add form's limits, every field and new picture
 * checked, then saved with the pictures as the admin left them. Bad input changes nothing.
 */
export async function editProductFromForm(request: Request, productId: string, actor: ActivityActor) {
  const read = await readProductForm(request)
  if (!read.ok) return refused({ [read.field]: read.message }, null, { status: read.status, title: NOT_UPDATED })
  const values: ProductFormValues = productFormValues(read.form)
  const keep = keptImages(read.form)
  const options = { title: NOT_UPDATED, keptImages: keep }
  const parsed = ProductFormSchema.safeParse(values)
  const uploads = read.form.getAll('images').filter((file): file is File => file instanceof File)
  const checked = await checkProductImages(uploads)
  if (!parsed.success || !checked.ok) {
    const { fieldErrors, missingRequired } = parsed.success
      ? { fieldErrors: {}, missingRequired: false }
      : productFormIssues(parsed.error)
    if (!checked.ok) fieldErrors.images = checked.message
    return refused(fieldErrors, values, { ...options, missingRequired })
  }
  const edited = await editProduct(productId, parsed.data, { keep, uploads: checked.images, actor })
  if (!edited.ok) {
    if (edited.field === 'product') return productNotFound()
    return refused({ [edited.field]: edited.message }, values, { ...options, status: 409 })
  }
  return redirectWithToast(`/admin/products?filter=${parsed.data.status}`, {
    title: 'Product updated successfully.',
    description: `“${parsed.data.title}” is saved.`,
    variant: 'success',
  })
}
