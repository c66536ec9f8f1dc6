/**
 * A list page's query string from its settings, '' when there are none: a value that is empty,
 * null, undefined or false (a default the page need not repeat) is left out, in the order given.
 * @example queryString({ status: 'paid', q: '', page: 2 }) // '?status=paid&page=2'
 */
export function queryString(params: Record<string, string | number | null | undefined | false>): string {
  const entries = Object.entries(params).flatMap(([name, value]) =>
    value === null || value === undefined || value === false || value === '' ? [] : [[name, String(value)]],
  )
  const text = new URLSearchParams(entries).toString()
  return text ? `?${text}` : ''
}
