export {
  approveReview,
  countApprovedReviews,
  countReviews,
  createManualReview,
  createReview,
  deleteReview,
  listApprovedReviews,
  listReviewIds,
  listReviews,
  type NewManualReview,
  type NewReview,
  productRatingSummary,
  reviewsAwaitingApprovalCount,
} from './service.server.ts'
export type { AdminReviewDto, ReviewCounts, ReviewDto, ReviewFilter } from './types.ts'
