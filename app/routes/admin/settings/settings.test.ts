import { describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import { getShopSettings } from '#app/modules/settings/index.server.ts'
import { priceCart } from '#app/workflows/price-cart.server.ts'
import { shopSettingsForm } from '#tests/factories/admin-forms.ts'
import { callRoute } from '#tests/setup/route-calls.ts'
import { signedInAccountsForFile } from '#tests/setup/signed-in-test.ts'
import { action, loader } from './settings.tsx'

// The shop's details and order rules on /admin/settings (issue 12): what a paid order starts as,
// the flat shipping price the cart and checkout charge, the countries the checkout offers, and the
// legal details printed on invoices. Bad input is refused with a toast and changes nothing.

const { database, admin, customer } = signedInAccountsForFile()

const valid = shopSettingsForm

function save(form: Record<string, string>, cookie = admin.cookie) {
  return callRoute(action, { url: '/admin/settings', form, cookie })
}

describe('/admin/settings: shop and orders', () => {
  test('starts with the specification’s defaults: processing, 5.00, worldwide', async () => {
    const page = await callRoute(loader, { url: '/admin/settings', cookie: admin.cookie })
    expect(page.data).toMatchObject({
      settings: { paidOrderStatus: 'processing', defaultShippingCents: 500, shippingCountries: [], legalName: '' },
    })
  })

  test('saves the details, the paid-order status, the shipping price and the countries', async () => {
    const saved = await save({
      ...valid,
      paidOrderStatus: 'shipped',
      defaultShipping: '7.5',
      shippingCountries: ' us, ca;de  US ',
    })
    expect(saved).toMatchObject({ status: 200, data: { ok: true, toast: { title: 'Settings Saved' } } })
    expect(await getShopSettings()).toMatchObject({
      legalName: 'LayerWorks 3D LLC',
      address: '1 Printer Way\nAustin, TX 78701',
      email: 'billing@layerworks.test',
      taxId: 'US-12-3456789',
      paidOrderStatus: 'shipped',
      defaultShippingCents: 750,
      shippingCountries: ['CA', 'DE', 'US'],
    })
    // The cart and the checkout charge the new price.
    const [product] = await database.db
      .insert(products)
      .values({ title: 'Clip', priceCents: 1000, stockQuantity: 5 })
      .returning({ id: products.id })
    const cart = await priceCart({ items: [{ cartId: 'a', id: product.id, quantity: 1 }] })
    expect({ shipping: cart.shippingCents, total: cart.totalCents }).toEqual({ shipping: 750, total: 1750 })
    expect((await priceCart({ items: [] })).shippingCents).toBe(0)

    expect(await save(valid)).toMatchObject({ status: 200 })
    expect(await getShopSettings()).toMatchObject({ paidOrderStatus: 'processing', shippingCountries: [] })
  })

  test.each([
    ['a pending paid-order status', { paidOrderStatus: 'pending' }, 'Choose processing, shipped or delivered'],
    ['no paid-order status', { paidOrderStatus: '' }, 'Choose processing, shipped or delivered'],
    ['a price that is not money', { defaultShipping: 'abc' }, 'Enter the default shipping price like 5.00.'],
    ['a negative price', { defaultShipping: '-1' }, 'Enter the default shipping price like 5.00.'],
    ['three decimals', { defaultShipping: '5.001' }, 'Enter the default shipping price like 5.00.'],
    ['a price above 10000.00', { defaultShipping: '10000.01' }, 'must be at most 10000.00'],
    ['an unknown country', { shippingCountries: 'US, XX' }, 'Unknown country code: XX.'],
    ['a country name', { shippingCountries: 'Germany' }, 'Unknown country code: GERMANY.'],
    ['a bad e-mail', { email: 'billing@' }, 'Enter a valid e-mail address.'],
    ['a long legal name', { legalName: 'x'.repeat(201) }, 'Legal name must be at most 200 characters.'],
  ])('%s is refused and changes nothing', async (_name, change, message) => {
    const before = await getShopSettings()
    const answer = await save({ ...valid, ...change } as Record<string, string>)
    expect(answer.status).toBe(400)
    expect(answer.data).toMatchObject({ ok: false, toast: { title: 'Settings not saved', variant: 'destructive' } })
    expect((answer.data as { toast: { description: string } }).toast.description).toContain(message)
    // The problem is named beside its field too.
    const field = Object.keys(change)[0]
    expect((answer.data as { fieldErrors: Record<string, string> }).fieldErrors[field]).toContain(message)
    expect(await getShopSettings()).toEqual(before)
  })

  test('a customer cannot read or change them', async () => {
    const before = await getShopSettings()
    const answer = await save({ ...valid, legalName: 'Hijacked' }, customer.cookie)
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/account')
    expect((await callRoute(loader, { url: '/admin/settings', cookie: customer.cookie })).status).toBe(302)
    expect(await getShopSettings()).toEqual(before)
  })
})
