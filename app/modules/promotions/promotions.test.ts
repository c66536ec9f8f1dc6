import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { insertPromotion } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { evaluatePromotion } from './service.server.ts'

const day = 24 * 60 * 60 * 1000
const now = new Date('2025-06-15T12:00:00Z')
const mountId = randomUUID()
const caseId = randomUUID()
const casesCategoryId = randomUUID()
const lines = [
  { productId: mountId, categoryId: null, subtotalCents: 2000 },
  { productId: caseId, categoryId: casesCategoryId, subtotalCents: 3000 },
]

const database = testDatabaseForFile()

beforeAll(async () => {
  const window = { startDate: new Date(now.getTime() - day), endDate: new Date(now.getTime() + 7 * day) }
  const table: Parameters<typeof insertPromotion>[1][] = [
    { name: 'Summer Sale', code: 'SUMMER15', type: 'percentage', value: 15, status: 'active', ...window },
    { name: 'Early Bird', code: 'EARLY5', type: 'fixed', value: 500, status: 'scheduled', ...window },
    {
      name: 'Autumn Preview',
      code: 'AUTUMN',
      type: 'percentage',
      value: 20,
      status: 'scheduled',
      startDate: new Date(now.getTime() + day),
      endDate: new Date(now.getTime() + 10 * day),
    },
    {
      name: 'Spring Sale',
      code: 'SPRING10',
      type: 'percentage',
      value: 10,
      status: 'active',
      startDate: new Date(now.getTime() - 30 * day),
      endDate: new Date(now.getTime() - day),
    },
    { name: 'Paused', code: 'PAUSED', type: 'percentage', value: 50, status: 'inactive', ...window },
    {
      name: 'Mount Deal',
      code: 'MOUNT10',
      type: 'fixed',
      value: 1000,
      status: 'active',
      appliesTo: 'products',
      productIds: [mountId],
      ...window,
    },
    {
      name: 'Case Week',
      code: 'CASES50',
      type: 'percentage',
      value: 50,
      status: 'active',
      appliesTo: 'categories',
      categoryIds: [casesCategoryId],
      ...window,
    },
  ]
  for (const promotion of table) await insertPromotion(database.db, promotion)
})

describe('evaluatePromotion', () => {
  test('matches the code in any case and with surrounding spaces', async () => {
    const expected = {
      ok: true,
      code: 'SUMMER15',
      discountCents: 750,
      promotion: { name: 'Summer Sale', type: 'percentage', value: 15 },
      promotionId: expect.any(String),
      limits: { usageLimit: null, perCustomerLimit: null },
    }
    expect(await evaluatePromotion({ code: 'summer15', lines, now })).toEqual(expected)
    expect(await evaluatePromotion({ code: '  Summer15 ', lines, now })).toEqual(expected)
  })

  test('a scheduled promotion whose start date is reached works; one not yet started does not', async () => {
    expect(await evaluatePromotion({ code: 'early5', lines, now })).toMatchObject({ ok: true, discountCents: 500 })
    expect(await evaluatePromotion({ code: 'AUTUMN', lines, now })).toEqual({ ok: false })
  })

  test('an expired, inactive, unknown or empty code fails', async () => {
    expect(await evaluatePromotion({ code: 'SPRING10', lines, now })).toEqual({ ok: false })
    expect(await evaluatePromotion({ code: 'PAUSED', lines, now })).toEqual({ ok: false })
    expect(await evaluatePromotion({ code: 'NOPE', lines, now })).toEqual({ ok: false })
    expect(await evaluatePromotion({ code: '   ', lines, now })).toEqual({ ok: false })
    expect(await evaluatePromotion({ code: 'X'.repeat(41), lines, now })).toEqual({ ok: false })
  })

  test('a promotion ends with its end date', async () => {
    const later = new Date(now.getTime() + 8 * day)
    expect(await evaluatePromotion({ code: 'SUMMER15', lines, now: later })).toEqual({ ok: false })
  })

  test("a product-limited promotion only discounts that product's lines", async () => {
    // 10.00 off, but the mount line is only 20.00 of the 50.00 cart: the cap is the mount line.
    expect(await evaluatePromotion({ code: 'MOUNT10', lines, now })).toMatchObject({ ok: true, discountCents: 1000 })
    const cheapMount = [{ ...lines[0], subtotalCents: 600 }, lines[1]]
    expect(await evaluatePromotion({ code: 'MOUNT10', lines: cheapMount, now })).toMatchObject({
      ok: true,
      discountCents: 600,
    })
    expect(await evaluatePromotion({ code: 'MOUNT10', lines: [lines[1]], now })).toEqual({ ok: false })
  })

  test('a category-limited promotion only discounts lines of that category', async () => {
    expect(await evaluatePromotion({ code: 'cases50', lines, now })).toMatchObject({ ok: true, discountCents: 1500 })
    expect(await evaluatePromotion({ code: 'cases50', lines: [lines[0]], now })).toEqual({ ok: false })
  })
})
