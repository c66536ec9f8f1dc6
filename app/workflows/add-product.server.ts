import { randomUUID } from 'node:crypto'
import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { type CreateProductResult, createProduct } from '#app/modules/catalog/index.server.ts'
import type { NewProduct } from '#app/modules/catalog/schemas.ts'
import {
  type FileStorage,
  getStorage,
  prepareUploadedImage,
  versionedImageKey,
  type WebImage,
} from '#app/modules/storage/index.server.ts'
import { PRODUCT_IMAGE_MAX_PIXELS } from '#app/rules/product-form.ts'
import { logger } from '#app/utils/logger.server.ts'
import { createdFields, recordedWrite } from './recorded-write.server.ts'

/** An uploaded file, read only when its turn comes (a `File` from the parsed form). */
export type ImageUpload = Pick<File, 'name' | 'arrayBuffer'>
export type CheckedImages = { ok: true; images: WebImage[] } | { ok: false; message: string }

/**
 * Step 1 of adding a product: every uploaded picture is decoded and turned into a web image.
 * One at a time, to keep memory use low. Refused files are named in the message.
 * @example const checked = await checkProductImages([new File([bytes], 'mount.jpg')])
 */
export async function checkProductImages(uploads: ImageUpload[]): Promise<CheckedImages> {
  const images: WebImage[] = []
  const problems: string[] = []
  for (const upload of uploads) {
    const prepared = await prepareUploadedImage(new Uint8Array(await upload.arrayBuffer()), {
      maxPixels: PRODUCT_IMAGE_MAX_PIXELS,
    })
    const name = `“${upload.name.slice(0, 80) || 'image'}”`
    if (prepared.ok) images.push(prepared.image)
    else if (prepared.reason === 'too-many-pixels')
      problems.push(`${name} has too many pixels (at most 40 megapixels).`)
    else problems.push(`${name} is not a JPEG, PNG or WebP image.`)
  }
  return problems.length > 0 ? { ok: false, message: problems.join(' ') } : { ok: true, images }
}

/**
 * Step 2: stores the checked pictures under `products/{id}/` (named with their version, decision
 * 031) and creates the product with their
 * keys, the first one as the cover. When the catalog refuses the product (SKU taken, category
 * gone) or anything fails, the pictures stored for it are deleted again: nothing is left behind.
 * @example const result = await addProduct(newProduct, checked.images)
 */
export async function addProduct(
  product: NewProduct,
  images: WebImage[],
  { storage = getStorage(), actor }: { storage?: FileStorage; actor?: ActivityActor } = {},
): Promise<CreateProductResult> {
  const id = randomUUID()
  const stored: string[] = []
  try {
    for (const [index, image] of images.entries()) {
      const key = versionedImageKey(`products/${id}/${index + 1}`, image.body, image.extension)
      await storage.put(key, image.body, image.contentType)
      stored.push(key)
    }
    const input = { ...product, id, images: stored }
    // With an admin, the product and its activity-log entry are written together.
    const result = actor
      ? await recordedWrite(
          actor,
          (tx) => createProduct(input, tx),
          (created) =>
            created.ok
              ? {
                  action: 'product.created',
                  recordType: 'product',
                  recordId: id,
                  recordLabel: product.title,
                  changes: createdFields({
                    title: product.title,
                    priceCents: product.priceCents,
                    sku: product.sku,
                    status: product.status,
                    stockQuantity: product.stockQuantity,
                    categoryId: product.categoryId,
                    images: stored.length,
                  }),
                }
              : null,
          { announce: 'product added' },
        )
      : await createProduct(input)
    if (!result.ok) await removeFiles(storage, stored)
    return result
  } catch (error) {
    await removeFiles(storage, stored)
    throw error
  }
}

async function removeFiles(storage: FileStorage, keys: string[]) {
  for (const key of keys) {
    await storage.delete(key).catch((error) => logger.warn({ err: error, key }, 'could not remove an unused upload'))
  }
}
