import { DEFAULT_PRODUCT_SORT, type ProductSort } from '#app/modules/catalog/product-sorts.ts'

/** What an address of a paged product list carries; each is left out when it is the default. */
export type ProductListQuery = {
  category?: string | null
  sort?: ProductSort
  /** The search text of a list that has one (Create an Order, My Quotes). */
  q?: string | null
  after?: string | null
  before?: string | null
}

/**
 * The address of a page of a product list (`/products`, `/test-products`), its parameters in one
 * order so that each page has one address (the page cache keeps one copy of it).
 * @example productListHref('/products', { category, sort: 'price-asc', after: page.next }) // '/products?category=…&sort=price-asc&after=…'
 */
export function productListHref(path: string, { category, sort, q, after, before }: ProductListQuery): string {
  const query = new URLSearchParams()
  if (q) query.set('q', q)
  if (category) query.set('category', category)
  if (sort && sort !== DEFAULT_PRODUCT_SORT) query.set('sort', sort)
  if (after) query.set('after', after)
  else if (before) query.set('before', before)
  const search = query.toString()
  return search ? `${path}?${search}` : path
}
