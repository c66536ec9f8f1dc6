import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  type BatchDiscountTier,
  batchPercentOff,
  materialVolumeMm3,
  type PricedModel,
  type PrintPricing,
  quotePrint,
} from './print-quote.ts'

// The demo shop's print settings (migration 0023) and PLA.
const pricing: PrintPricing = {
  ratePerHourCents: 500,
  setupFeeCents: 300,
  minimumPriceCents: 1000,
  wallThicknessMm: 1.2,
  flowMm3PerSecond: 10,
  layerSeconds: 4,
  productionDaysMin: 3,
  productionDaysMax: 5,
  farmHoursPerDay: 160,
  batchDiscounts: [
    { quantity: 10, percentOff: 10 },
    { quantity: 50, percentOff: 20 },
  ],
}
const pla = { densityGPerCm3: 1.24, pricePerGramMillicents: 6000 }

/** A cube of side `mm`: what the analysis measures of it. */
const cube = (mm: number): PricedModel => ({
  volumeMm3: mm ** 3,
  areaMm2: 6 * mm ** 2,
  size: { x: mm, y: mm, z: mm },
})

/** The model scaled by `factor`: volume by its cube, area by its square, the box linearly. */
const scaled = (model: PricedModel, factor: number): PricedModel => ({
  volumeMm3: model.volumeMm3 * factor ** 3,
  areaMm2: model.areaMm2 * factor ** 2,
  size: {
    x: model.size.x * factor,
    y: model.size.y * factor,
    z: model.size.z * factor,
  },
})

const standard = { layerHeightMm: 0.2, infillPercent: 20, quantity: 1 }

describe('worked examples (decision 035)', () => {
  test('a 50 mm cube in PLA, 0.2 mm layers, 20% infill, 10 parts', () => {
    // shell 15,000 mm² × 1.2 mm = 18,000 mm³; interior 107,000 mm³ × 20% = 21,400 mm³; 39,400 mm³
    // = 39.4 cm³ × 1.24 g/cm³ = 48.856 g × 6 ¢ = 293.136 ¢. 39,400 mm³ / 10 mm³/s = 3,940 s plus
    // 250 layers × 4 s = 1,000 s: 4,940 s = 1.3722 h × 500 ¢ = 686.11 ¢. Part 979.25 → 979 ¢;
    // 10 parts: 10% off → 881.1 → 881 ¢; 8,810 ¢ + 300 ¢ setup = 9,110 ¢ = 911 ¢ a part.
    expect(quotePrint({ measures: cube(50), material: pla, choice: { ...standard, quantity: 10 }, pricing })).toEqual({
      gramsPerPart: 48.86,
      printHoursPerPart: 1.37,
      partCents: 979,
      batchPercentOff: 10,
      unitPriceCents: 911,
      lineTotalCents: 9110,
      minimumApplied: false,
      productionDays: { min: 3, max: 5 },
    })
  })

  test('one 50 mm cube pays the setup fee alone', () => {
    expect(quotePrint({ measures: cube(50), material: pla, choice: standard, pricing })).toMatchObject({
      unitPriceCents: 1279,
      lineTotalCents: 1279,
    })
  })

  test('a 20 mm cube costs the minimum order price', () => {
    // 2,880 mm³ shell + 5,120 × 20% = 3,904 mm³: 4.84 g (29.05 ¢) and 790.4 s (109.78 ¢): 139 ¢ + 300 ¢.
    expect(quotePrint({ measures: cube(20), material: pla, choice: standard, pricing })).toMatchObject({
      gramsPerPart: 4.84,
      partCents: 139,
      unitPriceCents: 1000,
      lineTotalCents: 1000,
      minimumApplied: true,
    })
    // Three of them share the minimum, rounded up to whole cents per part.
    expect(
      quotePrint({ measures: cube(20), material: pla, choice: { ...standard, quantity: 3 }, pricing }),
    ).toMatchObject({ unitPriceCents: 334, lineTotalCents: 1002, minimumApplied: true })
  })

  test('a thin part is solid: the shell is never more than the model', () => {
    const plate: PricedModel = {
      volumeMm3: 100 * 100 * 1,
      areaMm2: 2 * 100 * 100 + 400,
      size: { x: 100, y: 100, z: 1 },
    }
    expect(materialVolumeMm3(plate, 1.2, 0)).toBe(10_000)
  })

  test('the queue beyond a day of the farm adds business days', () => {
    const big = quotePrint({
      measures: cube(50),
      material: pla,
      choice: { ...standard, quantity: 100 },
      pricing,
      queueHours: 300,
    })
    // 300 h queued + 137.2 h of this line = 437.2 h: two more days at 160 h a day.
    expect(big.productionDays).toEqual({ min: 5, max: 7 })
  })

  test('batch discounts pick the tier with the largest minimum not above the quantity, like product tiers', () => {
    const tiers = [
      { quantity: 50, percentOff: 20 },
      { quantity: 10, percentOff: 10 },
    ]
    expect([1, 9, 10, 49, 50, 500].map((quantity) => batchPercentOff(tiers, quantity))).toEqual([0, 0, 10, 10, 20, 20])
  })
})

