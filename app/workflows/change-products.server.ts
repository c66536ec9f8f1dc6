import { type ActivityActor, recordActivity } from '#app/modules/activity/index.server.ts'
import { setProductsCategory, setProductsStatus } from '#app/modules/catalog/index.server.ts'
import type { ProductStatus } from '#app/modules/catalog/types.ts'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { announcePublicChange } from '#app/utils/public-change.server.ts'

/** Step: the activity log's record of each product whose `field` was not `after` already. */
async function recordMoved(
  tx: DbOrTx,
  actor: ActivityActor,
  products: { id: string; title: string; before: unknown }[],
  { action, field, after }: { action: string; field: 'status' | 'categoryId'; after: unknown },
) {
  for (const product of products.filter((row) => row.before !== after)) {
    const changes = { [field]: { before: product.before, after } }
    await recordActivity(
      { actor, action, recordType: 'product', recordId: product.id, recordLabel: product.title, changes },
      tx,
    )
  }
}

/**
 * An admin's change of status (visible, hidden, archived) to one or several products, and its
 * record in the activity log for each product whose status moved, in one transaction. Returns how
 * many products were found; the public pages are told once it has committed.
 * @example const found = await changeProductsStatus([id], 'archived', { id: admin.id, label: admin.email })
 */
export async function changeProductsStatus(ids: readonly string[], status: ProductStatus, actor: ActivityActor) {
  const action = `product.${status === 'archived' ? 'archived' : status === 'visible' ? 'shown' : 'hidden'}`
  const rows = await (await getDb()).transaction(async (tx) => {
    const found = await setProductsStatus(ids, status, tx)
    await recordMoved(tx, actor, found, { action, field: 'status', after: status })
    return found
  })
  if (rows.length > 0) announcePublicChange('products status changed')
  return rows.length
}

/**
 * Moves products to a product category (or none), with the activity log's record for each product
 * whose category changed, in one transaction. Null when the category does not exist.
 * @example const found = await moveProductsToCategory([a, b], categoryId, actor)
 */
export async function moveProductsToCategory(ids: readonly string[], categoryId: string | null, actor: ActivityActor) {
  const rows = await (await getDb()).transaction(async (tx) => {
    const found = await setProductsCategory(ids, categoryId, tx)
    await recordMoved(tx, actor, found ?? [], {
      action: 'product.recategorised',
      field: 'categoryId',
      after: categoryId,
    })
    return found
  })
  if (rows?.length) announcePublicChange('products category changed')
  return rows === null ? null : rows.length
}
