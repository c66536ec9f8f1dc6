import { z } from 'zod'
import { hasUnsupportedCharacters, unsupportedCharactersMessage } from '#app/rules/text.ts'

export const REVIEW_TITLE_MAX = 120
export const REVIEW_COMMENT_MAX = 2000

type Problem = { title: string; message: string }

const ratingRequired: Problem = { title: 'Rating required', message: 'Please select a star rating.' }
const fieldsRequired: Problem = { title: 'Fields required', message: 'Please fill out all fields.' }

function addProblem(context: z.RefinementCtx, problem: Problem) {
  context.addIssue({ code: 'custom', message: problem.message, params: { title: problem.title } })
}

/** A whole number of stars, 1 to 5, from a form field (text) or a number; anything else is missing. */
const rating = z.unknown().transform((value, context) => {
  const stars = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof stars === 'number' && Number.isInteger(stars) && stars >= 1 && stars <= 5) return stars
  addProblem(context, ratingRequired)
  return z.NEVER
})

const requiredText = (label: string, max: number, { multiline = false } = {}) =>
  z.unknown().transform((value, context) => {
    const text = typeof value === 'string' ? value.trim() : ''
    if (!text) {
      addProblem(context, fieldsRequired)
      return z.NEVER
    }
    if (text.length > max) {
      addProblem(context, { title: 'Review too long', message: `${label} must be at most ${max} characters.` })
      return z.NEVER
    }
    if (hasUnsupportedCharacters(text, { multiline })) {
      addProblem(context, { title: 'Review not saved', message: unsupportedCharactersMessage(label) })
      return z.NEVER
    }
    return text
  })

/**
 * A review from the product page or the reviews page (storefront §5): a star rating of 1 to 5, then
 * a title and a comment. Each issue carries the toast title in `params.title`; see `reviewIssueToast`.
 */
export const ReviewFormSchema = z.object({
  rating,
  title: requiredText('Title', REVIEW_TITLE_MAX),
  comment: requiredText('Comment', REVIEW_COMMENT_MAX, { multiline: true }),
  productId: z.uuid({ error: 'This product does not exist or is no longer available.' }).optional(),
})

export type ReviewForm = z.infer<typeof ReviewFormSchema>

/** The destructive toast for the first problem of a rejected review. */
export function reviewIssueToast(error: z.ZodError) {
  const issue = error.issues[0]
  const title = (issue as { params?: { title?: string } } | undefined)?.params?.title
  return {
    title: title ?? 'Review not saved',
    description: issue?.message ?? 'Please check your review and try again.',
    variant: 'destructive' as const,
  }
}

/** What the author sees once a review is stored (storefront §8). */
export const reviewSubmittedToast = {
  title: 'Review Submitted!',
  description: 'Thank you! Your review will appear once it has been approved.',
  variant: 'success' as const,
}

/** The back-office list's filters (back-office §2), in the order they are offered. */
export const REVIEW_FILTERS = ['all', 'pending', 'approved'] as const

export const REVIEWER_NAME_MAX = 100
/** The manual review form's message for an empty required field (back-office §5). */
export const MANUAL_REVIEW_FIELDS_REQUIRED = 'Please fill in all required fields.'
export const MANUAL_REVIEW_RATING_INVALID = 'Rating must be a whole number from 1 to 5.'
export const MANUAL_REVIEW_PRODUCT_UNKNOWN = 'Product not found.'

const filledText = (label: string, max: number, { multiline = false } = {}) =>
  z
    .unknown()
    .optional()
    .transform((value, context) => {
      const text = typeof value === 'string' ? value.trim() : ''
      if (!text) {
        context.addIssue({ code: 'custom', message: MANUAL_REVIEW_FIELDS_REQUIRED })
        return z.NEVER
      }
      if (text.length > max) {
        context.addIssue({ code: 'custom', message: `${label} must be at most ${max} characters.` })
        return z.NEVER
      }
      if (hasUnsupportedCharacters(text, { multiline })) {
        context.addIssue({ code: 'custom', message: unsupportedCharactersMessage(label) })
        return z.NEVER
      }
      return text
    })

/** 1 to 5 stars; the form's default of 5 when the field is left out. */
const manualRating = z
  .unknown()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === '') return 5
    const stars = typeof value === 'string' ? Number(value.trim()) : value
    if (typeof stars === 'number' && Number.isInteger(stars) && stars >= 1 && stars <= 5) return stars
    context.addIssue({ code: 'custom', message: MANUAL_REVIEW_RATING_INVALID })
    return z.NEVER
  })

const requiredProductId = z
  .unknown()
  .optional()
  .transform((value, context) => {
    const id = typeof value === 'string' ? value.trim() : ''
    if (!id) {
      context.addIssue({ code: 'custom', message: MANUAL_REVIEW_FIELDS_REQUIRED })
      return z.NEVER
    }
    const parsed = z.uuid().safeParse(id)
    if (!parsed.success) {
      context.addIssue({ code: 'custom', message: MANUAL_REVIEW_PRODUCT_UNKNOWN })
      return z.NEVER
    }
    return parsed.data
  })

/**
 * A review an admin adds by hand (back-office §5): name, title, comment and product required,
 * rating 1 to 5 (default 5). See `manualReviewIssue` for the message to show.
 */
export const ManualReviewFormSchema = z.object({
  name: filledText('Name', REVIEWER_NAME_MAX),
  title: filledText('Title', REVIEW_TITLE_MAX),
  comment: filledText('Comment', REVIEW_COMMENT_MAX, { multiline: true }),
  productId: requiredProductId,
  rating: manualRating,
})

export type ManualReviewForm = z.infer<typeof ManualReviewFormSchema>

/** The message for a rejected manual review: an empty required field first, else the first problem. */
export function manualReviewIssue(error: z.ZodError): string {
  const messages = error.issues.map((issue) => issue.message)
  return (
    messages.find((message) => message === MANUAL_REVIEW_FIELDS_REQUIRED) ??
    messages[0] ??
    MANUAL_REVIEW_FIELDS_REQUIRED
  )
}

/** The review an admin approves or deletes. */
export const ReviewIdFormSchema = z.object({ reviewId: z.uuid() })
