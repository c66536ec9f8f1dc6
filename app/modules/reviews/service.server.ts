import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
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
    if (!isUuid(productId)) return []
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

export type NewReview = {
  /** Null for a general shop review written on the reviews page. */
  productId: string | null
  userId: string
  /** The author's full name when writing; shown shortened, or as 'Anonymous' when empty. */
  name: string
  rating: number
  title: string
  comment: string
}

/**
 * Stores a review as waiting for approval and not verified (storefront §4): nobody sees it until an
 * admin approves it.
 * @example const { id } = await createReview({ productId, userId: viewer.id, name, rating: 5, title, comment })
 */
export async function createReview(input: NewReview, tx?: DbOrTx): Promise<{ id: string }> {
  const db = tx ?? (await getDb())
  const [row] = await db
    .insert(reviews)
    .values({ ...input, approved: false, verified: false })
    .returning({ id: reviews.id })
  return row
}

/**
 * Approves a review, so it is listed publicly. Returns the product it is about (null for a general
 * review), or null when there is no such review.
 * @example const approved = await approveReview(reviewId) // { productId: '…' }
 */
export async function approveReview(id: string, tx?: DbOrTx): Promise<{ productId: string | null } | null> {
  if (!isUuid(id)) return null
  const db = tx ?? (await getDb())
  const [row] = await db
    .update(reviews)
    .set({ approved: true })
    .where(eq(reviews.id, id))
    .returning({ productId: reviews.productId })
  return row ?? null
}

/**
 * The average of a product's approved reviews (one decimal, 0 without reviews) and how many there are.
 * @example const { rating, reviewCount } = await productRatingSummary(productId) // { rating: 4.5, reviewCount: 2 }
 */
export async function productRatingSummary(
  productId: string,
  tx?: DbOrTx,
): Promise<{ rating: number; reviewCount: number }> {
  if (!isUuid(productId)) return { rating: 0, reviewCount: 0 }
  const db = tx ?? (await getDb())
  const [row] = await db
    .select({
      average: sql<string | null>`round(avg(${reviews.rating}), 1)`,
      reviewCount: count(),
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.approved, true)))
  return { rating: row?.average === null || !row ? 0 : Number(row.average), reviewCount: row?.reviewCount ?? 0 }
}
