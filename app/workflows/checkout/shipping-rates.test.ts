import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/schema.server.ts'
import { products, shippingCategories } from '#app/modules/catalog/schema.server.ts'
import { orders } from '#app/modules/orders/schema.server.ts'
import { type DemoPaymentProvider, setPaymentProvider } from '#app/modules/payments/index.server.ts'
import { listShippingRates, listShippingZones } from '#app/modules/settings/index.server.ts'
import { shippingRates, shippingZones } from '#app/modules/settings/schema.server.ts'
import { action as settingsAction, loader as settingsLoader } from '#app/routes/admin/settings/settings.tsx'
import { action as pricingAction } from '#app/routes/resources/cart-pricing.ts'
import { emptyAddress } from '#app/rules/address.ts'
import { rateFieldName } from '#app/rules/shipping.ts'
import { installDemoPayments } from '#tests/setup/demo-payments.ts'
import { callRoute } from '#tests/setup/route-calls.ts'
import { signedInAccountsForFile } from '#tests/setup/signed-in-test.ts'
import { priceCart } from '../price-cart.server.ts'
import { settleDemoCheckout } from './settle-demo-checkout.server.ts'
import { startCartCheckout } from './start-cart-checkout.server.ts'

// Shipping by destination (issue 12): the shop groups countries into zones and prices each
// shipping category per zone in /admin/settings; the cart prices shipping for the country the
// customer picks (or their own), and the checkout charges that rate and takes an address only in
// that country. Without zones or rates every cart pays the flat 5.00 of the specification.

const { database, admin, customer } = signedInAccountsForFile()
let provider: DemoPaymentProvider
const ids = { standard: '', heavy: '', clip: '', anvil: '', plain: '' }
const publicUrl = 'http://localhost:3000'
let buyers = 0

beforeAll(async () => {
  const categories = await database.db
    .insert(shippingCategories)
    .values([{ name: 'Standard Shipping' }, { name: 'Heavy Item Shipping' }])
    .returning({ id: shippingCategories.id })
  ;[ids.standard, ids.heavy] = categories.map((row) => row.id)
  const rows = await database.db
    .insert(products)
    .values([
      { title: 'Clip', priceCents: 1000, stockQuantity: 50, shippingCategoryId: ids.standard },
      { title: 'Anvil', priceCents: 5000, stockQuantity: 50, shippingCategoryId: ids.heavy },
      { title: 'Plain', priceCents: 800, stockQuantity: 50 },
    ])
    .returning({ id: products.id })
  ;[ids.clip, ids.anvil, ids.plain] = rows.map((row) => row.id)
})

beforeEach(() => {
  provider = installDemoPayments()
})

afterAll(() => {
  setPaymentProvider(null)
})

function post(form: Record<string, string>, cookie = admin.cookie) {
  return callRoute(settingsAction, { url: '/admin/settings', form, cookie })
}

const item = (id: string, quantity = 1) => ({ cartId: id, id, quantity })

async function zoneNamed(name: string) {
  const zone = (await listShippingZones()).find((candidate) => candidate.name === name)
  if (!zone) throw new Error(`No zone ${name}`)
  return zone
}

