import { type ReactNode, useState } from 'react'
import { Form, Link, useFetcher } from 'react-router'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
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

export function reviewsHref({ filter, page }: ListPlace) {
  const search = new URLSearchParams()
  if (filter !== 'all') search.set('filter', filter)
  if (page > 1) search.set('page', String(page))
  const query = search.toString()
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

function DeleteReview({ review, place }: { review: ModeratedReview; place: ListPlace }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      {/* Before JavaScript has loaded, this asks the server for the page with a confirmation instead. */}
      <form method="get" action="/admin/reviews">
        {place.filter !== 'all' ? <input type="hidden" name="filter" value={place.filter} /> : null}
        {place.page > 1 ? <input type="hidden" name="page" value={place.page} /> : null}
        <input type="hidden" name="delete" value={review.id} />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          onClick={(event) => {
            event.preventDefault()
            setOpen(true)
          }}
        >
          Delete<span className="sr-only"> review “{review.title}”</span>
        </Button>
      </form>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete this review?"
        description={`“${review.title}” by ${review.name} will be removed for good.${
          review.approved && review.productTitle ? ' The product’s rating and review count are updated.' : ''
        }`}
        confirmLabel="Delete"
        intent="delete"
        fields={{ reviewId: review.id }}
      />
    </>
  )
}

/** The confirmation the server renders when Delete was pressed before JavaScript had loaded. */
function ConfirmDeleteWithoutScript({ review, place }: { review: ModeratedReview; place: ListPlace }) {
  return (
    <div role="alert" className="mt-4 rounded-md border border-destructive/40 p-4">
      <p className="font-medium">Delete this review? This cannot be undone.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" action={reviewsHref(place)}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="reviewId" value={review.id} />
          <Button type="submit" variant="destructive" size="sm">
            Delete
          </Button>
        </Form>
        <Button asChild variant="outline" size="sm">
          <Link to={reviewsHref(place)}>Cancel</Link>
        </Button>
      </div>
    </div>
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
            <DeleteReview review={review} place={place} />
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
        {confirmingDelete ? <ConfirmDeleteWithoutScript review={review} place={place} /> : null}
      </article>
    </li>
  )
}
