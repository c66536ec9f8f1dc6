import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import { insertProduct, insertProductCategory, insertPromotion } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { priceCart } from './price-cart.server.ts'

const day = 24 * 60 * 60 * 1000
const database = testDatabaseForFile()
const ids = { mount: '', caseProduct: '', hidden: '', archived: '', cases: '' }

beforeAll(async () => {
  const { db } = database
  const cases = await insertProductCategory(db, { name: 'Device Cases' })
  ids.cases = cases.id
  const product = async (fields: Parameters<typeof insertProduct>[1]) => (await insertProduct(db, fields)).id
  ids.mount = await product({
    title: 'Bike Phone Mount',
    images: ['products/mount.webp'],
    priceCents: 1500,
    priceType: 'tiered',
    tieredPricing: [
      { quantity: 5, priceCents: 1300 },
      { quantity: 10, priceCents: 1100 },
    ],
    variations: [
      { id: 'black', name: 'Matte Black', priceModifierCents: 250 },
      { id: 'draft', name: 'Draft', priceModifierCents: -200 },
      { id: 'grey', name: 'Graphite', priceModifierCents: 0 },
    ],
    stockQuantity: 40,
  })
  ids.caseProduct = await product({ title: 'Tablet Case', categoryId: cases.id, priceCents: 2000, stockQuantity: 3 })
  ids.hidden = await product({ title: 'Secret Mount', status: 'hidden', priceCents: 900 })
  ids.archived = await product({ title: 'Old Case', status: 'archived', priceCents: 900 })
  // Active and percentage unless said otherwise.
  const window = { startDate: new Date(Date.now() - day), endDate: new Date(Date.now() + 7 * day) }
  await insertPromotion(db, { name: 'Summer Sale', code: 'SUMMER15', value: 15, ...window })
  await insertPromotion(db, { name: 'Big Cheque', code: 'BIG', type: 'fixed', value: 1_000_000, ...window })
  await insertPromotion(db, {
    name: 'Case Deal',
    code: 'CASE10',
    type: 'fixed',
    value: 1000,
    appliesTo: 'categories',
    categoryIds: [cases.id],
    ...window,
  })
  const lastMonth = { startDate: new Date(Date.now() - 30 * day), endDate: new Date(Date.now() - day) }
  await insertPromotion(db, { name: 'Old Sale', code: 'OLD', value: 50, ...lastMonth })
})

