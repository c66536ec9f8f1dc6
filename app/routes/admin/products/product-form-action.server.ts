import { data } from 'react-router'
import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import {
  PRODUCT_FIELDS_REQUIRED,
  ProductFormSchema,
  type ProductFormValues,
  productFormValues,
} from '#app/modules/catalog/schemas.ts'
import { formatFileSize, PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '#app/rules/product-form.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { readUploadForm } from '#app/utils/upload-form.server.ts'
import { addProduct, checkProductImages } from '#app/workflows/add-product.server.ts'
import { editProduct } from '#app/workflows/edit-product.server.ts'
import type { ProductFormRefusal } from './product-form-result.ts'

// The add-product and edit-product forms (back-office §2, §5): one reading, one check, one refusal.

const MAX_IMAGE_SIZE = formatFileSize(PRODUCT_IMAGE_MAX_BYTES)
const NOT_ADDED = 'Product Not Added'
const NOT_UPDATED = 'Product Not Updated'
/** What ProductFormSchema says of an empty title or description, which has a toast of its own. */
const MISSING_REQUIRED = { title: 'Title is required.', description: 'Description is required.' }

const addedToasts = {
  visible: 'It is now listed in the shop.',
  hidden: 'It is hidden: only admins can see it until it is made visible.',
  archived: 'It is archived: only admins can see it.',
} as const

/** The product form's refusal: the spec's toast for missing fields, else the first problem named. */
function refusedProductForm(
  fieldErrors: Record<string, string>,
  values: ProductFormValues | null,
  { status = 400, title, keptImages }: { status?: number; title: string; keptImages?: string[] },
) {
  const messages = Object.values(fieldErrors)
  const more = messages.length > 1 ? ` (${messages.length - 1} more highlighted below)` : ''
  const missingRequired =
    fieldErrors.title === MISSING_REQUIRED.title || fieldErrors.description === MISSING_REQUIRED.description
  const toast = missingRequired
    ? { ...PRODUCT_FIELDS_REQUIRED, variant: 'destructive' as const }
    : { title, description: `${messages[0]}${more}`, variant: 'destructive' as const }
  return data<ProductFormRefusal>({ ok: false, toast, fieldErrors, values, keptImages }, { status })
}

/**
 * The product form with its pictures, read with limits, every field and new picture checked: the
 * product and its pictures, or each field's problem (an unreadable upload is the `form`'s or the
 * `images`' problem) with the status to answer.
 */
async function readProductForm(request: Request) {
  const read = await readUploadForm(request, {
    fileFields: ['images'],
    maxFiles: PRODUCT_IMAGES_MAX,
    maxFileBytes: PRODUCT_IMAGE_MAX_BYTES,
    maxParts: 400,
    tooLarge: `Each image must be ${MAX_IMAGE_SIZE} or smaller.`,
    tooMany: `Add at most ${PRODUCT_IMAGES_MAX} images at a time.`,
  })
  if (!read.ok) {
    const field = read.reason === 'unreadable' ? 'form' : 'images'
    return { ok: false as const, form: null, values: null, fieldErrors: { [field]: read.message }, status: read.status }
  }
  const values = productFormValues(read.form)
  const parsed = parseForm(ProductFormSchema, values)
  const uploads = read.form.getAll('images').filter((file): file is File => file instanceof File)
  const checked = await checkProductImages(uploads)
  if (parsed.ok && checked.ok) {
    return { ok: true as const, form: read.form, values, product: parsed.data, images: checked.images }
  }
  const fieldErrors = parsed.ok ? {} : { ...parsed.fieldErrors }
  if (!checked.ok) fieldErrors.images = checked.message
  return { ok: false as const, form: read.form, values, fieldErrors, status: 400 }
}

/** The answer for an unknown or malformed product id (back-office §2, §8). */
export function productNotFound() {
  return redirectWithToast('/admin/products', {
    title: 'Error',
    description: 'Product not found.',
    variant: 'destructive',
  })
}

/** Add: the product is created with its pictures. Bad input changes nothing and names each problem. */
export async function addProductFromForm(request: Request, actor: ActivityActor) {
  const read = await readProductForm(request)
  if (!read.ok) return refusedProductForm(read.fieldErrors, read.values, { status: read.status, title: NOT_ADDED })
  const added = await addProduct(read.product, read.images, { actor })
  if (!added.ok)
    return refusedProductForm({ [added.field]: added.message }, read.values, { status: 409, title: NOT_ADDED })
  return redirectWithToast(`/products/${added.id}`, {
    title: 'Product Added!',
    description: addedToasts[read.product.status],
    variant: 'success',
  })
}

/** The stored pictures the edit form kept, in order (one `keepImage` field each). */
function keptImages(form: FormData) {
  return form
    .getAll('keepImage')
    .filter((value): value is string => typeof value === 'string')
    .slice(0, 50)
}

/** Edit: saved with the pictures as the admin left them. Bad input changes nothing. */
export async function editProductFromForm(request: Request, productId: string, actor: ActivityActor) {
  const read = await readProductForm(request)
  const keep = read.form ? keptImages(read.form) : undefined
  const refusal = { title: NOT_UPDATED, keptImages: keep }
  if (!read.ok) return refusedProductForm(read.fieldErrors, read.values, { ...refusal, status: read.status })
  const edited = await editProduct(productId, read.product, { keep: keep ?? [], uploads: read.images, actor })
  if (!edited.ok) {
    if (edited.field === 'product') return productNotFound()
    return refusedProductForm({ [edited.field]: edited.message }, read.values, { ...refusal, status: 409 })
  }
  return redirectWithToast(`/admin/products?filter=${read.product.status}`, {
    title: 'Product updated successfully.',
    description: `“${read.product.title}” is saved.`,
    variant: 'success',
  })
}
