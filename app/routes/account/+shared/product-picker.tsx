import { SearchIcon } from 'lucide-react'
import { Form, Link } from 'react-router'
import { CursorPager } from '#app/components/cursor-pager.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'

/** The longest search text of the lists Create an Order and My Quotes pick from. */
export const PRODUCT_PICKER_SEARCH_MAX = 100

/**
 * The search above the products Create an Order and My Quotes pick from: a GET form, so a search is
 * an address (reload and Back keep it) and works without JavaScript. The page's own state (the
 * quote being put together) stays, since the same page only reads its list again.
 */
export function ProductPickerSearch({ path, q }: { path: string; q: string }) {
  return (
    // Named, so it is told apart from the header's search landmark.
    <Form
      method="get"
      action={path}
      role="search"
      aria-label="Products"
      replace
      preventScrollReset
      className="mb-4 flex gap-2"
    >
      <label htmlFor="product-picker-q" className="sr-only">
        Search products
      </label>
      <Input
        key={q}
        id="product-picker-q"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={PRODUCT_PICKER_SEARCH_MAX}
        placeholder="Search products..."
      />
      <Button type="submit" variant="outline">
        <SearchIcon aria-hidden />
        Search
      </Button>
      {q ? (
        <Button asChild variant="ghost">
          <Link to={path} replace preventScrollReset>
            Clear
          </Link>
        </Button>
      ) : null}
    </Form>
  )
}

/** What the list says when it is empty: nothing matches the search, or nothing is offered at all. */
export function pickerEmptyText(q: string, nothingOffered: string) {
  return q ? `No products match “${q}”.` : nothingOffered
}

/** Previous and Next of the products to pick from (real links, the search kept). */
export function ProductPickerPager({
  previousHref,
  nextHref,
}: {
  previousHref: string | null
  nextHref: string | null
}) {
  return <CursorPager label="Product pages" previousHref={previousHref} nextHref={nextHref} />
}
