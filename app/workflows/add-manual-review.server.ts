import { type ActivityActor, recordActivity } from '#app/modules/activity/index.server.ts'
import { lockProduct, setProductRating } from '#app/modules/catalog/index.server.ts'
import { createManualReview, type NewManualReview, productRatingSummary } from '#app/modules/reviews/index.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { announcePublicChange } from '#app/utils/public-change.server.ts'
import type { RatingSummary } from './refresh-product-rating.server.ts'

export type AddedManualReview = { ok: true; id: string; summary: RatingSummary } | { ok: false; reason: 'no-product' }

/**
 * Adds a review written by an admin (back-office §4): it is approved at once, so its product's
 * rating and review count are brought up to date in the same transaction. Nothing is stored when
 * the product does not exist.
 * @example
 * const added = await addManualReviewAndUpdateRating({ productId, name: 'Maria Garcia', rating: 5, title, comment })
 * if (!added.ok) return productNotFound()
 */
export async function addManualReviewAndUpdateRating(
  input: NewManualReview,
  actor?: ActivityActor,
): Promise<AddedManualReview> {
  const db = await getDb()
  const added = await db.transaction(async (tx) => {
    // Step 1: the product must exist; the lock also keeps its summary from being rewritten meanwhile.
    if (!(await lockProduct(input.productId, tx))) return { ok: false, reason: 'no-product' } as const
    // Step 2: store the review, approved.
    const { id } = await createManualReview(input, tx)
    // Step 3: recount the product's rating and review count with it.
    const summary = await productRatingSummary(input.productId, tx)
    await setProductRating(input.productId, summary, tx)
    // Step 3b: the activity log's entry, in the same transaction.
    if (actor) {
      await recordActivity(
        {
          actor,
          action: 'review.created',
          recordType: 'review',
          recordId: id,
          recordLabel: input.title || `Review by ${input.name}`,
          changes: {
            name: { before: null, after: input.name },
            rating: { before: null, after: input.rating },
            title: { before: null, after: input.title },
            comment: { before: null, after: input.comment },
          },
        },
        tx,
      )
    }
    return { ok: true, id, summary } as const
  })
  // Step 4: after the commit, visitors see it on the product's page.
  if (added.ok) announcePublicChange('review added')
  return added
}
