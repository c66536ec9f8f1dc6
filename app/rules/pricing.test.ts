import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  cartSubtotalCents,
  discountCents,
  fromPriceCents,
  lineTotalCents,
  orderTotalCents,
  type PricedProduct,
  priceLabel,
  quickSelectUnitPrices,
  shippingCents,
  unitPriceCents,
  variationLabel,
} from './pricing.ts'

const tiered: PricedProduct = {
  priceCents: 1000,
  priceType: 'tiered',
  tieredPricing: [
    { quantity: 10, priceCents: 800 },
    { quantity: 5, priceCents: 900 },
    { quantity: 25, priceCents: 650 },
  ],
}
const black = { id: 'black', name: 'Matte Black', priceModifierCents: 250 }
const draft = { id: 'draft', name: 'Draft', priceModifierCents: -100 }
const plain = { id: 'plain', name: 'Plain', priceModifierCents: 0 }

describe('unitPriceCents', () => {
  test('uses the base price below the first tier', () => {
    expect(unitPriceCents(tiered, 1)).toBe(1000)
    expect(unitPriceCents(tiered, 4)).toBe(1000)
  })

  test('uses the tier with the largest minimum not above the quantity, whatever the tier order', () => {
    expect(unitPriceCents(tiered, 5)).toBe(900)
    expect(unitPriceCents(tiered, 9)).toBe(900)
    expect(unitPriceCents(tiered, 10)).toBe(800)
    expect(unitPriceCents(tiered, 24)).toBe(800)
    expect(unitPriceCents(tiered, 1000)).toBe(650)
  })

  test('adds the variation modifier, positive or negative', () => {
    expect(unitPriceCents(tiered, 10, black)).toBe(1050)
    expect(unitPriceCents(tiered, 10, draft)).toBe(700)
    expect(unitPriceCents({ priceCents: 1000 }, 1, { id: 'x', name: 'X' })).toBe(1000)
  })

  test('ignores tiers on a set-price product', () => {
    expect(unitPriceCents({ ...tiered, priceType: 'set' }, 100)).toBe(1000)
  })

  test('is never negative', () => {
    expect(unitPriceCents({ priceCents: 50 }, 1, draft)).toBe(0)
  })
})

describe('fromPriceCents and priceLabel', () => {
  test('tiered products start at the lowest tier price', () => {
    expect(fromPriceCents(tiered)).toBe(650)
    expect(priceLabel(tiered)).toBe('From $6.50')
  })

  test('other products show the base price', () => {
    expect(fromPriceCents({ priceCents: 1250 })).toBe(1250)
    expect(priceLabel({ priceCents: 1250 })).toBe('$12.50')
    expect(priceLabel({ priceCents: 1250, priceType: 'tiered', tieredPricing: [] })).toBe('$12.50')
  })
})

describe('lines and cart', () => {
  test('line total is unit price times quantity', () => {
    expect(lineTotalCents(tiered, 10, black)).toBe(10_500)
    expect(lineTotalCents(tiered, 0)).toBe(0)
  })

  test('each cart line picks its tier by its own quantity', () => {
    expect(
      cartSubtotalCents([
        { product: tiered, quantity: 5, variation: black },
        { product: tiered, quantity: 2 },
        { product: { priceCents: 399 }, quantity: 3 },
      ]),
    ).toBe(5 * 1150 + 2 * 1000 + 3 * 399)
    expect(cartSubtotalCents([])).toBe(0)
  })
})

describe('discount, shipping and total', () => {
  test('percentage discounts round to the cent', () => {
    expect(discountCents({ type: 'percentage', value: 15 }, 2000)).toBe(300)
    expect(discountCents({ type: 'percentage', value: 15 }, 999)).toBe(150)
  })

  test('fixed discounts are capped at the subtotal', () => {
    expect(discountCents({ type: 'fixed', value: 500 }, 2000)).toBe(500)
    expect(discountCents({ type: 'fixed', value: 5000 }, 2000)).toBe(2000)
    expect(discountCents({ type: 'percentage', value: 150 }, 2000)).toBe(2000)
  })

  test('no discount, a negative value or an empty cart gives nothing', () => {
    expect(discountCents(null, 2000)).toBe(0)
    expect(discountCents({ type: 'fixed', value: -100 }, 2000)).toBe(0)
    expect(discountCents({ type: 'percentage', value: 15 }, 0)).toBe(0)
  })

  test('shipping is $5.00 when anything is bought', () => {
    expect(shippingCents(1)).toBe(500)
    expect(shippingCents(0)).toBe(0)
  })

  test('total is subtotal minus discount plus shipping', () => {
    expect(orderTotalCents({ subtotalCents: 2000, discountCents: 300 })).toBe(2200)
    expect(orderTotalCents({ subtotalCents: 2000, discountCents: 300, shippingCents: 0 })).toBe(1700)
    expect(orderTotalCents({ subtotalCents: 0 })).toBe(0)
  })
})

describe('variationLabel', () => {
  test('shows the modifier with sign and 2 decimals', () => {
    expect(variationLabel(black)).toBe('Matte Black (+$2.50)')
    expect(variationLabel(draft)).toBe('Draft (-$1.00)')
  })

  test('shows just the name when the option costs the same', () => {
    expect(variationLabel(plain)).toBe('Plain')
    expect(variationLabel({ id: 'x', name: 'No modifier' })).toBe('No modifier')
  })
})

