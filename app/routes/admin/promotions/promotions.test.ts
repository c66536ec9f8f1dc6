import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { listActivity } from '#app/modules/activity/index.server.ts'
import {
  createPromotion,
  deletePromotion,
  evaluatePromotion,
  listPromotions,
  promotionState,
  updatePromotion,
} from '#app/modules/promotions/index.server.ts'
import { promotions } from '#app/modules/promotions/schema.server.ts'
import { PROMOTION_REQUIRED_FIELDS } from '#app/modules/promotions/schemas.ts'
import { insertProduct, insertProductCategory } from '#tests/factories/shop-records.ts'
import { adminRouteTest, UNKNOWN_ID } from '#tests/setup/admin-route-test.ts'
import { action, loader } from './promotions.tsx'

const day = 24 * 60 * 60 * 1000
const today = new Date().toISOString().slice(0, 10)
const inDays = (days: number) => new Date(Date.now() + days * day).toISOString().slice(0, 10)
const shop = adminRouteTest()
const { load, post } = shop.page('/admin/promotions', { loader, action })
const ids = { product: '', category: '' }

beforeAll(async () => {
  ids.category = (await insertProductCategory(shop.db, { name: 'Device Cases' })).id
  ids.product = (await insertProduct(shop.db, { title: 'Bike Phone Mount', status: 'hidden' })).id
})

beforeEach(async () => {
  await shop.db.delete(promotions)
})

const input = () => ({
  name: 'Autumn Sale',
  code: 'fall10',
  type: 'percentage' as const,
  value: 10,
  startDate: new Date(`${today}T00:00:00.000Z`),
  endDate: new Date(`${inDays(7)}T23:59:59.999Z`),
  appliesTo: 'all' as const,
  productIds: [],
  categoryIds: [],
  usageLimit: null,
  perCustomerLimit: null,
})
const cart = [{ productId: UNKNOWN_ID, categoryId: null, subtotalCents: 2000 }]

describe('the promotions module', () => {
  test('a new promotion is scheduled, its code upper-cased, and it works once started', async () => {
    const created = await createPromotion(input())
    expect(created).toMatchObject({ ok: true, promotion: { code: 'FALL10' } })
    const [row] = await shop.db.select().from(promotions)
    expect(row).toMatchObject({ name: 'Autumn Sale', code: 'FALL10', status: 'scheduled', value: 10 })
    expect(await evaluatePromotion({ code: 'fall10', lines: cart })).toMatchObject({ ok: true, discountCents: 200 })
    const { promotions: listed } = await listPromotions({ limit: 10 })
    expect(listed.map((promotion) => [promotion.code, promotion.state])).toEqual([['FALL10', 'live']])
  })

  test('a code is unique in any case; the refusal changes nothing', async () => {
    await createPromotion(input())
    expect(await createPromotion({ ...input(), name: 'Copy', code: 'Fall10' })).toEqual({
      ok: false,
      reason: 'code-taken',
    })
    expect(await shop.db.$count(promotions)).toBe(1)
  })

  test('an edit replaces the fields but keeps the status; another’s code or an unknown id is refused', async () => {
    const first = await createPromotion(input())
    const second = await createPromotion({ ...input(), code: 'WINTER5' })
    if (!first.ok || !second.ok) throw new Error('not created')
    await shop.db.update(promotions).set({ status: 'active' }).where(eq(promotions.id, first.promotion.id))
    expect(
      await updatePromotion(first.promotion.id, { ...input(), code: 'fall20', type: 'fixed', value: 500 }),
    ).toMatchObject({ ok: true, promotion: { code: 'FALL20' } })
    const [row] = await shop.db.select().from(promotions).where(eq(promotions.id, first.promotion.id))
    expect(row).toMatchObject({ code: 'FALL20', type: 'fixed', value: 500, status: 'active' })
    // Keeping its own code is fine.
    expect(await updatePromotion(second.promotion.id, { ...input(), code: 'winter5' })).toMatchObject({ ok: true })
    const before = await shop.db.select().from(promotions).orderBy(promotions.id)
    expect(await updatePromotion(second.promotion.id, { ...input(), code: 'FALL20' })).toEqual({
      ok: false,
      reason: 'code-taken',
    })
    expect(await updatePromotion(UNKNOWN_ID, input())).toEqual({ ok: false, reason: 'not-found' })
    expect(await updatePromotion('nope', input())).toEqual({ ok: false, reason: 'not-found' })
    expect(await shop.db.select().from(promotions).orderBy(promotions.id)).toEqual(before)
  })

  test('a deleted promotion’s code stops working', async () => {
    const created = await createPromotion(input())
    if (!created.ok) throw new Error('not created')
    expect(await deletePromotion(created.promotion.id)).toEqual({ code: 'FALL10' })
    expect(await deletePromotion(created.promotion.id)).toBeNull()
    expect(await deletePromotion('nope')).toBeNull()
    expect(await evaluatePromotion({ code: 'FALL10', lines: cart })).toEqual({ ok: false })
  })

  test('the state tells live, upcoming, ended and inactive apart', () => {
    const now = new Date('2025-06-15T12:00:00Z')
    const rule = {
      ...input(),
      code: 'X',
      status: 'scheduled',
      startDate: new Date('2025-06-15T00:00:00Z'),
      endDate: new Date('2025-06-20T23:59:59.999Z'),
    }
    expect(promotionState(rule, now)).toBe('live')
    expect(promotionState({ ...rule, startDate: new Date('2025-06-16T00:00:00Z') }, now)).toBe('upcoming')
    expect(promotionState({ ...rule, endDate: new Date('2025-06-14T23:59:59.999Z') }, now)).toBe('ended')
    expect(promotionState({ ...rule, status: 'inactive' }, now)).toBe('inactive')
  })
})