describe('shipping zones and rates in /admin/settings', () => {
  test('without zones or rates, every destination pays the flat 5.00', async () => {
    for (const country of ['US', 'DE', 'JP']) {
      const cart = await priceCart({ items: [item(ids.clip), item(ids.anvil)], country })
      expect({ country: cart.shipTo.country, shipping: cart.shippingCents }).toEqual({ country, shipping: 500 })
    }
  })

  test('an admin adds zones; a country can be in one zone only, and names are unique', async () => {
    expect(await post({ intent: 'save-zone', name: 'Europe', countries: 'de, fr it' })).toMatchObject({
      status: 200,
      data: { ok: true, toast: { title: 'Zone saved', description: '“Europe” ships to DE, FR, IT.' } },
    })
    expect(await post({ intent: 'save-zone', name: 'Canada', countries: 'CA' })).toMatchObject({ status: 200 })
    expect(await post({ intent: 'save-zone', name: 'EU 2', countries: 'ES, FR' })).toMatchObject({
      status: 409,
      data: { ok: false, toast: { description: 'FR is already in the zone "Europe".' } },
    })
    expect(await post({ intent: 'save-zone', name: 'europe', countries: 'ES' })).toMatchObject({
      status: 409,
      data: { toast: { description: 'There is already a zone named "europe".' } },
    })
    expect(await post({ intent: 'save-zone', name: 'Nowhere', countries: 'XX' })).toMatchObject({
      status: 400,
      data: { toast: { description: 'Unknown country code: XX. Use codes like US, CA, DE.' } },
    })
    expect(await post({ intent: 'save-zone', name: '', countries: 'ES' })).toMatchObject({ status: 400 })
    expect(await post({ intent: 'save-zone', name: 'Empty', countries: ' ' })).toMatchObject({
      status: 400,
      data: { toast: { description: 'List the zone’s countries, like DE, FR, IT.' } },
    })
    expect((await listShippingZones()).map((zone) => [zone.name, zone.countries])).toEqual([
      ['Europe', ['DE', 'FR', 'IT']],
      ['Canada', ['CA']],
    ])
    // Editing a zone may keep its own countries.
    const europe = await zoneNamed('Europe')
    expect(
      await post({ intent: 'save-zone', zoneId: europe.id, name: 'Europe', countries: 'DE FR IT ES' }),
    ).toMatchObject({ status: 200 })
    expect((await zoneNamed('Europe')).countries).toEqual(['DE', 'ES', 'FR', 'IT'])
  })

  test('a customer may not change zones or rates', async () => {
    const asCustomer = await post({ intent: 'save-zone', name: 'Mine', countries: 'US' }, customer.cookie)
    expect([302, 403, 404]).toContain(asCustomer.status)
    expect((await listShippingZones()).map((zone) => zone.name)).not.toContain('Mine')
  })

  test('the rate grid is saved whole; an empty cell charges the default; bad prices change nothing', async () => {
    const europe = await zoneNamed('Europe')
    const canada = await zoneNamed('Canada')
    const grid = {
      intent: 'save-rates',
      [rateFieldName(ids.standard, europe.id)]: '12.00',
      [rateFieldName(ids.standard, canada.id)]: '',
      [rateFieldName(ids.standard, null)]: '7.5',
      [rateFieldName(ids.heavy, europe.id)]: '25',
      [rateFieldName(ids.heavy, canada.id)]: '18.00',
      [rateFieldName(ids.heavy, null)]: '',
    }
    expect(await post({ ...grid, [rateFieldName(ids.heavy, null)]: '-3' })).toMatchObject({
      status: 400,
      data: { toast: { description: 'Enter the shipping rate like 5.00.' } },
    })
    expect(await post({ ...grid, 'rate:nope:else': '1.00' })).toMatchObject({ status: 400 })
    expect(await listShippingRates()).toEqual([])

    expect(await post(grid)).toMatchObject({
      status: 200,
      data: { ok: true, toast: { title: 'Shipping rates saved' } },
    })
    const saved = (await listShippingRates()).map((rate) => [rate.shippingCategoryId, rate.zoneId, rate.priceCents])
    expect(saved).toHaveLength(4)
    expect(saved).toEqual(
      expect.arrayContaining([
        [ids.standard, europe.id, 1200],
        [ids.standard, null, 750],
        [ids.heavy, europe.id, 2500],
        [ids.heavy, canada.id, 1800],
      ]),
    )
    const page = await callRoute(settingsLoader, { url: '/admin/settings', cookie: admin.cookie })
    expect(page.data).toMatchObject({ zones: [{ name: 'Europe' }, { name: 'Canada' }] })
  })

  test('the cart prices shipping for the chosen country: the highest rate among its items', async () => {
    const price = (items: ReturnType<typeof item>[], country: string | null) => priceCart({ items, country })
    expect((await price([item(ids.clip)], 'DE')).shippingCents).toBe(1200)
    expect((await price([item(ids.clip)], 'CA')).shippingCents).toBe(750)
    expect((await price([item(ids.clip)], 'US')).shippingCents).toBe(750)
    expect((await price([item(ids.clip), item(ids.anvil)], 'FR')).shippingCents).toBe(2500)
    expect((await price([item(ids.clip), item(ids.anvil)], 'CA')).shippingCents).toBe(1800)
    // Heavy to the US has no rate: the flat default; a product without a category ships at the default.
    expect((await price([item(ids.anvil)], 'US')).shippingCents).toBe(500)
    expect((await price([item(ids.plain)], 'DE')).shippingCents).toBe(500)
    const anvilToFrance = await price([item(ids.anvil, 2)], 'FR')
    expect(anvilToFrance).toMatchObject({
      subtotalCents: 10000,
      shippingCents: 2500,
      totalCents: 12500,
      shipTo: { country: 'FR', countries: [] },
    })
    // An unknown code falls back to the United States for a shop that ships worldwide.
    expect((await price([item(ids.clip)], 'ZZ')).shipTo.country).toBe('US')
  })

  test('the cart-pricing endpoint takes the country and prices for a customer’s saved country otherwise', async () => {
    const body = (country?: string) => ({ items: [item(ids.clip)], ...(country ? { country } : {}) })
    const visitor = await callRoute(pricingAction, { url: '/resources/cart-pricing', body: JSON.stringify(body('de')) })
    expect(visitor.data).toMatchObject({ shippingCents: 1200, shipTo: { country: 'DE' } })
    const tooLong = await callRoute(pricingAction, {
      url: '/resources/cart-pricing',
      body: JSON.stringify({ ...body(), country: 'x'.repeat(20) }),
    })
    expect(tooLong.status).toBe(400)

    const paris = { ...emptyAddress, street: '1 Rue', city: 'Paris', state: 'IDF', zip: '75001', country: 'FR' }
    await database.db.update(users).set({ shippingAddress: paris }).where(eq(users.id, customer.id))
    const saved = await callRoute(pricingAction, {
      url: '/resources/cart-pricing',
      body: JSON.stringify(body()),
      cookie: customer.cookie,
    })
    expect(saved.data).toMatchObject({ shippingCents: 1200, shipTo: { country: 'FR' } })
  })

  /** A guest of their own checks out one anvil priced for Canada ($50 and $18 shipping), shipping to `country`. */
  const checkOutAnvil = (country: string) => {
    buyers += 1
    return startCartCheckout({
      items: [item(ids.anvil)],
      expectedTotalCents: 5000 + 1800,
      country,
      viewer: null,
      browserToken: `ship-${buyers}`,
      clientAddress: `198.51.100.${buyers}`,
      publicUrl,
    })
  }

  test('checkout charges the cart’s rate and takes an address only in that country', async () => {
    const started = await checkOutAnvil('CA')
    if (!('url' in started)) throw new Error(started.message)
    const sessionId = started.url.replace('/demo-checkout/', '')
    expect(await provider.retrieveDemoCheckout(sessionId)).toMatchObject({
      shippingCents: 1800,
      amountTotalCents: 6800,
      shippingCountries: ['CA'],
    })
    const toronto = {
      ...emptyAddress,
      name: 'Sam Guest',
      street: '1 King St',
      city: 'Toronto',
      state: 'ON',
      zip: 'M5H 1A1',
      country: 'CA',
    }
    const elsewhere = await settleDemoCheckout(sessionId, {
      intent: 'pay',
      details: { email: 'sam@example.com', shippingAddress: { ...toronto, country: 'US' } },
    })
    expect(elsewhere).toEqual({ ok: false, status: 400, message: 'Choose a country we ship to.' })
    const paid = await settleDemoCheckout(sessionId, {
      intent: 'pay',
      details: { email: 'sam@example.com', shippingAddress: toronto },
    })
    expect(paid.ok).toBe(true)
    const [order] = await database.db.select().from(orders).where(eq(orders.email, 'sam@example.com'))
    expect(order).toMatchObject({ shippingCents: 1800, totalCents: 6800, shippingAddress: { country: 'CA' } })
  })

  test('a cart priced for one country but checked out for another is refused as a price change', async () => {
    const refused = await checkOutAnvil('DE')
    expect(refused).toEqual({
      error: 'Checkout Error',
      message: 'Prices in your cart have changed. Please review the new total and try again.',
    })
  })

  test('deleting a zone deletes its rates; its countries pay the everywhere-else rates', async () => {
    const europe = await zoneNamed('Europe')
    expect(await post({ intent: 'delete-zone', zoneId: europe.id })).toMatchObject({
      status: 200,
      data: { toast: { title: 'Zone deleted' } },
    })
    expect(await post({ intent: 'delete-zone', zoneId: europe.id })).toMatchObject({ status: 404 })
    expect(await post({ intent: 'delete-zone', zoneId: 'not-a-uuid' })).toMatchObject({ status: 400 })
    expect((await listShippingRates()).some((rate) => rate.zoneId === europe.id)).toBe(false)
    expect((await priceCart({ items: [item(ids.clip)], country: 'DE' })).shippingCents).toBe(750)
    await database.db.delete(shippingRates)
    await database.db.delete(shippingZones)
  })
})
