import { cn } from '#app/utils/misc.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** Who wrote a review and when, below its text (a product's reviews, /feedback). */
export function ReviewByline({
  review,
  className,
}: {
  review: { name: string; createdAt: Date | string }
  className: string
}) {
  return (
    <p className={cn('text-sm', className)}>
      <span className="font-medium">{review.name}</span>
      <span className="text-muted-foreground"> · {dateFormat.format(new Date(review.createdAt))}</span>
    </p>
  )
}
