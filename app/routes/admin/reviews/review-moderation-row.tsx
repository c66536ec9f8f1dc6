import type { ReactNode } from 'react'
import { Link, useFetcher } from 'react-router'
import { ConfirmDeleteButton, ConfirmDeleteWithoutScript } from '#app/components/admin/confirm-delete.tsx'
import { StarRating } from '#app/components/product/star-rating.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import type { ReviewFilter } from '#app/modules/reviews/types.ts'
import type { ReviewActionResult } from './review-action-result.ts'

export type ModeratedReview = {
  id: string
  name: string
  rating: number
  title: string
  comment: string
  approved: boolean
  createdAt: Date
  productId: string | null
  productTitle: string | null
}

/** Where the list is: the filter and page a form returns to. */
export type ListPlace = { filter: ReviewFilter; page: number }

function placeParams({ filter, page }: ListPlace): Record<string, string> {
  return { ...(filter !== 'all' && { filter }), ...(page > 1 && { page: String(page) }) }
}

export function reviewsHref(place: ListPlace) {
  const query = new URLSearchParams(placeParams(place)).toString()
  return query ? `/admin/reviews?${query}` : '/admin/reviews'
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

function ApproveReview({ review }: { review: ModeratedReview }) {
  const fetcher = useFetcher<ReviewActionResult>()
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="approve" />
      <input type="hidden" name="reviewId" value={review.id} />
      <Button type="submit" size="sm" disabled={busy}>
        {busy ? <Spinner /> : null}
        Approve<span className="sr-only"> review “{review.title}”</span>
      </Button>
    </fetcher.Form>
  )
}

export function ReviewModerationRow({
  review,
  place,
  confirmingDelete,
  select,
}: {
  review: ModeratedReview
  place: ListPlace
  confirmingDelete: boolean
  /** The box that selects it for a bulk action. */
  select?: ReactNode
}) {
  const titleId = `review-${review.id}-title`
  return (
    <li className="rounded-xl border bg-card p-5 shadow-sm">
      <article aria-labelledby={titleId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex items-center gap-2">
            {select}
            <StarRating rating={review.rating} />
            {review.approved ? <Badge variant="success">Approved</Badge> : <Badge variant="warning">Pending</Badge>}
          </div>
          <div className="flex gap-2">
            {review.approved ? null : <ApproveReview review={review} />}
            <ConfirmDeleteButton
              what={`review “${review.title}”`}
              title="Delete this review?"
              description={`“${review.title}” by ${review.name} will be removed for good.${
                review.approved && review.productTitle ? ' The product’s rating and review count are updated.' : ''
              }`}
              confirmLabel="Delete"
              intent="delete"
              fields={{ reviewId: review.id }}
              withoutScript={{ page: '/admin/reviews', params: placeParams(place), id: review.id }}
            />
          </div>
        </div>
        <h3 id={titleId} className="mt-3 break-words font-semibold">
          {review.title}
        </h3>
        <p className="mt-1 whitespace-pre-line break-words text-muted-foreground text-sm">{review.comment}</p>
        <p className="mt-3 text-sm">
          <span className="font-medium">{review.name}</span>
          <span className="text-muted-foreground">
            {' · '}
            {review.productId && review.productTitle ? (
              <Link to={`/products/${review.productId}`} className="text-primary underline-offset-4 hover:underline">
                {review.productTitle}
              </Link>
            ) : (
              'General shop review'
            )}
            {' · '}
            {dateFormat.format(new Date(review.createdAt))}
          </span>
        </p>
        {confirmingDelete ? (
          <ConfirmDeleteWithoutScript
            question="Delete this review? This cannot be undone."
            confirmLabel="Delete"
            intent="delete"
            fields={{ reviewId: review.id }}
            page={reviewsHref(place)}
          />
        ) : null}
      </article>
    </li>
  )
}