const goodForm = (): Record<string, string | string[]> => ({
  intent: 'create',
  name: '  Spring Clean  ',
  code: ' spring-25 ',
  type: 'fixed',
  value: '7.50',
  startDate: today,
  endDate: inDays(3),
  appliesTo: 'all',
})

describe('the /admin/promotions action', () => {
  test('creates, edits and deletes, with the spec’s toasts; the newest is listed first', async () => {
    await createPromotion({ ...input(), code: 'OLDER' })
    expect(await post(goodForm())).toMatchObject({
      status: 200,
      ok: true,
      toast: { title: 'Promotion Created', variant: 'success' },
    })
    const [row] = await shop.db.select().from(promotions).where(eq(promotions.code, 'SPRING-25'))
    expect(row).toMatchObject({
      name: 'Spring Clean',
      type: 'fixed',
      value: 750,
      status: 'scheduled',
      appliesTo: 'all',
    })
    expect(row.startDate.toISOString()).toBe(`${today}T00:00:00.000Z`)
    expect(row.endDate.toISOString()).toBe(`${inDays(3)}T23:59:59.999Z`)
    const page = await load()
    expect(page.promotions.map((promotion) => promotion.code)).toEqual(['SPRING-25', 'OLDER'])
    expect(page.promotions[0]).toMatchObject({ startDate: today, endDate: inDays(3), state: 'live' })
    // Only the products the listed promotions chose are named; the dialog's picker searches the rest.
    expect(page.products).toEqual([])
    expect(page.categories).toEqual([{ id: ids.category, name: 'Device Cases' }])

    const edit = {
      ...goodForm(),
      intent: 'update',
      promotionId: row.id,
      type: 'percentage',
      value: '25',
      appliesTo: 'categories',
      categoryIds: [ids.category, ids.category],
      productIds: [ids.product],
    }
    expect(await post(edit)).toMatchObject({ status: 200, toast: { title: 'Promotion Updated' } })
    const [edited] = await shop.db.select().from(promotions).where(eq(promotions.id, row.id))
    // Only the list the promotion applies to is kept.
    expect(edited).toMatchObject({ type: 'percentage', value: 25, categoryIds: [ids.category], productIds: [] })
    const limited = {
      ...edit,
      appliesTo: 'products',
      productIds: [ids.product],
      categoryIds: [],
      usageLimit: ' 100 ',
      perCustomerLimit: '2',
    }
    expect(await post(limited)).toMatchObject({ status: 200, ok: true })
    const [withLimits] = await shop.db.select().from(promotions).where(eq(promotions.id, row.id))
    expect(withLimits).toMatchObject({ usageLimit: 100, perCustomerLimit: 2, productIds: [ids.product] })
    expect((await load()).products).toEqual([{ id: ids.product, name: 'Bike Phone Mount (hidden)' }])
    const listed = await load()
    expect(listed.promotions[0]).toMatchObject({ usageLimit: 100, perCustomerLimit: 2, uses: 0 })
    expect(await post({ ...limited, usageLimit: '', perCustomerLimit: '' })).toMatchObject({ status: 200 })
    const [unlimited] = await shop.db.select().from(promotions).where(eq(promotions.id, row.id))
    expect(unlimited).toMatchObject({ usageLimit: null, perCustomerLimit: null })

    // Every change is in the activity log, with the fields it changed.
    const history = await listActivity({ recordType: 'promotion', recordId: row.id, limit: 20 })
    expect(history.entries.map((entry) => entry.action).reverse()).toEqual([
      'promotion.created',
      'promotion.updated',
      'promotion.updated',
      'promotion.updated',
    ])
    const limitChange = history.entries[1]
    expect(limitChange).toMatchObject({
      actorLabel: 'alex@example.com',
      recordLabel: 'Promotion SPRING-25',
      changes: { usageLimit: { before: null, after: 100 }, perCustomerLimit: { before: null, after: 2 } },
    })

    expect(await post({ intent: 'delete', promotionId: row.id })).toMatchObject({
      status: 200,
      toast: { title: 'Promotion Deleted', variant: 'success' },
    })
    expect(await shop.db.$count(promotions, eq(promotions.id, row.id))).toBe(0)
    const [deleted] = (await listActivity({ recordType: 'promotion', recordId: row.id, limit: 1 })).entries
    expect(deleted).toMatchObject({
      action: 'promotion.deleted',
      changes: { code: { before: 'SPRING-25', after: null } },
    })
  })

  test('a refused form names the problem of each field, for the page to show beside it', async () => {
    const answer = await post({
      ...goodForm(),
      value: '0',
      startDate: inDays(2),
      endDate: inDays(1),
    })
    expect(answer).toMatchObject({
      status: 400,
      ok: false,
      toast: { variant: 'destructive' },
      fieldErrors: {
        value: 'A fixed discount must be an amount in dollars above 0, with at most 2 decimals, like 5 or 7.50.',
        endDate: 'The end date must be on or after the start date.',
      },
    })
    expect(await post({ ...goodForm(), usageLimit: 'lots' })).toMatchObject({
      fieldErrors: { usageLimit: 'The usage limit must be a whole number from 1 to 1,000,000, or empty for no limit.' },
    })
    // A problem of the whole form (required fields) names no field.
    expect(await post({ intent: 'create' })).toMatchObject({ status: 400, fieldErrors: {} })
    expect(await shop.db.$count(promotions)).toBe(0)
  })

  test('bad input gets a destructive toast and a 4xx, changes nothing, never throws', async () => {
    const created = await createPromotion({ ...input(), code: 'TAKEN' })
    if (!created.ok) throw new Error('not created')
    const id = created.promotion.id
    const before = await shop.db.select().from(promotions).orderBy(promotions.id)
    const required = { status: 400, description: PROMOTION_REQUIRED_FIELDS }
    const cases: [Record<string, string | string[]>, { status: number; description?: string }][] = [
      [{ intent: 'create' }, required],
      [{ ...goodForm(), name: '   ' }, required],
      [{ ...goodForm(), code: '' }, required],
      [{ ...goodForm(), value: '' }, required],
      [{ ...goodForm(), startDate: '' }, required],
      [{ ...goodForm(), endDate: '' }, required],
      [{ ...goodForm(), name: '', value: 'abc' }, required],
      [
        { ...goodForm(), code: 'taken' },
        { status: 409, description: 'A promotion with this code already exists. Please choose another code.' },
      ],
      [
        { ...goodForm(), code: 'two words' },
        { status: 400, description: 'Code may only contain letters, digits, - and _.' },
      ],
      [
        { ...goodForm(), code: 'X'.repeat(41) },
        { status: 400, description: 'Code must be at most 40 characters.' },
      ],
      [{ ...goodForm(), name: 'x'.repeat(121) }, { status: 400 }],
      [
        { ...goodForm(), type: 'bogo' },
        { status: 400, description: 'Choose a type: percentage or fixed.' },
      ],
      [
        { ...goodForm(), type: 'percentage', value: '0' },
        { status: 400, description: 'A percentage must be a whole number from 1 to 100.' },
      ],
      [{ ...goodForm(), type: 'percentage', value: '101' }, { status: 400 }],
      [{ ...goodForm(), type: 'percentage', value: '12.5' }, { status: 400 }],
      [{ ...goodForm(), type: 'percentage', value: '-5' }, { status: 400 }],
      [{ ...goodForm(), value: '0' }, { status: 400 }],
      [{ ...goodForm(), value: '0.00' }, { status: 400 }],
      [{ ...goodForm(), value: '-1' }, { status: 400 }],
      [{ ...goodForm(), value: '1.999' }, { status: 400 }],
      [{ ...goodForm(), value: '1e3' }, { status: 400 }],
      [
        { ...goodForm(), value: '100000.01' },
        { status: 400, description: 'A fixed discount must be at most $100,000.00.' },
      ],
      [
        { ...goodForm(), startDate: '2025-02-30' },
        { status: 400, description: 'Dates must be real calendar dates (YYYY-MM-DD).' },
      ],
      [{ ...goodForm(), endDate: 'tomorrow' }, { status: 400 }],
      [
        { ...goodForm(), startDate: inDays(2), endDate: inDays(1) },
        { status: 400, description: 'The end date must be on or after the start date.' },
      ],
      [{ ...goodForm(), appliesTo: 'everyone' }, { status: 400 }],
      [
        { ...goodForm(), appliesTo: 'products' },
        { status: 400, description: 'Choose at least one product.' },
      ],
      [
        { ...goodForm(), appliesTo: 'categories' },
        { status: 400, description: 'Choose at least one category.' },
      ],
      [{ ...goodForm(), appliesTo: 'products', productIds: ['nope'] }, { status: 400 }],
      [
        { ...goodForm(), appliesTo: 'products', productIds: [UNKNOWN_ID] },
        { status: 400, description: 'A chosen product does not exist any more.' },
      ],
      [
        { ...goodForm(), appliesTo: 'categories', categoryIds: [UNKNOWN_ID] },
        { status: 400, description: 'A chosen category does not exist any more.' },
      ],
      [{ ...goodForm(), name: 'a\u0000b' }, { status: 400 }],
      [
        { ...goodForm(), usageLimit: '0' },
        {
          status: 400,
          description: 'The usage limit must be a whole number from 1 to 1,000,000, or empty for no limit.',
        },
      ],
      [{ ...goodForm(), usageLimit: '2.5' }, { status: 400 }],
      [{ ...goodForm(), usageLimit: '-1' }, { status: 400 }],
      [{ ...goodForm(), usageLimit: '1000001' }, { status: 400 }],
      [{ ...goodForm(), perCustomerLimit: 'once' }, { status: 400 }],
      [
        { ...goodForm(), usageLimit: '5', perCustomerLimit: '6' },
        { status: 400, description: 'The limit per customer cannot be above the usage limit.' },
      ],
      [{ ...goodForm(), intent: 'update', promotionId: UNKNOWN_ID }, { status: 404 }],
      [{ ...goodForm(), intent: 'update', promotionId: 'nope' }, { status: 404 }],
      [{ ...goodForm(), intent: 'update', promotionId: id, code: '' }, required],
      [{ intent: 'delete', promotionId: UNKNOWN_ID }, { status: 404 }],
      [{ intent: 'delete', promotionId: "1' or '1'='1" }, { status: 404 }],
      [{ intent: 'delete' }, { status: 404 }],
      [
        { intent: 'archive', promotionId: id },
        { status: 400, description: 'Unknown request.' },
      ],
      [{}, { status: 400, description: 'Unknown request.' }],
    ]
    for (const [fields, expected] of cases) {
      const answer = await post(fields)
      expect({ fields, answer }).toMatchObject({
        fields,
        answer: {
          status: expected.status,
          ok: false,
          toast: {
            title: 'Error',
            variant: 'destructive',
            ...(expected.description ? { description: expected.description } : {}),
          },
        },
      })
    }
    const notAForm = await shop.call(action, { url: '/admin/promotions', body: '{"intent":"delete"' })
    expect(notAForm.status).toBe(400)
    expect(await shop.db.select().from(promotions).orderBy(promotions.id)).toEqual(before)
  })

  test('a bad page falls back to the first', async () => {
    for (const query of ['page=-1', 'page=abc', 'page=1e99']) {
      expect((await load(`/admin/promotions?${query}`)).page).toBe(1)
    }
  })
})
