import { useId } from 'react'
import { cn } from '#app/utils/misc.ts'

// Lucide's star, drawn once per rating and repeated with <use>: a product list shows a rating per
// card, and ten full icons each (five outlines, five fills) were half of /products' HTML.
const STAR =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z'
const STAR_WIDTH = 24
const GAP = 2
const positions = [0, 1, 2, 3, 4].map((index) => index * (STAR_WIDTH + GAP))
const WIDTH = positions[4] + STAR_WIDTH

export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const id = useId()
  const value = Math.min(5, Math.max(0, Number.isFinite(rating) ? rating : 0))
  // The filled part covers whole stars, then the fraction of the next one.
  const whole = Math.floor(value)
  const filledWidth = whole >= 5 ? WIDTH : positions[whole] + (value - whole) * STAR_WIDTH
  return (
    <svg
      role="img"
      aria-label={`Rated ${value.toFixed(1)} out of 5`}
      data-slot="star-rating"
      viewBox={`0 0 ${WIDTH} 24`}
      className={cn('inline-block aspect-[128/24] h-4 w-auto shrink-0', className)}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <defs>
        <path id={`${id}s`} d={STAR} />
        <clipPath id={`${id}c`}>
          <rect width={filledWidth} height={24} />
        </clipPath>
      </defs>
      <g fill="none" className="stroke-muted-foreground/40">
        {positions.map((x) => (
          <use key={x} href={`#${id}s`} x={x} />
        ))}
      </g>
      <g clipPath={`url(#${id}c)`} className="fill-amber-400 stroke-amber-500">
        {positions.map((x) => (
          <use key={x} href={`#${id}s`} x={x} />
        ))}
      </g>
    </svg>
  )
}
