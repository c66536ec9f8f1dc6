import { data } from 'react-router'
import {
  MANUAL_REVIEW_PRODUCT_UNKNOWN,
  ManualReviewFormSchema,
  manualReviewIssue,
  ReviewIdFormSchema,
} from '#app/modules/reviews/schemas.ts'
import { addManualReviewAndUpdateRating } from '#app/workflows/add-manual-review.server.ts'
import { approveReviewAndUpdateRating } from '#app/workflows/approve-review.server.ts'
import { deleteReviewAndUpdateRating } from '#app/workflows/delete-review.server.ts'
import type { ManualReviewValues, ReviewActionResult, ReviewIntent } from './review-action-result.ts'

type Fields = Record<string, FormDataEntryValue>

const REVIEW_NOT_FOUND = 'Review not found. It may have been deleted already.'

function succeeded(intent: ReviewIntent, title: string) {
  return data<ReviewActionResult>({ ok: true, intent, toast: { title, variant: 'success' } })
}

export function refused(
  intent: ReviewIntent | null,
  description: string,
  status: 400 | 404,
  values?: ManualReviewValues,
) {
  return data<ReviewActionResult>(
    { ok: false, intent, toast: { title: 'Error', description, variant: 'destructive' }, values },
    { status },
  )
}

/** Approve: the review goes public and its product's rating and review count follow. */
export async function approve(fields: Fields) {
  const parsed = ReviewIdFormSchema.safeParse(fields)
  const approved = parsed.success ? await approveReviewAndUpdateRating(parsed.data.reviewId) : null
  if (!approved) return refused('approve', REVIEW_NOT_FOUND, 404)
  return succeeded('approve', 'Review Approved')
}

/** Delete, once confirmed; an approved review's product is recounted without it. */
export async function remove(fields: Fields) {
  const parsed = ReviewIdFormSchema.safeParse(fields)
  const deleted = parsed.success ? await deleteReviewAndUpdateRating(parsed.data.reviewId) : null
  if (!deleted) return refused('delete', REVIEW_NOT_FOUND, 404)
  return succeeded('delete', 'Review Deleted')
}

/** A manual review: stored approved, and its product's rating and review count follow. */
export async function addManual(fields: Fields) {
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '')
  const values = {
    name: text('name'),
    title: text('title'),
    comment: text('comment'),
    productId: text('productId'),
    rating: text('rating'),
  }
  const parsed = ManualReviewFormSchema.safeParse(fields)
  if (!parsed.success) {
    const message = manualReviewIssue(parsed.error)
    return refused('create', message, message === MANUAL_REVIEW_PRODUCT_UNKNOWN ? 404 : 400, values)
  }
  const added = await addManualReviewAndUpdateRating(parsed.data)
  if (!added.ok) return refused('create', MANUAL_REVIEW_PRODUCT_UNKNOWN, 404, values)
  return succeeded('create', 'Review Added')
}
