import { Link } from 'react-router'
import { buttonVariants } from '#app/components/ui/button.tsx'

/** Previous and Next of a paged list, with real links (search engines and no-JS visitors follow them). */
export function ListPager({
  label,
  page,
  pageCount,
  hrefFor,
}: {
  /** The navigation's accessible name: "Quote pages". */
  label: string
  page: number
  /** Null when the list's count stopped at its limit (rules/list-counts.ts): Next is always offered. */
  pageCount: number | null
  hrefFor: (page: number) => string
}) {
  if (pageCount !== null && pageCount <= 1 && page === 1) return null
  const link = (to: number, text: string, rel: string) => (
    <Link to={hrefFor(to)} rel={rel} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      {text}
    </Link>
  )
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-2">
      {page > 1 ? link(Math.min(page - 1, pageCount ?? page), 'Previous', 'prev') : <span />}
      <span className="text-muted-foreground text-sm">
        Page {page}
        {pageCount === null ? null : ` of ${pageCount}`}
      </span>
      {pageCount === null || page < pageCount ? link(page + 1, 'Next', 'next') : <span />}
    </nav>
  )
}
