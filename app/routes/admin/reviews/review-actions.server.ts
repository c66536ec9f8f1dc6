import { z } from 'zod'
import { countOf } from '#app/components/admin/admin-page.tsx'
import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { findProductOptionByName } from '#app/modules/catalog/index.server.ts'
import { listReviewIds } from '#app/modules/reviews/index.server.ts'
import {
  MANUAL_REVIEW_FIELDS_REQUIRED,
  MANUAL_REVIEW_PRODUCT_UNKNOWN,
  ManualReviewFormSchema,
  REVIEW_FILTERS,
  ReviewIdFormSchema,
} from '#app/modules/reviews/schemas.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { addManualReviewAndUpdateRating } from '#app/workflows/add-manual-review.server.ts'
import { approveReviewAndUpdateRating } from '#app/workflows/approve-review.server.ts'
import { deleteReviewAndUpdateRating } from '#app/workflows/delete-review.server.ts'
import { BULK_LIMIT, selectedIds } from '../+shared/bulk-selection.server.ts'
import type { ManualReviewValues } from './review-action-result.ts'

type Fields = Record<string, FormDataEntryValue>

const REVIEW_NOT_FOUND = 'Review not found. It may have been deleted already.'

/** Approve: the review goes public and its product's rating and review count follow. */
export async function approve(fields: Fields, actor: ActivityActor) {
  const parsed = parseForm(ReviewIdFormSchema, fields)
  const approved = parsed.ok ? await approveReviewAndUpdateRating(parsed.data.reviewId, actor) : null
  if (!approved) return refused('approve', REVIEW_NOT_FOUND, 404)
  return succeeded('approve', 'Review Approved')
}

/** Delete, once confirmed; an approved review's product is recounted without it. */
export async function remove(fields: Fields, actor: ActivityActor) {
  const parsed = parseForm(ReviewIdFormSchema, fields)
  const deleted = parsed.ok ? await deleteReviewAndUpdateRating(parsed.data.reviewId, actor) : null
  if (!deleted) return refused('delete', REVIEW_NOT_FOUND, 404)
  return succeeded('delete', 'Review Deleted')
}

/** Every review of the list's filter, for a bulk action on all matching. */
function reviewsMatching(query: URLSearchParams) {
  const filter = z
    .enum(REVIEW_FILTERS)
    .catch('all')
    .parse(query.get('filter') ?? undefined)
  return listReviewIds({ filter, limit: BULK_LIMIT + 1 })
}

/**
 * Approve or delete several reviews at once, once confirmed; each product's rating follows, as
 * for one review. At most {@link BULK_LIMIT} reviews at once.
 */
export async function bulkReviews(form: FormData, actor: ActivityActor) {
  const intent = form.get('intent')
  if (intent !== 'bulk-approve' && intent !== 'bulk-delete') return refused(null, 'Unknown request.', 400)
  const ids = await selectedIds(form, reviewsMatching)
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
  return succeeded(null, title, `${countOf(done, 'review', 'reviews')} ${verb}.`)
}

/** A manual review: stored approved, and its product's rating and review count follow. */
export async function addManual(posted: Fields, actor: ActivityActor) {
  const text = (name: string) => (typeof posted[name] === 'string' ? (posted[name] as string) : '')
  const values: ManualReviewValues = {
    name: text('name'),
    title: text('title'),
    comment: text('comment'),
    productId: text('productId'),
    productText: text('productText'),
    rating: text('rating'),
  }
  const fields = { ...posted }
  // Without JavaScript the picker posts what was typed: the exact SKU or title of one product.
  const typed = values.productText.trim()
  if (!values.productId && typed) {
    const product = await findProductOptionByName(typed)
    if (!product) {
      const message = `No product has the SKU or title “${typed}”.`
      return refusedForm('create', { message, fieldErrors: { productId: message } }, { values })
    }
    fields.productId = product.id
  }
  const parsed = parseForm(ManualReviewFormSchema, fields)
  if (!parsed.ok) {
    // An empty required field is what the toast says first; every field's problem is shown beside it.
    const required = Object.values(parsed.fieldErrors).includes(MANUAL_REVIEW_FIELDS_REQUIRED)
    const message = required ? MANUAL_REVIEW_FIELDS_REQUIRED : parsed.message
    const status = message === MANUAL_REVIEW_PRODUCT_UNKNOWN ? 404 : 400
    return refusedForm('create', { ...parsed, message }, { status, values })
  }
  const added = await addManualReviewAndUpdateRating(parsed.data, actor)
  if (!added.ok) return refused('create', MANUAL_REVIEW_PRODUCT_UNKNOWN, 404, values)
  return succeeded('create', 'Review Added')
}
