import type { ActionResult } from '#app/utils/action-result.ts'

export type ReviewIntent = 'approve' | 'delete' | 'create'

/** What the manual review form sent, returned with a refusal so a form posted without JavaScript keeps it. */
export type ManualReviewValues = {
  name: string
  title: string
  comment: string
  productId: string
  /** What was typed in the product picker: without JavaScript, the SKU or title the server looks up. */
  productText: string
  rating: string
}

/** The answer of the /admin/reviews action, to a fetcher or to the page itself (posted without JavaScript). */
export type ReviewActionResult = ActionResult<ReviewIntent, ManualReviewValues>
