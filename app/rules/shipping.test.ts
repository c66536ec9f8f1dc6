import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { cartShippingCents, rateFor, type ShippingRateTable, shipToCountry, zoneOfCountry } from './shipping.ts'

const europe = { id: 'zone-eu', name: 'Europe', countries: ['DE', 'FR'] }
const canada = { id: 'zone-ca', name: 'Canada', countries: ['CA'] }
const table: ShippingRateTable = {
  zones: [europe, canada],
  rates: [
    { shippingCategoryId: 'standard', zoneId: 'zone-eu', priceCents: 1200 },
    { shippingCategoryId: 'standard', zoneId: null, priceCents: 900 },
    { shippingCategoryId: 'heavy', zoneId: 'zone-eu', priceCents: 2500 },
    { shippingCategoryId: 'small', zoneId: 'zone-ca', priceCents: 300 },
  ],
  defaultCents: 500,
}

describe('shipping rates by destination', () => {
  test('a country belongs to its zone, or to none', () => {
    expect(zoneOfCountry(table.zones, 'FR')).toBe(europe)
    expect(zoneOfCountry(table.zones, 'US')).toBeNull()
  })

  test('the zone’s rate, else the category’s everywhere-else rate, else the default', () => {
    expect(rateFor(table, 'standard', 'DE')).toBe(1200)
    expect(rateFor(table, 'standard', 'US')).toBe(900)
    expect(rateFor(table, 'standard', 'CA')).toBe(900)
    expect(rateFor(table, 'heavy', 'FR')).toBe(2500)
    expect(rateFor(table, 'heavy', 'US')).toBe(500)
    expect(rateFor(table, 'small', 'CA')).toBe(300)
    expect(rateFor(table, null, 'DE')).toBe(500)
  })

  test('a cart pays the highest rate among its lines, nothing when empty', () => {
    const cart = (ids: (string | null)[], country: string, subtotalCents = 1000) =>
      cartShippingCents(table, { subtotalCents, shippingCategoryIds: ids, country })
    expect(cart(['standard', 'heavy'], 'DE')).toBe(2500)
    expect(cart(['small', 'standard'], 'CA')).toBe(900)
    expect(cart(['small'], 'CA')).toBe(300)
    expect(cart([null], 'US')).toBe(500)
    expect(cart([], 'US')).toBe(0)
    expect(cart(['heavy'], 'DE', 0)).toBe(0)
  })

  test('without zones or rates, every cart pays the flat default (the specification’s 5.00)', () => {
    const flat = { zones: [], rates: [], defaultCents: 500 }
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.uuid(), { nil: null }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('US', 'DE', 'JP'),
        fc.integer({ min: 1, max: 10_000_000 }),
        (ids, country, subtotalCents) =>
          cartShippingCents(flat, { subtotalCents, shippingCategoryIds: ids, country }) === 500,
      ),
    )
  })

  test('the cart ships to the chosen country when the shop serves it, else the saved one, else the shop’s first', () => {
    expect(shipToCountry({ asked: 'de', saved: 'US', shopCountries: [] })).toBe('DE')
    expect(shipToCountry({ asked: 'ZZ', saved: 'ca', shopCountries: [] })).toBe('CA')
    expect(shipToCountry({ asked: null, saved: null, shopCountries: [] })).toBe('US')
    expect(shipToCountry({ asked: 'DE', saved: 'FR', shopCountries: ['CA', 'US'] })).toBe('CA')
    expect(shipToCountry({ asked: 'US', saved: 'CA', shopCountries: ['CA', 'US'] })).toBe('US')
  })
})
