/** The orders a visitor can list the shop's products in; the first is the default. */
export const PRODUCT_SORTS = ['newest', 'price-asc', 'price-desc', 'rating'] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]
export const DEFAULT_PRODUCT_SORT: ProductSort = 'newest'

export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  rating: 'Top Rated',
}

/** The sort a query parameter names, or the default for a missing or unknown one. */
export function productSortOf(value: string | null | undefined): ProductSort {
  return PRODUCT_SORTS.find((sort) => sort === value) ?? DEFAULT_PRODUCT_SORT
}
