/** Dollars with 2 decimals, as every price in the shop is shown: `formatMoney(1250)` is "$12.50". */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  const dollars = Math.floor(abs / 100).toLocaleString('en-US')
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`
}

/** The first 8 characters of an id, as order, invoice and quote numbers are shown. */
export function shortId(id: string): string {
  return id.slice(0, 8)
}
