import { type ActivityActor, recordActivity } from '#app/modules/activity/index.server.ts'
import { approveReview } from '#app/modules/reviews/index.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { announcePublicChange } from '#app/utils/public-change.server.ts'
import { type RatingSummary, refreshProductRating } from './refresh-product-rating.server.ts'

/**
 * Approves a review (back-office) and brings its product's rating and review count up to date.
 * Returns the product's new summary (null for a general shop review), or null when there is no such
 * review. With `actor` (an admin) the approval goes into the activity log, in the same transaction.
 * @example const approved = await approveReviewAndUpdateRating(reviewId, actor)
 */
export async function approveReviewAndUpdateRating(
  reviewId: string,
  actor?: ActivityActor,
): Promise<{ productId: string | null; summary: RatingSummary | null } | null> {
  const db = await getDb()
  const result = await db.transaction(async (tx) => {
    // Step 1: make the review public.
    const approved = await approveReview(reviewId, tx)
    if (!approved) return null
    if (actor) {
      await recordActivity(
        {
          actor,
          action: 'review.approved',
          recordType: 'review',
          recordId: reviewId,
          changes: { approved: { before: false, after: true } },
        },
        tx,
      )
    }
    // A general shop review belongs to no product: there is no rating to update.
    if (!approved.productId) return { productId: null, summary: null }
    // Step 2: recount from the approved reviews themselves, so a repeated approval changes nothing.
    const summary = await refreshProductRating(approved.productId, tx)
    return { productId: approved.productId, summary }
  })
  // Step 3: after the commit, visitors see it (on /feedback or its product's page).
  if (result) announcePublicChange('review approved')
  return result
}
