export { countApprovedReviews, listApprovedReviews } from './service.server.ts'
export type { ReviewDto } from './types.ts'
