import {
  type FileUpload,
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from '@remix-run/form-data-parser'
import { data } from 'react-router'
import {
  PRODUCT_FIELDS_REQUIRED,
  ProductFormSchema,
  type ProductFormValues,
  productFormIssues,
  productFormValues,
} from '#app/modules/catalog/schemas.ts'
import { formatFileSize, PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '#app/rules/product-form.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { addProduct, checkProductImages } from '#app/workflows/add-product.server.ts'
import type { ProductFormRefusal } from './product-form-result.ts'

const MAX_IMAGE_SIZE = formatFileSize(PRODUCT_IMAGE_MAX_BYTES)
// Text fields are small; everything above this is pictures.
const TEXT_ALLOWANCE_BYTES = 1024 * 1024
// A refused upload is read to its end (and thrown away) so the browser gets the answer, up to this.
const DISCARD_LIMIT_BYTES = 512 * 1024 * 1024

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

/** Pictures are kept in memory, each at most the size limit; empty file fields are skipped. */
function keepImages(file: FileUpload) {
  return file.fieldName === 'images' && file.size > 0 ? file : null
}

/** The product form with its pictures, read with limits; a refused upload says why (and its status). */
export async function readProductForm(request: Request) {
  try {
    const form = await parseFormData(
      request,
      {
        maxFiles: PRODUCT_IMAGES_MAX,
        maxFileSize: PRODUCT_IMAGE_MAX_BYTES,
        maxParts: 400,
        maxTotalSize: PRODUCT_IMAGES_MAX * PRODUCT_IMAGE_MAX_BYTES + TEXT_ALLOWANCE_BYTES,
      },
      keepImages,
    )
    return { ok: true as const, form }
  } catch (error) {
    const problem = uploadProblem(error)
    if (!problem) throw error
    await discardRest(request.body)
    return { ok: false as const, ...problem }
  }
}

function uploadProblem(error: unknown) {
  const tooLarge = (message: string) => ({ field: 'images', message, status: 413 })
  if (error instanceof MaxFileSizeExceededError) return tooLarge(`Each image must be ${MAX_IMAGE_SIZE} or smaller.`)
  if (error instanceof MaxFilesExceededError) return tooLarge(`Add at most ${PRODUCT_IMAGES_MAX} images at a time.`)
  if (error instanceof MaxTotalSizeExceededError) {
    return tooLarge(
      `The upload is too large: add at most ${PRODUCT_IMAGES_MAX} images of up to ${MAX_IMAGE_SIZE} each.`,
    )
  }
  if (error instanceof FormDataParseError || error instanceof MultipartParseError) {
    return { field: 'form', message: 'The form could not be read. Please try again.', status: 400 }
  }
  return null
}

async function discardRest(body: ReadableStream<Uint8Array> | null) {
  if (!body || body.locked) return
  const reader = body.getReader()
  try {
    for (let seen = 0; seen < DISCARD_LIMIT_BYTES; ) {
      const { done, value } = await reader.read()
      if (done) return
      seen += value.byteLength
    }
    await reader.cancel()
  } catch {
    // The browser went away: nobody is waiting for the answer.
  } finally {
    reader.releaseLock()
  }
}

/**
 * The add-product form (back-office §2, §5): read with limits, every field and picture checked,
 * then the product created with its pictures. Bad input changes nothing and names each problem.
 */
export async function addProductFromForm(request: Request) {
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
  const added = await addProduct(parsed.data, checked.images)
  if (!added.ok) return refused({ [added.field]: added.message }, values, { status: 409 })
  return redirectWithToast(`/products/${added.id}`, {
    title: 'Product Added!',
    description: addedToasts[parsed.data.status],
    variant: 'success',
  })
}
