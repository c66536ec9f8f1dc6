import { z } from 'zod'

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

const requiredText = (label: string, max: number) =>
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
    return text
  })

/**
 * A review from the product page or the reviews page (storefront §5): a star rating of 1 to 5, then
 * a title and a comment. Each issue carries the toast title in `params.title`; see `reviewIssueToast`.
 */
export const ReviewFormSchema = z.object({
  rating,
  title: requiredText('Title', REVIEW_TITLE_MAX),
  comment: requiredText('Comment', REVIEW_COMMENT_MAX),
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
