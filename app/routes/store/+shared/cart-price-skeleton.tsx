export function CartPriceSkeleton() {
  return (
    <span className="inline-block h-4 w-14 animate-pulse rounded bg-muted align-middle">
      <span className="sr-only">Loading</span>
    </span>
  )
}
