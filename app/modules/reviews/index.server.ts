export {
  approveReview,
  countApprovedReviews,
  createReview,
  listApprovedReviews,
  type NewReview,
  productRatingSummary,
} from './service.server.ts'
export type { ReviewDto } from './types.ts'
