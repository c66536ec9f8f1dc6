import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { getDb } from '#app/utils/db.server.ts'
import { reviews } from './schema.server.ts'
import type { ReviewDto } from './types.ts'

const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  name: reviews.name,
  rating: reviews.rating,
  title: reviews.title,
  comment: reviews.comment,
  verified: reviews.verified,
  createdAt: reviews.createdAt,
}

/**
 * Approved reviews, newest first: of one product, or of the whole shop (products and general ones).
 * Reviews waiting for approval are never returned.
 * @example const latest = await listApprovedReviews({ productId, limit: 20 })
 */
export async function listApprovedReviews({
  productId,
  limit,
}: {
  productId?: string
  limit?: number
} = {}): Promise<ReviewDto[]> {
  const filters: SQL[] = [eq(reviews.approved, true)]
  if (productId !== undefined) {
    // A malformed id cannot match a product; asking the database would be an error.
    if (!z.uuid().safeParse(productId).success) return []
    filters.push(eq(reviews.productId, productId))
  }
  const db = await getDb()
  const query = db
    .select(reviewColumns)
    .from(reviews)
    .where(and(...filters))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
  return limit ? query.limit(limit) : query
}

/**
 * How many approved reviews the shop has; the reviews page shows it as its customer count.
 * @example const customers = await countApprovedReviews() // 42
 */
export async function countApprovedReviews(): Promise<number> {
  const db = await getDb()
  const [row] = await db.select({ total: count() }).from(reviews).where(eq(reviews.approved, true))
  return row?.total ?? 0
}
