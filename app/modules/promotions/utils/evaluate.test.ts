import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { PromotionLine, PromotionRule } from '../types.ts'
import { eligibleSubtotalCents, evaluatePromotionRule, isLineEligible, isPromotionUsable } from './evaluate.ts'

const day = 24 * 60 * 60 * 1000
const now = new Date('2025-06-15T12:00:00Z')
const summer: PromotionRule = {
  name: 'Summer Sale',
  code: 'SUMMER15',
  type: 'percentage',
  value: 15,
  startDate: new Date(now.getTime() - day),
  endDate: new Date(now.getTime() + 7 * day),
  status: 'active',
  appliesTo: 'all',
  productIds: [],
  categoryIds: [],
}
const mount: PromotionLine = { productId: 'p-mount', categoryId: 'c-mounts', subtotalCents: 2000 }
const cover: PromotionLine = { productId: 'p-case', categoryId: 'c-cases', subtotalCents: 3000 }
const loose: PromotionLine = { productId: 'p-loose', categoryId: null, subtotalCents: 1000 }

describe('isPromotionUsable', () => {
  test('an active promotion inside its window is usable, including both ends', () => {
    expect(isPromotionUsable(summer, now)).toBe(true)
    expect(isPromotionUsable(summer, summer.startDate)).toBe(true)
    expect(isPromotionUsable(summer, summer.endDate)).toBe(true)
  })

  test('a scheduled promotion is usable once its start date is reached', () => {
    const scheduled = { ...summer, status: 'scheduled' }
    expect(isPromotionUsable(scheduled, now)).toBe(true)
    expect(isPromotionUsable({ ...scheduled, startDate: new Date(now.getTime() + 1) }, now)).toBe(false)
  })

  test('outside the window or with another status it is not usable', () => {
    expect(isPromotionUsable(summer, new Date(summer.endDate.getTime() + 1))).toBe(false)
    expect(isPromotionUsable(summer, new Date(summer.startDate.getTime() - 1))).toBe(false)
    for (const status of ['inactive', 'expired', 'draft', 'ACTIVE', '']) {
      expect(isPromotionUsable({ ...summer, status }, now)).toBe(false)
    }
  })

  test('an invalid date is never usable', () => {
    expect(isPromotionUsable(summer, new Date(Number.NaN))).toBe(false)
    expect(isPromotionUsable({ ...summer, endDate: new Date(Number.NaN) }, now)).toBe(false)
  })
})

describe('eligible lines', () => {
  test('all, products and categories', () => {
    expect(eligibleSubtotalCents(summer, [mount, cover, loose])).toBe(6000)
    const products = { ...summer, appliesTo: 'products' as const, productIds: ['p-case'] }
    expect(eligibleSubtotalCents(products, [mount, cover, loose])).toBe(3000)
    const categories = { ...summer, appliesTo: 'categories' as const, categoryIds: ['c-mounts'] }
    expect(eligibleSubtotalCents(categories, [mount, cover, loose])).toBe(2000)
    expect(isLineEligible(categories, loose)).toBe(false)
  })
})

describe('evaluatePromotionRule', () => {
  test('a percentage of the whole cart', () => {
    expect(evaluatePromotionRule(summer, [mount, cover], now)).toEqual({
      ok: true,
      code: 'SUMMER15',
      discountCents: 750,
      promotion: { name: 'Summer Sale', type: 'percentage', value: 15 },
    })
  })

  test('a fixed amount is capped at the eligible subtotal, not the cart subtotal', () => {
    const fixed = {
      ...summer,
      type: 'fixed' as const,
      value: 2500,
      appliesTo: 'products' as const,
      productIds: ['p-mount'],
    }
    expect(evaluatePromotionRule(fixed, [mount, cover], now)).toMatchObject({ ok: true, discountCents: 2000 })
  })

  test('a limited promotion only discounts its own lines', () => {
    const cases = { ...summer, appliesTo: 'categories' as const, categoryIds: ['c-cases'] }
    expect(evaluatePromotionRule(cases, [mount, cover], now)).toMatchObject({ ok: true, discountCents: 450 })
  })

  test('no promotion, an expired one, or one that applies to nothing in the cart is invalid', () => {
    expect(evaluatePromotionRule(null, [mount], now)).toEqual({ ok: false })
    expect(evaluatePromotionRule({ ...summer, endDate: new Date(now.getTime() - 1) }, [mount], now)).toEqual({
      ok: false,
    })
    const other = { ...summer, appliesTo: 'products' as const, productIds: ['p-other'] }
    expect(evaluatePromotionRule(other, [mount, cover], now)).toEqual({ ok: false })
    expect(evaluatePromotionRule(summer, [], now)).toEqual({ ok: false })
  })
})

const ids = ['a', 'b', 'c', 'd']
const lineArb = fc.record({
  productId: fc.constantFrom(...ids),
  categoryId: fc.option(fc.constantFrom(...ids), { nil: null }),
  subtotalCents: fc.integer({ min: -1000, max: 10_000_000 }),
})
const ruleArb = fc.record({
  name: fc.string(),
  code: fc.string(),
  type: fc.constantFrom('percentage' as const, 'fixed' as const),
  value: fc.integer({ min: 0, max: 1_000_000 }),
  startDate: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
  endDate: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
  status: fc.constantFrom('active', 'scheduled', 'inactive', 'expired', 'draft'),
  appliesTo: fc.constantFrom('all' as const, 'products' as const, 'categories' as const),
  productIds: fc.subarray(ids),
  categoryIds: fc.subarray(ids),
})
const nowArb = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })

describe('evaluatePromotionRule properties', () => {
  test('the discount is never negative and never above the eligible subtotal', () => {
    fc.assert(
      fc.property(ruleArb, fc.array(lineArb, { maxLength: 8 }), nowArb, (rule, lines, at) => {
        const result = evaluatePromotionRule(rule, lines, at)
        if (!result.ok) return
        expect(result.discountCents).toBeGreaterThanOrEqual(0)
        expect(Number.isInteger(result.discountCents)).toBe(true)
        expect(result.discountCents).toBeLessThanOrEqual(eligibleSubtotalCents(rule, lines))
      }),
    )
  })

  test('a status other than active or scheduled, or a date outside the window, is always invalid', () => {
    fc.assert(
      fc.property(ruleArb, fc.array(lineArb, { maxLength: 8 }), nowArb, (rule, lines, at) => {
        const outside = at < rule.startDate || at > rule.endDate
        const unusableStatus = rule.status !== 'active' && rule.status !== 'scheduled'
        if (outside || unusableStatus) expect(evaluatePromotionRule(rule, lines, at)).toEqual({ ok: false })
      }),
    )
  })

  test('lines the promotion does not apply to never change the discount', () => {
    fc.assert(
      fc.property(ruleArb, fc.array(lineArb, { maxLength: 8 }), lineArb, nowArb, (rule, lines, extra, at) => {
        fc.pre(!isLineEligible(rule, extra))
        const before = evaluatePromotionRule(rule, lines, at)
        const after = evaluatePromotionRule(rule, [...lines, extra], at)
        expect(after).toEqual(before)
      }),
    )
  })
})
