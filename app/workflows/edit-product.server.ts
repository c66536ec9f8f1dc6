import { randomUUID } from 'node:crypto'
import { type ActivityActor, recordActivity } from '#app/modules/activity/index.server.ts'
import {
  PRODUCT_NOT_FOUND,
  retrieveAdminProduct,
  type UpdateProductResult,
  updateProduct,
} from '#app/modules/catalog/index.server.ts'
import type { NewProduct } from '#app/modules/catalog/schemas.ts'
import { type FileStorage, getStorage, versionedImageKey, type WebImage } from '#app/modules/storage/index.server.ts'
import { changedFields } from '#app/rules/changes.ts'
import { PRODUCT_IMAGES_MAX } from '#app/rules/product-form.ts'
import { getDb } from '#app/utils/db.server.ts'
import { announcePublicChange } from '#app/utils/public-change.server.ts'
import { removeProductFiles } from './delete-product.server.ts'

export type EditProductResult = UpdateProductResult | { ok: false; field: 'images'; message: string }

/**
 * Saves the edit form (back-office §2): the fields, and the pictures as the admin left them: the
 * stored ones kept, in the chosen order, then the new uploads (checked by `checkProductImages`).
 *
 * Step 1 checks that every kept picture is one of the product's own (a form cannot point at other
 * files) and that there are at most 8. Step 2 stores the new pictures under `products/{id}/`.
 * Step 3 saves the product; if it is refused (a SKU taken meanwhile, a category deleted), the new
 * files are removed again. Step 4, after the save, removes the uploaded files no longer used.
 * @example const result = await editProduct(id, parsed.data, { keep: ['products/<id>/1.webp'], uploads })
 */
export async function editProduct(
  productId: string,
  product: NewProduct,
  { keep, uploads, actor }: { keep: string[]; uploads: WebImage[]; actor: ActivityActor },
  { storage = getStorage() }: { storage?: FileStorage } = {},
): Promise<EditProductResult> {
  const current = await retrieveAdminProduct(productId)
  if (!current) return { ok: false, field: 'product', message: PRODUCT_NOT_FOUND }
  // Step 1: only the product's own pictures, each once.
  const foreign = keep.some((key) => !current.images.includes(key)) || new Set(keep).size !== keep.length
  if (foreign) {
    return {
      ok: false,
      field: 'images',
      message: 'The pictures changed while you were editing. Reload the page and try again.',
    }
  }
  if (keep.length + uploads.length > PRODUCT_IMAGES_MAX) {
    return {
      ok: false,
      field: 'images',
      message: `A product has at most ${PRODUCT_IMAGES_MAX} images: remove some before adding more.`,
    }
  }
  // Step 2: the new pictures, under names that never clash with the kept ones.
  const stored: string[] = []
  try {
    for (const image of uploads) {
      const key = versionedImageKey(`products/${current.id}/${randomUUID()}`, image.body, image.extension)
      await storage.put(key, image.body, image.contentType)
      stored.push(key)
    }
    // Step 3: the product with its pictures in order, the first the cover, and the activity log's
    // record of what changed, in one transaction.
    const edited = { ...product, images: [...keep, ...stored] }
    const result = await (await getDb()).transaction(async (tx) => {
      const before = (await retrieveAdminProduct(current.id, tx)) ?? current
      const saved = await updateProduct(current.id, edited, tx)
      if (!saved.ok) return saved
      // Variations are compared by what the form edits: their names and price modifiers.
      const variationsOf = (rows: { name: string; priceModifierCents: number }[]) =>
        rows.map(({ name, priceModifierCents }) => ({ name, priceModifierCents }))
      const changes = changedFields(
        { ...before, variations: variationsOf(before.variations) } as unknown as Record<string, unknown>,
        {
          ...edited,
          tieredPricing: edited.priceType === 'tiered' ? edited.tieredPricing : [],
          variations: variationsOf(edited.variations),
        },
      )
      await recordActivity(
        {
          actor,
          action: 'product.updated',
          recordType: 'product',
          recordId: current.id,
          recordLabel: edited.title,
          changes,
        },
        tx,
      )
      return saved
    })
    if (!result.ok) {
      await removeProductFiles(storage, current.id, stored)
      return result
    }
    announcePublicChange('product updated')
  } catch (error) {
    await removeProductFiles(storage, current.id, stored)
    throw error
  }
  // Step 4: the pictures the admin removed.
  await removeProductFiles(
    storage,
    current.id,
    current.images.filter((key) => !keep.includes(key)),
  )
  return { ok: true }
}