describe('quickSelectUnitPrices', () => {
  test('chooses the tier from the combined quantity across variations', () => {
    const result = quickSelectUnitPrices(tiered, [black, draft, plain], { black: 6, draft: 4 })
    expect(result.totalQuantity).toBe(10)
    expect(result.lines.map((line) => line.unitPriceCents)).toEqual([1050, 700, 800])
    expect(result.lines.map((line) => line.lineTotalCents)).toEqual([6300, 2800, 0])
    expect(result.totalCents).toBe(9100)
  })

  test('nothing chosen costs nothing', () => {
    expect(quickSelectUnitPrices(tiered, [black], {}).totalCents).toBe(0)
  })
})

const centsArb = fc.integer({ min: 0, max: 1_000_000 })
const tierArb = fc.record({ quantity: fc.integer({ min: 1, max: 500 }), priceCents: centsArb })
const productArb = fc.record({
  priceCents: centsArb,
  priceType: fc.constantFrom('set' as const, 'tiered' as const),
  tieredPricing: fc.array(tierArb, { maxLength: 6 }),
})
const variationArb = fc.option(
  fc.record({ id: fc.string(), name: fc.string(), priceModifierCents: fc.integer({ min: -5000, max: 5000 }) }),
  { nil: null },
)
const discountArb = fc.record({
  type: fc.constantFrom('percentage' as const, 'fixed' as const),
  value: fc.integer({ min: -1000, max: 2_000_000 }),
})

/** Tiers whose price falls as the minimum quantity rises, below the base price. */
const decreasingTieredProductArb = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 2, max: 500 }), { maxLength: 6 }),
    fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 6, maxLength: 6 }),
    fc.integer({ min: 3000, max: 100_000 }),
    fc.boolean(),
  )
  .map(([minimums, steps, base, reversed]) => {
    const sorted = [...minimums].sort((a, b) => a - b)
    let price = base
    const tiers = sorted.map((quantity, index) => {
      price = Math.max(0, price - steps[index])
      return { quantity, priceCents: price }
    })
    // Stored tiers need not be sorted.
    return { priceCents: base, priceType: 'tiered' as const, tieredPricing: reversed ? tiers.reverse() : tiers }
  })

describe('pricing invariants', () => {
  test('unit price is never negative and is a whole number of cents', () => {
    fc.assert(
      fc.property(productArb, fc.integer({ min: 0, max: 1000 }), variationArb, (product, quantity, variation) => {
        const price = unitPriceCents(product, quantity, variation)
        return price >= 0 && Number.isInteger(price)
      }),
    )
  })

  test('with decreasing tiers the unit price never rises as the quantity grows', () => {
    fc.assert(
      fc.property(
        decreasingTieredProductArb,
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 600 }),
        (product, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a]
          return unitPriceCents(product, high) <= unitPriceCents(product, low)
        },
      ),
    )
  })

  test('the From price is never above the price of any quantity', () => {
    fc.assert(
      fc.property(decreasingTieredProductArb, fc.integer({ min: 1, max: 600 }), (product, quantity) => {
        return fromPriceCents(product) <= unitPriceCents(product, quantity)
      }),
    )
  })

  test('the unit price is always the base price or one of the tier prices (before the modifier)', () => {
    fc.assert(
      fc.property(productArb, fc.integer({ min: 0, max: 1000 }), (product, quantity) => {
        const candidates = [product.priceCents, ...product.tieredPricing.map((tier) => tier.priceCents)]
        return candidates.includes(unitPriceCents(product, quantity))
      }),
    )
  })

  test('discount is never negative and never above the subtotal', () => {
    fc.assert(
      fc.property(discountArb, centsArb, (discount, subtotal) => {
        const amount = discountCents(discount, subtotal)
        return amount >= 0 && amount <= subtotal && Number.isInteger(amount)
      }),
    )
  })

  test('order total is never negative and never below the shipping', () => {
    fc.assert(
      fc.property(discountArb, centsArb, (discount, subtotal) => {
        const total = orderTotalCents({ subtotalCents: subtotal, discountCents: discountCents(discount, subtotal) })
        return total >= 0 && total >= shippingCents(subtotal) && total <= subtotal + shippingCents(subtotal)
      }),
    )
  })

  test('order total never goes negative even with a discount larger than the subtotal', () => {
    fc.assert(
      fc.property(centsArb, fc.integer({ min: -10_000, max: 10_000_000 }), (subtotal, discount) => {
        return orderTotalCents({ subtotalCents: subtotal, discountCents: discount }) >= 0
      }),
    )
  })

  test('the cart subtotal is the sum of its line totals and never negative', () => {
    const lineArb = fc.record({
      product: productArb,
      quantity: fc.integer({ min: 1, max: 100 }),
      variation: variationArb,
    })
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), (lines) => {
        const subtotal = cartSubtotalCents(lines)
        const sum = lines.reduce((acc, line) => acc + lineTotalCents(line.product, line.quantity, line.variation), 0)
        return subtotal === sum && subtotal >= 0
      }),
    )
  })

  test('quick select totals equal each variation priced at the combined quantity', () => {
    const variationsArb = fc.uniqueArray(
      fc.record({
        id: fc.string({ minLength: 1 }),
        name: fc.string(),
        priceModifierCents: fc.integer({ min: -500, max: 500 }),
      }),
      { maxLength: 5, selector: (variation) => variation.id },
    )
    fc.assert(
      fc.property(
        productArb,
        variationsArb,
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 5, maxLength: 5 }),
        (product, variations, counts) => {
          const quantities = Object.fromEntries(variations.map((variation, index) => [variation.id, counts[index]]))
          const result = quickSelectUnitPrices(product, variations, quantities)
          const combined = variations.reduce((sum, variation) => sum + quantities[variation.id], 0)
          const expected = variations.reduce(
            (sum, variation) => sum + unitPriceCents(product, combined, variation) * quantities[variation.id],
            0,
          )
          return result.totalQuantity === combined && result.totalCents === expected && result.totalCents >= 0
        },
      ),
    )
  })
})
