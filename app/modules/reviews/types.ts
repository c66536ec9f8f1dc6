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
