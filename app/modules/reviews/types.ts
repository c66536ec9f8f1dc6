/** An approved review as pages show it; `name` is the reviewer's full name as stored (may be empty). */
export type ReviewDto = {
  id: string
  productId: string | null
  name: string
  rating: number
  title: string
  comment: string
  verified: boolean
  createdAt: Date
}

/** Which reviews the back-office lists: every review, those waiting for approval, or the public ones. */
export type ReviewFilter = 'all' | 'pending' | 'approved'

/** A review of any status as the back-office lists it; `name` is the full name as stored. */
export type AdminReviewDto = ReviewDto & { approved: boolean }

/** How many reviews each filter of the back-office list holds. */
export type ReviewCounts = Record<ReviewFilter, number>