describe('priceCart', () => {
  test('prices every line of a product at the tier of its combined quantity, plus the variation modifier', async () => {
    const cart = await priceCart({
      items: [
        { cartId: 'a', id: ids.mount, quantity: 1, selectedVariation: { id: 'grey' } },
        { cartId: 'b', id: ids.mount, quantity: 5, selectedVariation: { id: 'black' } },
        { cartId: 'c', id: ids.mount, quantity: 12, selectedVariation: { id: 'draft' } },
      ],
    })
    expect(cart.lines).toEqual([
      {
        cartId: 'a',
        productId: ids.mount,
        title: 'Bike Phone Mount',
        image: 'products/mount.webp',
        variationName: 'Graphite',
        // 1 + 5 + 12 = 18 mounts in all: the 10+ tier (11.00) for every line.
        unitPriceCents: 1100,
        quantity: 1,
        lineTotalCents: 1100,
        stockQuantity: 40,
        quoteModelId: null,
        print: null,
      },
      expect.objectContaining({
        cartId: 'b',
        variationName: 'Matte Black',
        unitPriceCents: 1350,
        lineTotalCents: 6750,
      }),
      expect.objectContaining({ cartId: 'c', variationName: 'Draft', unitPriceCents: 900, lineTotalCents: 10_800 }),
    ])
    expect(cart).toMatchObject({
      unavailable: [],
      subtotalCents: 18_650,
      discountCents: 0,
      promoCode: null,
      promoValid: false,
      shippingCents: 500,
      totalCents: 19_150,
    })
  })

  test('a single line uses the tier of its own quantity', async () => {
    const cart = await priceCart({
      items: [{ cartId: 'a', id: ids.mount, quantity: 5, selectedVariation: { id: 'grey' } }],
    })
    expect(cart.lines[0]).toMatchObject({ unitPriceCents: 1300, lineTotalCents: 6500 })
  })

  test('unknown, hidden and archived products and removed variations are unavailable and not counted', async () => {
    const cart = await priceCart({
      items: [
        { cartId: 'ok', id: ids.caseProduct, quantity: 2 },
        { cartId: 'unknown', id: randomUUID(), quantity: 1 },
        { cartId: 'not-a-uuid', id: 'abc', quantity: 1 },
        { cartId: 'hidden', id: ids.hidden, quantity: 1 },
        { cartId: 'archived', id: ids.archived, quantity: 1 },
        { cartId: 'gone-variation', id: ids.mount, quantity: 1, selectedVariation: { id: 'glow' } },
      ],
    })
    expect(cart.lines.map((line) => line.cartId)).toEqual(['ok'])
    expect(cart.unavailable).toEqual(['unknown', 'not-a-uuid', 'hidden', 'archived', 'gone-variation'])
    expect(cart.subtotalCents).toBe(4000)
    expect(cart.totalCents).toBe(4500)
  })

  test('a line of a product with variations must name one of them; a product without variations takes none', async () => {
    const cart = await priceCart({
      items: [
        { cartId: 'ok', id: ids.caseProduct, quantity: 1, selectedVariation: null },
        { cartId: 'none', id: ids.mount, quantity: 1 },
        { cartId: 'null', id: ids.mount, quantity: 1, selectedVariation: null },
        { cartId: 'unknown', id: ids.mount, quantity: 1, selectedVariation: { id: 'glow' } },
        { cartId: 'not-offered', id: ids.caseProduct, quantity: 1, selectedVariation: { id: 'black' } },
      ],
    })
    expect(cart.lines.map((line) => line.cartId)).toEqual(['ok'])
    expect(cart.selectionRequired).toEqual(['none', 'null'])
    expect(cart.unavailable).toEqual(['unknown', 'not-offered'])
    // Only the priced line counts, and only it sets the tier.
    expect(cart).toMatchObject({ subtotalCents: 2000, totalCents: 2500 })
  })

  test('applies a valid code in any case to the whole cart', async () => {
    const cart = await priceCart({
      items: [{ cartId: 'a', id: ids.caseProduct, quantity: 1 }],
      promoCode: ' summer15 ',
    })
    expect(cart).toMatchObject({
      subtotalCents: 2000,
      discountCents: 300,
      promoCode: 'SUMMER15',
      promoValid: true,
      shippingCents: 500,
      totalCents: 2200,
    })
  })

  test('the discount never exceeds the (eligible) subtotal', async () => {
    const items = [
      { cartId: 'a', id: ids.mount, quantity: 1, selectedVariation: { id: 'grey' } },
      { cartId: 'b', id: ids.caseProduct, quantity: 1 },
    ]
    const big = await priceCart({ items, promoCode: 'BIG' })
    expect(big).toMatchObject({ subtotalCents: 3500, discountCents: 3500, shippingCents: 500, totalCents: 500 })
    // 10.00 off cases only: the case line is 20.00, the mount line is not discounted.
    const caseDeal = await priceCart({ items, promoCode: 'case10' })
    expect(caseDeal).toMatchObject({ discountCents: 1000, promoValid: true, totalCents: 3000 })
    const cheapCase = await priceCart({
      items: [{ cartId: 'a', id: ids.mount, quantity: 1, selectedVariation: { id: 'grey' } }],
      promoCode: 'CASE10',
    })
    expect(cheapCase).toMatchObject({ discountCents: 0, promoCode: 'CASE10', promoValid: false, totalCents: 2000 })
  })

  test('an expired or unknown code gives no discount', async () => {
    const items = [{ cartId: 'a', id: ids.caseProduct, quantity: 1 }]
    expect(await priceCart({ items, promoCode: 'old' })).toMatchObject({
      discountCents: 0,
      promoCode: 'OLD',
      promoValid: false,
      totalCents: 2500,
    })
    expect(await priceCart({ items, promoCode: 'NOPE' })).toMatchObject({ discountCents: 0, promoValid: false })
  })

  test('shipping is 5.00 only when something is bought', async () => {
    expect(await priceCart({ items: [] })).toEqual({
      lines: [],
      unavailable: [],
      selectionRequired: [],
      printProblems: [],
      subtotalCents: 0,
      discountCents: 0,
      promoCode: null,
      promoValid: false,
      promoProblem: null,
      promotionId: null,
      shippingCents: 0,
      totalCents: 0,
      // A shop that ships worldwide prices for the United States until the buyer picks a country.
      shipTo: { country: 'US', countries: [] },
    })
    const onlyUnavailable = await priceCart({ items: [{ cartId: 'x', id: ids.hidden, quantity: 3 }] })
    expect(onlyUnavailable).toMatchObject({ subtotalCents: 0, shippingCents: 0, totalCents: 0, unavailable: ['x'] })
    const some = await priceCart({ items: [{ cartId: 'a', id: ids.caseProduct, quantity: 1 }] })
    expect(some.shippingCents).toBe(500)
  })

  test('reflects a price change in the database at once', async () => {
    await database.db.update(products).set({ priceCents: 2500 }).where(eq(products.id, ids.caseProduct))
    const cart = await priceCart({ items: [{ cartId: 'a', id: ids.caseProduct, quantity: 1 }] })
    expect(cart.lines[0].unitPriceCents).toBe(2500)
    await database.db.update(products).set({ priceCents: 2000 }).where(eq(products.id, ids.caseProduct))
  })
})
