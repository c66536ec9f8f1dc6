import { StarIcon } from 'lucide-react'
import { cn } from '#app/utils/misc.ts'

const stars = [1, 2, 3, 4, 5]

export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const value = Math.min(5, Math.max(0, Number.isFinite(rating) ? rating : 0))
  return (
    <span
      role="img"
      aria-label={`Rated ${value.toFixed(1)} out of 5`}
      data-slot="star-rating"
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {stars.map((star) => {
        const fill = Math.min(1, Math.max(0, value - (star - 1)))
        return (
          <span key={star} className="relative inline-flex size-4" aria-hidden>
            <StarIcon className="size-4 text-muted-foreground/40" />
            <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <StarIcon className="size-4 fill-amber-400 text-amber-500" />
            </span>
          </span>
        )
      })}
    </span>
  )
}
