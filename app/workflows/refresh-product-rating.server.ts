import { lockProduct, setProductRating } from '#app/modules/catalog/index.server.ts'
import { productRatingSummary } from '#app/modules/reviews/index.server.ts'
import type { Tx } from '#app/utils/db.server.ts'

export type RatingSummary = { rating: number; reviewCount: number }

/**
 * The step every review workflow ends with: recounts a product's rating and review count from its
 * approved reviews and stores them on the product, inside the caller's transaction. Returns null
 * when there is no such product.
 * @example const summary = await refreshProductRating(productId, tx) // { rating: 4.5, reviewCount: 2 }
 */
export async function refreshProductRating(productId: string, tx: Tx): Promise<RatingSummary | null> {
  // Lock the product first: two changes to its reviews at once (an approval and a deletion) are
  // then counted one after the other, and the later count sees the earlier change.
  if (!(await lockProduct(productId, tx))) return null
  const summary = await productRatingSummary(productId, tx)
  await setProductRating(productId, summary, tx)
  return summary
}