// Tiers whose discount grows with their quantity, as the settings form accepts them.
const growingTiers = fc
  .uniqueArray(fc.record({ quantity: fc.integer({ min: 2, max: 200 }), percentOff: fc.integer({ min: 0, max: 90 }) }), {
    selector: (tier) => tier.quantity,
    maxLength: 4,
  })
  .map((tiers): BatchDiscountTier[] => {
    const byQuantity = [...tiers].sort((a, b) => a.quantity - b.quantity)
    const discounts = tiers.map((tier) => tier.percentOff).sort((a, b) => a - b)
    return byQuantity.map((tier, index) => ({ quantity: tier.quantity, percentOff: discounts[index] }))
  })

const pricingArb = fc.record({
  ratePerHourCents: fc.integer({ min: 0, max: 10_000 }),
  setupFeeCents: fc.integer({ min: 0, max: 10_000 }),
  minimumPriceCents: fc.integer({ min: 0, max: 10_000 }),
  wallThicknessMm: fc.double({ min: 0, max: 5, noNaN: true }),
  flowMm3PerSecond: fc.double({ min: 1, max: 50, noNaN: true }),
  layerSeconds: fc.double({ min: 0, max: 30, noNaN: true }),
  productionDaysMin: fc.integer({ min: 0, max: 10 }),
  productionDaysMax: fc.integer({ min: 0, max: 20 }),
  farmHoursPerDay: fc.integer({ min: 1, max: 500 }),
  batchDiscounts: growingTiers,
})
const materialArb = fc.record({
  densityGPerCm3: fc.double({ min: 0.5, max: 3, noNaN: true }),
  pricePerGramMillicents: fc.integer({ min: 0, max: 100_000 }),
})
// A box-like model: volume up to its box, area at least a cube's of that volume.
const modelArb = fc
  .record({
    x: fc.double({ min: 1, max: 250, noNaN: true }),
    y: fc.double({ min: 1, max: 250, noNaN: true }),
    z: fc.double({ min: 1, max: 250, noNaN: true }),
    fill: fc.double({ min: 0.05, max: 1, noNaN: true }),
    rough: fc.double({ min: 1, max: 3, noNaN: true }),
  })
  .map(({ x, y, z, fill, rough }): PricedModel => {
    const volumeMm3 = x * y * z * fill
    return { volumeMm3, areaMm2: 6 * volumeMm3 ** (2 / 3) * rough, size: { x, y, z } }
  })
const choiceArb = fc.record({
  layerHeightMm: fc.constantFrom(0.08, 0.12, 0.2, 0.28, 0.3),
  infillPercent: fc.integer({ min: 0, max: 100 }),
  quantity: fc.integer({ min: 1, max: 500 }),
})

