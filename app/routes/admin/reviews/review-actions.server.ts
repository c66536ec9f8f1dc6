import { data } from 'react-router'
import { z } from 'zod'
import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { listReviewIds } from '#app/modules/reviews/index.server.ts'
import {
  MANUAL_REVIEW_PRODUCT_UNKNOWN,
  ManualReviewFormSchema,
  manualReviewIssue,
  REVIEW_FILTERS,
  ReviewIdFormSchema,
} from '#app/modules/reviews/schemas.ts'
import { refused, succeeded } from '#app/utils/action-reply.server.ts'
import { addManualReviewAndUpdateRating } from '#app/workflows/add-manual-review.server.ts'
import { approveReviewAndUpdateRating } from '#app/workflows/approve-review.server.ts'
import { deleteReviewAndUpdateRating } from '#app/workflows/delete-review.server.ts'
import { BULK_LIMIT, counted, readBulkSelection } from '../+shared/bulk-selection.server.ts'
import type { ReviewActionResult } from './review-action-result.ts'

type Fields = Record<string, FormDataEntryValue>

const REVIEW_NOT_FOUND = 'Review not found. It may have been deleted already.'

/** Approve: the review goes public and its product's rating and review count follow. */
export async function approve(fields: Fields, actor: ActivityActor) {
  const parsed = ReviewIdFormSchema.safeParse(fields)
  const approved = parsed.success ? await approveReviewAndUpdateRating(parsed.data.reviewId, actor) : null
  if (!approved) return refused('approve', REVIEW_NOT_FOUND, 404)
  return succeeded('approve', 'Review Approved')
}

/** Delete, once confirmed; an approved review's product is recounted without it. */
export async function remove(fields: Fields, actor: ActivityActor) {
  const parsed = ReviewIdFormSchema.safeParse(fields)
  const deleted = parsed.success ? await deleteReviewAndUpdateRating(parsed.data.reviewId, actor) : null
  if (!deleted) return refused('delete', REVIEW_NOT_FOUND, 404)
  return succeeded('delete', 'Review Deleted')
}

/** The reviews a bulk action names: the ticked ones, or every review of the list's filter. */
async function selectedReviews(form: FormData): Promise<string[] | null> {
  const selection = readBulkSelection(form)
  if (!selection) return null
  if ('ids' in selection) return selection.ids
  const filter = z
    .enum(REVIEW_FILTERS)
    .catch('all')
    .parse(selection.query.get('filter') ?? undefined)
  return listReviewIds({ filter, limit: BULK_LIMIT + 1 })
}

/**
 * Approve or delete several reviews at once, once confirmed; each product's rating follows, as
 * for one review. At most {@link BULK_LIMIT} reviews at once.
 */
export async function bulkReviews(form: FormData, actor: ActivityActor) {
  const intent = form.get('intent')
  if (intent !== 'bulk-approve' && intent !== 'bulk-delete') return refused(null, 'Unknown request.', 400)
  const ids = await selectedReviews(form)
  if (!ids || ids.length === 0) return refused(null, 'Select the reviews first.', 400)
  if (ids.length > BULK_LIMIT) return refused(null, `Select at most ${BULK_LIMIT} reviews at once.`, 400)
  let done = 0
  for (const id of ids) {
    const result =
      intent === 'bulk-approve'
        ? await approveReviewAndUpdateRating(id, actor)
        : await deleteReviewAndUpdateRating(id, actor)
    if (result) done += 1
  }
  if (done === 0) return refused(null, 'None of these reviews exists any more.', 404)
  const title = intent === 'bulk-approve' ? 'Reviews Approved' : 'Reviews Deleted'
  const verb = intent === 'bulk-approve' ? 'approved' : 'deleted'
  return data<ReviewActionResult>({
    ok: true,
    intent: null,
    toast: { title, description: `${counted(done, 'review', 'reviews')} ${verb}.`, variant: 'success' },
  })
}

/** A manual review: stored approved, and its product's rating and review count follow. */
export async function addManual(fields: Fields, actor: ActivityActor) {
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
  const added = await addManualReviewAndUpdateRating(parsed.data, actor)
  if (!added.ok) return refused('create', MANUAL_REVIEW_PRODUCT_UNKNOWN, 404, values)
  return succeeded('create', 'Review Added')
}

export { refused }
