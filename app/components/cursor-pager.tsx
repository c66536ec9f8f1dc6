import { Link } from 'react-router'
import { buttonVariants } from '#app/components/ui/button.tsx'

/** The cursor of a neighbouring page, as its address carries it. */
export type PageLink = { after: string } | { before: string }

/**
 * The addresses of a keyset page's neighbours, for {@link CursorPager}: `hrefFor` writes the list's
 * address with the cursor (and whatever else the list keeps: its tab, sort or search).
 * @example return { ...pagerHrefs(page, (cursor) => productListHref('/products', { sort, ...cursor })) }
 */
export function pagerHrefs(
  page: { next: string | null; previous: string | null },
  hrefFor: (cursor: PageLink) => string,
): { nextHref: string | null; previousHref: string | null } {
  return {
    nextHref: page.next ? hrefFor({ after: page.next }) : null,
    previousHref: page.previous ? hrefFor({ before: page.previous }) : null,
  }
}

/**
 * Previous and Next of a list read a page at a time from a cursor (no page numbers: a keyset list
 * does not count its rows). Real links with `rel`, so search engines and visitors without
 * JavaScript follow them; nothing is shown on a list of one page.
 */
export function CursorPager({
  label,
  previousHref,
  nextHref,
}: {
  /** The navigation's accessible name: "Product pages". */
  label: string
  previousHref: string | null
  nextHref: string | null
}) {
  if (!previousHref && !nextHref) return null
  const link = (to: string, text: string, rel: 'prev' | 'next') => (
    <Link to={to} rel={rel} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      {text}
    </Link>
  )
  return (
    <nav aria-label={label} className="mt-10 flex items-center justify-between gap-2">
      {previousHref ? link(previousHref, 'Previous', 'prev') : <span />}
      {nextHref ? link(nextHref, 'Next', 'next') : <span />}
    </nav>
  )
}