describe('properties', () => {
  test('the line is unit × quantity and never below the minimum order price', () => {
    fc.assert(
      fc.property(modelArb, materialArb, choiceArb, pricingArb, (measures, material, choice, pricing) => {
        const quote = quotePrint({ measures, material, choice, pricing })
        expect(quote.lineTotalCents).toBe(quote.unitPriceCents * choice.quantity)
        expect(quote.lineTotalCents).toBeGreaterThanOrEqual(pricing.minimumPriceCents)
        expect(Number.isSafeInteger(quote.unitPriceCents)).toBe(true)
      }),
    )
  })

  test('more infill never costs less per part', () => {
    fc.assert(
      fc.property(
        modelArb,
        materialArb,
        choiceArb,
        pricingArb,
        fc.integer({ min: 0, max: 100 }),
        (measures, material, choice, pricing, more) => {
          const lower = Math.min(choice.infillPercent, more)
          const higher = Math.max(choice.infillPercent, more)
          const at = (infillPercent: number) =>
            quotePrint({ measures, material, choice: { ...choice, infillPercent }, pricing }).unitPriceCents
          expect(at(higher)).toBeGreaterThanOrEqual(at(lower))
        },
      ),
    )
  })

  test('a larger model never costs less per part', () => {
    fc.assert(
      fc.property(
        modelArb,
        materialArb,
        choiceArb,
        pricingArb,
        fc.double({ min: 1, max: 4, noNaN: true }),
        (measures, material, choice, pricing, factor) => {
          const small = quotePrint({ measures, material, choice, pricing })
          const large = quotePrint({ measures: scaled(measures, factor), material, choice, pricing })
          expect(large.unitPriceCents).toBeGreaterThanOrEqual(small.unitPriceCents)
          expect(large.gramsPerPart).toBeGreaterThanOrEqual(small.gramsPerPart)
        },
      ),
    )
  })

  test('more parts never cost more per part, and a part costs at most the tier’s price plus its share of the fixed costs', () => {
    fc.assert(
      fc.property(
        modelArb,
        materialArb,
        choiceArb,
        pricingArb,
        fc.integer({ min: 0, max: 500 }),
        (measures, material, choice, pricing, extra) => {
          const at = (quantity: number) => quotePrint({ measures, material, choice: { ...choice, quantity }, pricing })
          const fewer = at(choice.quantity)
          const more = at(choice.quantity + extra)
          expect(more.unitPriceCents).toBeLessThanOrEqual(fewer.unitPriceCents)
          const tierPart = Math.round((more.partCents * (100 - more.batchPercentOff)) / 100)
          const quantity = choice.quantity + extra
          const fixed = Math.max(pricing.setupFeeCents, pricing.minimumPriceCents)
          expect(more.unitPriceCents).toBeLessThanOrEqual(tierPart + Math.ceil(fixed / quantity))
          expect(more.unitPriceCents).toBeGreaterThanOrEqual(tierPart)
        },
      ),
    )
  })

  test('finer layers never cost less', () => {
    fc.assert(
      fc.property(modelArb, materialArb, choiceArb, pricingArb, (measures, material, choice, pricing) => {
        const at = (layerHeightMm: number) =>
          quotePrint({ measures, material, choice: { ...choice, layerHeightMm }, pricing }).unitPriceCents
        expect(at(0.12)).toBeGreaterThanOrEqual(at(0.2))
        expect(at(0.2)).toBeGreaterThanOrEqual(at(0.28))
      }),
    )
  })

  test('nonsense measures price as an empty model, never NaN', () => {
    const quote = quotePrint({
      measures: {
        volumeMm3: Number.NaN,
        areaMm2: -5,
        size: { x: 1, y: 1, z: Number.POSITIVE_INFINITY },
      },
      material: pla,
      choice: { layerHeightMm: Number.NaN, infillPercent: 500, quantity: 0 },
      pricing,
    })
    expect(quote).toMatchObject({ unitPriceCents: 1000, lineTotalCents: 1000, gramsPerPart: 0 })
  })
})
