import { BadgeCheckIcon } from 'lucide-react'
import { Link } from 'react-router'
import { HeadedSection } from '#app/components/content/headed-section.tsx'
import { StarRating } from '#app/components/product/star-rating.tsx'
import { ReviewForm } from '#app/components/reviews/review-form.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { countApprovedReviews, listApprovedReviews } from '#app/modules/reviews/index.server.ts'
import { reviewerName } from '#app/rules/reviewer-name.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { cn } from '#app/utils/misc.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { reviewFromForm } from './+shared/review-action.server.ts'
import { ReviewByline } from './+shared/review-byline.tsx'
import type { Route } from './+types/feedback.ts'

// The newest reviews; a long history stays readable and the page stays fast.
const REVIEWS_SHOWN = 100

export async function loader({ request }: Route.LoaderArgs) {
  const [reviews, approvedCount, viewer] = await Promise.all([
    listApprovedReviews({ limit: REVIEWS_SHOWN }),
    countApprovedReviews(),
    getViewer(request),
  ])
  return {
    // Only the short name ever leaves the server.
    reviews: reviews.map((review) => ({ ...review, name: reviewerName(review.name) })),
    approvedCount,
    signedIn: Boolean(viewer),
  }
}

/** A signed-in customer's review of the shop as a whole; it waits for approval (storefront §4, §5). */
export function action({ request }: Route.ActionArgs) {
  return reviewFromForm(request)
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export function meta() {
  return [
    { title: 'Reviews · LayerWorks 3D' },
    {
      name: 'description',
      content: 'What customers say about LayerWorks 3D design, scanning and printing: ratings and reviews.',
    },
  ]
}

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col items-center gap-1 px-6 py-2">
      <dt className="order-last text-muted-foreground text-sm">{label}</dt>
      <dd className="font-bold text-4xl text-primary">{value}</dd>
    </div>
  )
}

export default function Feedback({ loaderData }: Route.ComponentProps) {
  const { reviews, approvedCount, signedIn } = loaderData
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Customer Reviews</h1>
        <p className="mt-3 text-muted-foreground">Honest feedback from the people we design, scan and print for.</p>
      </div>

      <dl className="mt-8 flex flex-col items-center justify-center gap-4 rounded-xl border bg-accent/60 py-6 sm:flex-row sm:divide-x">
        <Stat value="98%" label="Satisfaction Rate" />
        <Stat value={`${approvedCount}+`} label="Happy Customers" />
      </dl>

      <HeadedSection id="reviews-title" title="All reviews" headingClassName="sr-only" className="mt-12">
        {reviews.length === 0 ? (
          <p className="rounded-xl border border-dashed px-6 py-12 text-center text-muted-foreground">
            No reviews yet.
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {reviews.map((review) => (
              <li key={review.id} className="flex flex-col rounded-xl border bg-card p-6 shadow-sm">
                <div className="flex items-center justify-between gap-2">
                  <StarRating rating={review.rating} />
                  {review.verified ? (
                    <Badge variant="secondary">
                      <BadgeCheckIcon aria-hidden />
                      Verified
                    </Badge>
                  ) : null}
                </div>
                <h3 className="mt-3 font-semibold">{review.title}</h3>
                <p className="mt-2 flex-1 whitespace-pre-line text-muted-foreground text-sm">{review.comment}</p>
                <ReviewByline review={review} className="mt-4" />
              </li>
            ))}
          </ul>
        )}
      </HeadedSection>

      <section
        aria-labelledby="leave-review-title"
        className={cn('mx-auto mt-12 max-w-2xl rounded-xl border p-6', !signedIn && 'text-center')}
      >
        <h2 id="leave-review-title" className="font-semibold text-xl">
          Leave a Review
        </h2>
        {signedIn ? (
          <ReviewForm emptyFieldsToast className="mt-4" />
        ) : (
          <p className="mt-2 text-muted-foreground">
            Please{' '}
            <Link
              to="/auth?tab=login&redirectTo=%2Ffeedback"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              log in
            </Link>{' '}
            to leave a review.
          </p>
        )}
      </section>
    </div>
  )
}
