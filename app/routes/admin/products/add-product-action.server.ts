import { data } from 'react-router'
import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import {
  PRODUCT_FIELDS_REQUIRED,
  ProductFormSchema,
  type ProductFormValues,
  productFormIssues,
  productFormValues,
} from '#app/modules/catalog/schemas.ts'
import { formatFileSize, PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '#app/rules/product-form.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { readUploadForm } from '#app/utils/upload-form.server.ts'
import { addProduct, checkProductImages } from '#app/workflows/add-product.server.ts'
import type { ProductFormRefusal } from './product-form-result.ts'

const MAX_IMAGE_SIZE = formatFileSize(PRODUCT_IMAGE_MAX_BYTES)

const addedToasts = {
  visible: 'It is now listed in the shop.',
  hidden: 'It is hidden: only admins can see it until it is made visible.',
  archived: 'It is archived: only admins can see it.',
} as const

/** The product form's refusal: the spec's toast for missing fields, else the first problem named. */
export function refused(
  fieldErrors: Record<string, string>,
  values: ProductFormValues | null,
  {
    missingRequired = false,
    status = 400,
    title = 'Product Not Added',
    keptImages,
  }: { missingRequired?: boolean; status?: number; title?: string; keptImages?: string[] } = {},
) {
  const messages = Object.values(fieldErrors)
  const more = messages.length > 1 ? ` (${messages.length - 1} more highlighted below)` : ''
  const toast = missingRequired
    ? { ...PRODUCT_FIELDS_REQUIRED, variant: 'destructive' as const }
    : { title, description: `${messages[0]}${more}`, variant: 'destructive' as const }
  return data<ProductFormRefusal>({ ok: false, toast, fieldErrors, values, keptImages }, { status })
}

/** The product form with its pictures, read with limits; a refused upload says why (and its status). */
export async function readProductForm(request: Request) {
  const read = await readUploadForm(request, {
    fileFields: ['images'],
    maxFiles: PRODUCT_IMAGES_MAX,
    maxFileBytes: PRODUCT_IMAGE_MAX_BYTES,
    maxParts: 400,
    tooLarge: `Each image must be ${MAX_IMAGE_SIZE} or smaller.`,
    tooMany: `Add at most ${PRODUCT_IMAGES_MAX} images at a time.`,
  })
  if (read.ok) return read
  return {
    ok: false as const,
    field: read.reason === 'unreadable' ? 'form' : 'images',
    message: read.message,
    status: read.status,
  }
}

/**
 * The add-product form (back-office §2, §5): read with limits, every field and picture checked,
 * then the product created with its pictures. Bad input changes nothing and names each problem.
 */
export async function addProductFromForm(request: Request, actor: ActivityActor) {
  const read = await readProductForm(request)
  if (!read.ok) return refused({ [read.field]: read.message }, null, { status: read.status })
  const values = productFormValues(read.form)
  const parsed = ProductFormSchema.safeParse(values)
  const uploads = read.form.getAll('images').filter((file): file is File => file instanceof File)
  const checked = await checkProductImages(uploads)
  if (!parsed.success || !checked.ok) {
    const { fieldErrors, missingRequired } = parsed.success
      ? { fieldErrors: {}, missingRequired: false }
      : productFormIssues(parsed.error)
    if (!checked.ok) fieldErrors.images = checked.message
    return refused(fieldErrors, values, { missingRequired })
  }
  const added = await addProduct(parsed.data, checked.images, { actor })
  if (!added.ok) return refused({ [added.field]: added.message }, values, { status: 409 })
  return redirectWithToast(`/products/${added.id}`, {
    title: 'Product Added!',
    description: addedToasts[parsed.data.status],
    variant: 'success',
  })
}
