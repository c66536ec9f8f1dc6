// How many rows a back-office list says it has. Counting every match of a filter reads every
// matching row, which at a million orders costs more than the whole rest of the page; a list
// counts at most COUNT_LIMIT + 1 and says "1,000+" past that (decision 032), as Gmail and
// Shopify's admin do. An admin narrows a list that long with its filters rather than paging it.

/** The most matches a list counts exactly. */
export const COUNT_LIMIT = 1000

/**
 * A count from a capped query: exact up to {@link COUNT_LIMIT}, `COUNT_LIMIT + 1` for "more".
 * @example isCountCapped(1001) // true
 */
export function isCountCapped(count: number) {
  return count > COUNT_LIMIT
}

/**
 * The capped count of a list that is the sum of disjoint lists, from their capped counts: a
 * capped part makes the sum capped too, so it is exact up to {@link COUNT_LIMIT} as a count of its
 * own would be, without reading the rows again.
 * @example cappedSum([2, 1, 1]) // 4
 * @example cappedSum([1001, 3]) // 1001
 */
export function cappedSum(counts: readonly number[]) {
  return Math.min(
    counts.reduce((sum, count) => sum + count, 0),
    COUNT_LIMIT + 1,
  )
}

/**
 * A count as a list shows it: grouped thousands, and "1,000+" for a capped one.
 * @example countText(12) // '12'
 * @example countText(1001) // '1,000+'
 */
export function countText(count: number) {
  return isCountCapped(count) ? `${COUNT_LIMIT.toLocaleString('en-US')}+` : count.toLocaleString('en-US')
}

/**
 * How many pages a list of `total` rows makes, at least one; null when the total is capped and
 * the number of pages is not known.
 * @example pageCountOf(51, 50) // 2
 * @example pageCountOf(1001, 50) // null
 */
export function pageCountOf(total: number, pageSize: number): number | null {
  return isCountCapped(total) ? null : Math.max(1, Math.ceil(total / pageSize))
}
