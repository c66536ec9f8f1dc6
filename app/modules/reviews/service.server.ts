import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { countUpToLimit, selectCounts } from '#app/utils/list-queries.server.ts'
import { reviews } from './schema.server.ts'
import type { AdminReviewDto, ReviewCounts, ReviewDto, ReviewFilter } from './types.ts'

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

const filterConditions: Record<ReviewFilter, SQL | undefined> = {
  all: undefined,
  pending: eq(reviews.approved, false),
  approved: eq(reviews.approved, true),
}

/**
 * Reviews of every status for the back-office, newest first, one page at a time: all of them, those
 * waiting for approval, or the approved ones.
 * @example const pending = await listReviews({ filter: 'pending', limit: 50, offset: 0 })
 */
export async function listReviews({
  filter = 'all',
  limit,
  offset = 0,
}: {
  filter?: ReviewFilter
  limit?: number
  offset?: number
} = {}): Promise<AdminReviewDto[]> {
  const db = await getDb()
  const query = db
    .select({ ...reviewColumns, approved: reviews.approved })
    .from(reviews)
    .where(filterConditions[filter])
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .offset(offset)
  return limit ? query.limit(limit) : query
}

/**
 * The ids of the reviews a back-office filter matches, newest first, at most `limit`: what a bulk
 * action on "every review matching the filter" applies to.
 * @example const ids = await listReviewIds({ filter: 'pending', limit: 1000 })
 */
export async function listReviewIds({ filter, limit }: { filter: ReviewFilter; limit: number }): Promise<string[]> {
  const db = await getDb()
  const rows = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(filterConditions[filter])
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
  return rows.map((row) => row.id)
}

/**
 * How many reviews there are in all, waiting for approval and approved (the back-office filters).
 * @example const { all, pending, approved } = await countReviews()
 */
export async function countReviews(): Promise<ReviewCounts> {
  const db = await getDb()
  return selectCounts(db, {
    all: countUpToLimit(reviews),
    pending: reviewsAwaitingApprovalCount(),
    approved: countUpToLimit(reviews, eq(reviews.approved, true)),
  })
}

/**
 * How many approved reviews the shop has; the reviews page shows it as its customer count.
 * @example const customers = await countApprovedReviews() // 42
 */
/**
 * How many reviews wait for approval (counted up to the lists' limit), as a column for one
 * statement of several counts (selectCounts): the dashboard's card.
 * @example await selectCounts(db, { reviews: reviewsAwaitingApprovalCount() })
 */
export function reviewsAwaitingApprovalCount(): SQL<number> {
  return countUpToLimit(reviews, eq(reviews.approved, false))
}

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

export type NewManualReview = Omit<NewReview, 'userId' | 'productId'> & { productId: string }

/**
 * Stores a review an admin adds by hand (back-office §4): approved at once, not verified and not
 * tied to an account. The caller brings the product's rating up to date.
 * @example const { id } = await createManualReview({ productId, name: 'Maria Garcia', rating: 5, title, comment }, tx)
 */
export async function createManualReview(input: NewManualReview, tx?: DbOrTx): Promise<{ id: string }> {
  const db = tx ?? (await getDb())
  const [row] = await db
    .insert(reviews)
    .values({ ...input, userId: null, approved: true, verified: false })
    .returning({ id: reviews.id })
  return row
}

/**
 * Deletes a review for good. Returns the product it was about (null for a general review) and
 * whether it was public, so the caller knows whether a rating changes; null when there is no such
 * review.
 * @example const deleted = await deleteReview(reviewId, tx) // { productId: '…', approved: true }
 */
export async function deleteReview(
  id: string,
  tx?: DbOrTx,
): Promise<{ productId: string | null; approved: boolean } | null> {
  if (!isUuid(id)) return null
  const db = tx ?? (await getDb())
  const [row] = await db
    .delete(reviews)
    .where(eq(reviews.id, id))
    .returning({ productId: reviews.productId, approved: reviews.approved })
  return row ?? null
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
