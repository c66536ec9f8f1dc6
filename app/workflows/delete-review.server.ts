import { type ActivityActor, recordActivity } from '#app/modules/activity/index.server.ts'
import { deleteReview } from '#app/modules/reviews/index.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { announcePublicChange } from '#app/utils/public-change.server.ts'
import { type RatingSummary, refreshProductRating } from './refresh-product-rating.server.ts'

export type DeletedReview = { productId: string | null; approved: boolean; summary: RatingSummary | null }

/**
 * Deletes a review (back-office) and, when it was public, brings its product's rating and review
 * count up to date. Returns the product's new summary (null when nothing about the product
 * changed), or null when there is no such review.
 * With `actor` (an admin) the deletion goes into the activity log, in the same transaction.
 * @example const deleted = await deleteReviewAndUpdateRating(reviewId, actor)
 */
export async function deleteReviewAndUpdateRating(
  reviewId: string,
  actor?: ActivityActor,
): Promise<DeletedReview | null> {
  const db = await getDb()
  const result = await db.transaction(async (tx) => {
    // Step 1: remove the review.
    const deleted = await deleteReview(reviewId, tx)
    if (!deleted) return null
    if (actor) {
      await recordActivity({ actor, action: 'review.deleted', recordType: 'review', recordId: reviewId }, tx)
    }
    // A review waiting for approval never counted, and a general one belongs to no product.
    if (!deleted.approved || !deleted.productId) return { ...deleted, summary: null }
    // Step 2: recount the product's rating without it.
    const summary = await refreshProductRating(deleted.productId, tx)
    return { ...deleted, summary }
  })
  // Step 3: after the commit, a review that was public is gone from the pages that showed it.
  if (result?.approved) announcePublicChange('review deleted')
  return result
}
