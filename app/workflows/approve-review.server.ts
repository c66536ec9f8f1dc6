import { setProductRating } from '#app/modules/catalog/index.server.ts'
import { approveReview, productRatingSummary } from '#app/modules/reviews/index.server.ts'

/**
 * Approves a review (back-office) and brings its product's rating and review count up to date.
 * Returns the product's new summary (null for a general shop review), or null when there is no such
 * review.
 * @example const approved = await approveReviewAndUpdateRating(reviewId)
 */
export async function approveReviewAndUpdateRating(
  reviewId: string,
): Promise<{ productId: string | null; summary: { rating: number; reviewCount: number } | null } | null> {
  // Step 1: make the review public.
  const approved = await approveReview(reviewId)
  if (!approved) return null
  // A general shop review belongs to no product: there is no rating to update.
  if (!approved.productId) return { productId: null, summary: null }
  // Step 2: recount from the approved reviews themselves, so a repeated approval changes nothing.
  const summary = await productRatingSummary(approved.productId)
  // Step 3: save the summary on the product, where lists and the product page read it.
  await setProductRating(approved.productId, summary)
  return { productId: approved.productId, summary }
}
