import { type ActivityActor, recordActivity } from '#app/modules/activity/index.server.ts'
import { deleteProduct, lockProduct } from '#app/modules/catalog/index.server.ts'
import { hasUnfinishedCheckoutWith } from '#app/modules/orders/index.server.ts'
import { type FileStorage, getStorage } from '#app/modules/storage/index.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { logger } from '#app/utils/logger.server.ts'
import { announcePublicChange } from '#app/utils/public-change.server.ts'

export type DeleteProductResult = { ok: true } | { ok: false; reason: 'not-found' | 'in-checkout'; message: string }

export const PRODUCT_IN_CHECKOUT =
  'A customer is checking out with this product, or may still pay for it. Archive it now, and delete it in a few days.'

/**
 * Deletes a product for good (back-office §4), then its uploaded pictures.
 *
 * Orders, invoices and quotes keep their lines: each line copied the title and price, and its
 * product link is set to null by the foreign key. A checkout is different: its lines live in the
 * checkout row and become an order line pointing at the product once it is paid, which would fail
 * if the product were gone, after the customer paid. So a product in an unfinished checkout is
 * not deleted, and the admin is told to archive it instead.
 *
 * Step 1 locks the product's row: a checkout starting meanwhile reserves stock on that row, so it
 * either finished before (and is seen by step 2) or finds the product gone.
 * @example const result = await deleteProductForGood(productId)
 */
export async function deleteProductForGood(
  productId: string,
  { storage = getStorage(), actor }: { storage?: FileStorage; actor: ActivityActor },
): Promise<DeleteProductResult> {
  if (!isUuid(productId)) return { ok: false, reason: 'not-found', message: 'Product not found.' }
  const db = await getDb()
  const result = await db.transaction(async (tx) => {
    // Step 1: the product, locked until the transaction ends.
    if (!(await lockProduct(productId, tx))) return { ok: false as const, reason: 'not-found' as const }
    // Step 2: no checkout may still turn it into an order line.
    if (await hasUnfinishedCheckoutWith(productId, tx)) return { ok: false as const, reason: 'in-checkout' as const }
    // Step 3: the product goes; order, invoice and quote lines keep their copies.
    const deleted = await deleteProduct(productId, tx)
    if (deleted) {
      await recordActivity(
        { actor, action: 'product.deleted', recordType: 'product', recordId: productId, recordLabel: deleted.title },
        tx,
      )
    }
    return deleted
      ? { ok: true as const, images: deleted.images }
      : { ok: false as const, reason: 'not-found' as const }
  })
  if (!result.ok) {
    const message = result.reason === 'in-checkout' ? PRODUCT_IN_CHECKOUT : 'Product not found.'
    return { ok: false, reason: result.reason, message }
  }
  announcePublicChange('product deleted')
  // Step 4: after the commit, the pictures uploaded for it (never shared ones, such as the demo's).
  await removeProductFiles(storage, productId, result.images)
  return { ok: true }
}

/** Deletes the files stored under `products/{productId}/`; a failure is only logged. */
export async function removeProductFiles(storage: FileStorage, productId: string, keys: readonly string[]) {
  for (const key of keys.filter((key) => key.startsWith(`products/${productId}/`))) {
    await storage.delete(key).catch((error) => logger.warn({ err: error, key }, 'could not remove a product image'))
  }
}
