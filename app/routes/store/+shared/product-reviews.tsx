import { Link } from 'react-router'
import { HeadedSection } from '#app/components/content/headed-section.tsx'
import { deferred } from '#app/components/deferred.tsx'
import { StarRating } from '#app/components/product/star-rating.tsx'
import type { ProductDto } from '#app/modules/catalog/types.ts'
import type { ReviewDto } from '#app/modules/reviews/types.ts'
import { cn } from '#app/utils/misc.ts'
import { ReviewByline } from './review-byline.tsx'

// Shown to signed-in visitors only, so most product pages never load it.
const ReviewForm = deferred(() => import('#app/components/reviews/review-form.tsx').then((module) => module.ReviewForm))

type ProductReview = Pick<ReviewDto, 'id' | 'name' | 'rating' | 'title' | 'comment' | 'createdAt'>

export function ProductReviews({
  product,
  reviews,
  signedIn,
}: {
  product: Pick<ProductDto, 'id' | 'status'>
  reviews: ProductReview[]
  signedIn: boolean
}) {
  return (
    <HeadedSection
      id="reviews-title"
      title="Customer Reviews"
      headingClassName="font-bold text-2xl tracking-tight"
      className="mt-16"
    >
      <div className="mt-6">
        <ReviewList reviews={reviews} />
      </div>
      <LeaveReview product={product} signedIn={signedIn} />
    </HeadedSection>
  )
}

function ReviewList({ reviews }: { reviews: ProductReview[] }) {
  if (reviews.length === 0) return <p className="text-muted-foreground">No reviews yet.</p>
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {reviews.map((review) => (
        <li key={review.id} className="rounded-xl border p-5">
          <StarRating rating={review.rating} />
          <h3 className="mt-2 font-semibold">{review.title}</h3>
          <p className="mt-1 whitespace-pre-line text-muted-foreground text-sm">{review.comment}</p>
          <ReviewByline review={review} className="mt-3" />
        </li>
      ))}
    </ul>
  )
}

function LeaveReview({ product, signedIn }: { product: Pick<ProductDto, 'id' | 'status'>; signedIn: boolean }) {
  const loginPath = `/auth?tab=login&redirectTo=${encodeURIComponent(`/products/${product.id}`)}`
  return (
    <section
      aria-labelledby="leave-review-title"
      className={cn('mt-8 rounded-xl border p-6', signedIn ? 'bg-card' : 'bg-muted/40')}
    >
      <h3 id="leave-review-title" className="font-semibold text-lg">
        Leave a Review
      </h3>
      {!signedIn ? (
        <p className="mt-1 text-muted-foreground">
          Please{' '}
          <Link to={loginPath} className="font-medium text-primary underline-offset-4 hover:underline">
            log in
          </Link>{' '}
          to leave a review.
        </p>
      ) : product.status === 'visible' ? (
        <ReviewForm className="mt-4 max-w-2xl" />
      ) : (
        <p className="mt-1 text-muted-foreground">Reviews open once this product is visible in the shop.</p>
      )}
    </section>
  )
}
