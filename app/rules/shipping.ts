import { isShippableCountry } from './countries.ts'

/**
 * Shipping prices by destination: the shop groups countries into zones and prices each shipping
 * category per zone (and 'everywhere else'); /admin/settings edits the table. Pure, so the cart,
 * checkout and tests share one reading of it.
 */

/** A named group of destination countries (ISO alpha-2 codes); a country is in at most one zone. */
export type ShippingZone = { id: string; name: string; countries: readonly string[] }

/** The price of shipping one category to a zone; `zoneId` null is 'everywhere else'. */
export type ShippingRate = { shippingCategoryId: string; zoneId: string | null; priceCents: number }

export type ShippingRateTable = {
  zones: readonly ShippingZone[]
  rates: readonly ShippingRate[]
  /** The flat price (the specification's 5.00) where no rate applies. */
  defaultCents: number
}

/** The rate grid's form field for one category and zone ('else' for everywhere else). */
export function rateFieldName(shippingCategoryId: string, zoneId: string | null): string {
  return `rate:${shippingCategoryId}:${zoneId ?? 'else'}`
}

/** The zone a country belongs to, or null for 'everywhere else'. */
export function zoneOfCountry(zones: readonly ShippingZone[], country: string): ShippingZone | null {
  return zones.find((zone) => zone.countries.includes(country)) ?? null
}

/**
 * What one shipping category costs to a country: the rate for the country's zone, else the
 * category's 'everywhere else' rate, else the flat default. A line without a shipping category
 * ships at the default.
 * @example rateFor(table, 'cat-heavy', 'DE') // 1800 when Heavy Item Shipping to Europe is 18.00
 */
export function rateFor(table: ShippingRateTable, shippingCategoryId: string | null, country: string): number {
  if (!shippingCategoryId) return table.defaultCents
  const zone = zoneOfCountry(table.zones, country)
  const ofCategory = table.rates.filter((rate) => rate.shippingCategoryId === shippingCategoryId)
  const inZone = zone ? ofCategory.find((rate) => rate.zoneId === zone.id) : undefined
  const elsewhere = ofCategory.find((rate) => rate.zoneId === null)
  return (inZone ?? elsewhere)?.priceCents ?? table.defaultCents
}

/**
 * Shipping for a cart to a country: nothing for an empty cart, otherwise the highest rate among
 * its lines' shipping categories (one parcel goes at the price of its most demanding item, as
 * most small shops charge it).
 * @example cartShippingCents(table, { subtotalCents: 2400, shippingCategoryIds: [standard, heavy], country: 'US' })
 */
export function cartShippingCents(
  table: ShippingRateTable,
  {
    subtotalCents,
    shippingCategoryIds,
    country,
  }: { subtotalCents: number; shippingCategoryIds: readonly (string | null)[]; country: string },
): number {
  if (subtotalCents <= 0 || shippingCategoryIds.length === 0) return 0
  return Math.max(...shippingCategoryIds.map((id) => rateFor(table, id, country)))
}

/**
 * The country a cart is priced for: the one asked for when the shop ships there, else the
 * customer's own, else the shop's first (or the United States for a shop that ships worldwide).
 * @example shipToCountry({ asked: 'de', saved: 'US', shopCountries: [] }) // 'DE'
 */
export function shipToCountry({
  asked,
  saved,
  shopCountries,
}: {
  asked: string | null | undefined
  saved: string | null | undefined
  shopCountries: readonly string[]
}): string {
  const allowed = (code: string | null | undefined): code is string => {
    const upper = code?.trim().toUpperCase() ?? ''
    return isShippableCountry(upper) && (shopCountries.length === 0 || shopCountries.includes(upper))
  }
  if (allowed(asked)) return asked.trim().toUpperCase()
  if (allowed(saved)) return saved.trim().toUpperCase()
  return shopCountries[0] ?? 'US'
}
