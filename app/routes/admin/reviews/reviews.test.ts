import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import { reviews } from '#app/modules/reviews/schema.server.ts'
import { reviewsAndRatings } from '#tests/factories/shop-records.ts'
import { adminRouteTest, type PostedForm, UNKNOWN_ID } from '#tests/setup/admin-route-test.ts'
import type { ReviewActionResult } from './review-action-result.ts'
import { action, loader } from './reviews.tsx'

const shop = adminRouteTest()
const page = shop.page('/admin/reviews', { loader, action })
const load = page.load
const post = (form: PostedForm) => page.post<ReviewActionResult>(form)
let productId = ''
let hiddenProductId = ''

beforeAll(async () => {
  const [product, hidden] = await shop.db
    .insert(products)
    .values([{ title: 'Bike Phone Mount' }, { title: 'Prototype Bracket', status: 'hidden' }])
    .returning({ id: products.id })
  productId = product.id
  hiddenProductId = hidden.id
})

beforeEach(async () => {
  await shop.db.delete(reviews)
  await shop.db.update(products).set({ rating: 0, reviewCount: 0 })
})

const everything = () => reviewsAndRatings(shop.db)

async function insertReview(values: { title: string; approved: boolean; productId?: string | null; name?: string }) {
  const [row] = await shop.db
    .insert(reviews)
    .values({ productId, name: 'Maria Garcia', rating: 4, comment: 'Fits well.', ...values })
    .returning({ id: reviews.id })
  return row.id
}

const manualForm = {
  intent: 'create',
  name: 'Jordan Lee Smith',
  title: 'Told us at the fair',
  comment: 'Best bike mount I have had.',
  rating: '4',
}

describe('the list', () => {
  test('filters, shortens names and names the product, or a general shop review', async () => {
    await insertReview({ title: 'Waiting', approved: false, name: 'Maria Garcia' })
    await insertReview({ title: 'Public', approved: true, name: '' })
    await insertReview({ title: 'About the shop', approved: true, productId: null, name: 'Sam' })

    const all = await load('/admin/reviews')
    expect(all.filter).toBe('all')
    expect(all.counts).toEqual({ all: 3, pending: 1, approved: 2 })
    const waiting = all.reviews.find((review) => review.title === 'Waiting')
    expect(waiting).toMatchObject({ name: 'Maria G.', approved: false, productTitle: 'Bike Phone Mount' })
    expect(all.reviews.find((review) => review.title === 'Public')?.name).toBe('Anonymous')
    expect(all.reviews.find((review) => review.title === 'About the shop')).toMatchObject({
      name: 'Sam',
      productId: null,
      productTitle: null,
    })

    expect((await load('/admin/reviews?filter=pending')).reviews.map((review) => review.title)).toEqual(['Waiting'])
    const approved = await load('/admin/reviews?filter=approved')
    expect(approved.reviews.map((review) => review.title).sort()).toEqual(['About the shop', 'Public'])
  })

  test('a bad filter, page or delete id falls back to the defaults', async () => {
    await insertReview({ title: 'Waiting', approved: false })
    for (const query of ['filter=bogus', 'filter=', 'filter=PENDING', 'page=-1&filter=%00', 'page=abc', 'page=1e99']) {
      const answer = await load(`/admin/reviews?${query}`)
      expect(answer).toMatchObject({ filter: 'all', page: 1, confirmDeleteId: null })
      expect(answer.reviews).toHaveLength(1)
    }
    expect((await load('/admin/reviews?delete=not-a-uuid')).confirmDeleteId).toBeNull()
    expect((await load(`/admin/reviews?delete=${UNKNOWN_ID}`)).confirmDeleteId).toBe(UNKNOWN_ID)
    const beyond = await load('/admin/reviews?page=9')
    expect(beyond).toMatchObject({ page: 9, pageCount: 1, reviews: [] })
  })

  test('the full name never leaves the server', async () => {
    await insertReview({ title: 'Waiting', approved: false, name: 'Maria Garcia' })
    expect(JSON.stringify(await load('/admin/reviews'))).not.toContain('Garcia')
  })
})

describe('the actions', () => {
  test('Approve publishes the review and updates the product', async () => {
    const id = await insertReview({ title: 'Waiting', approved: false })
    expect(await post({ intent: 'approve', reviewId: id })).toMatchObject({
      status: 200,
      ok: true,
      intent: 'approve',
      toast: { title: 'Review Approved', variant: 'success' },
    })
    const [product] = await shop.db.select().from(products).where(eq(products.id, productId))
    expect(product).toMatchObject({ rating: 4, reviewCount: 1 })
  })

  test('Delete removes the review and recounts the product', async () => {
    await post({ ...manualForm, productId, rating: '5' })
    await post({ ...manualForm, productId, rating: '3' })
    const [five] = await shop.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.rating, 5))
    expect(await post({ intent: 'delete', reviewId: five.id })).toMatchObject({
      status: 200,
      ok: true,
      toast: { title: 'Review Deleted', variant: 'success' },
    })
    const [product] = await shop.db.select().from(products).where(eq(products.id, productId))
    expect(product).toMatchObject({ rating: 3, reviewCount: 1 })
  })

  test('without JavaScript, the product is the one whose exact title or SKU was typed', async () => {
    expect(await post({ ...manualForm, productId: '', productText: ' prototype BRACKET ' })).toMatchObject({
      status: 200,
      ok: true,
    })
    const refusal = await post({ ...manualForm, productId: '', productText: 'Bracket' })
    expect(refusal).toMatchObject({
      status: 400,
      ok: false,
      fieldErrors: { productId: 'No product has the SKU or title “Bracket”.' },
      values: { productText: 'Bracket' },
    })
    expect(await shop.db.select({ productId: reviews.productId }).from(reviews)).toEqual([
      { productId: hiddenProductId },
    ])
  })

  test('a manual review is stored approved with the rating given, or 5', async () => {
    expect(await post({ ...manualForm, productId })).toMatchObject({
      status: 200,
      ok: true,
      intent: 'create',
      toast: { title: 'Review Added', variant: 'success' },
    })
    const { rating: _rating, ...withoutRating } = manualForm
    await post({ ...withoutRating, productId: hiddenProductId, title: '  Trimmed  ' })
    const stored = await shop.db.select().from(reviews).orderBy(reviews.rating)
    expect(stored).toMatchObject([
      { productId, name: 'Jordan Lee Smith', rating: 4, approved: true, verified: false, userId: null },
      { productId: hiddenProductId, title: 'Trimmed', rating: 5, approved: true },
    ])
    const list = await load('/admin/reviews')
    expect(list.reviews.map((review) => review.name)).toEqual(['Jordan S.', 'Jordan S.'])
  })

  const required = 'Please fill in all required fields.'
  test.each([
    [
      'no fields at all',
      { name: undefined, title: undefined, comment: undefined, productId: undefined, rating: undefined },
      400,
      required,
    ],
    ['an empty name', { name: '' }, 400, required],
    ['a blank title', { title: '   ' }, 400, required],
    ['no comment', { comment: undefined }, 400, required],
    ['no product', { productId: '' }, 400, required],
    ['an empty field and a bad rating', { name: '', rating: '9' }, 400, required],
    ['a rating of 0', { rating: '0' }, 400, 'Rating must be a whole number from 1 to 5.'],
    ['a rating of 6', { rating: '6' }, 400, 'Rating must be a whole number from 1 to 5.'],
    ['a fractional rating', { rating: '4.5' }, 400, 'Rating must be a whole number from 1 to 5.'],
    ['a rating that is no number', { rating: 'five' }, 400, 'Rating must be a whole number from 1 to 5.'],
    ['a title that is too long', { title: 'x'.repeat(121) }, 400, 'Title must be at most 120 characters.'],
    ['a name that is too long', { name: 'x'.repeat(101) }, 400, 'Name must be at most 100 characters.'],
    ['a malformed product id', { productId: 'not-a-uuid' }, 404, 'Product not found.'],
    ['an unknown product', { productId: UNKNOWN_ID }, 404, 'Product not found.'],
  ])('a manual review with %s is refused and changes nothing', async (_name, change, status, message) => {
    const before = await everything()
    const form = Object.fromEntries(
      Object.entries({ ...manualForm, productId, ...change }).filter(([, value]) => value !== undefined),
    ) as Record<string, string>
    const answer = await post(form)
    expect(answer).toMatchObject({
      status,
      ok: false,
      intent: 'create',
      toast: { title: 'Error', description: message, variant: 'destructive' },
    })
    // The form posted without JavaScript gets its values back.
    expect(answer.values?.comment).toBe(form.comment ?? '')
    expect(await everything()).toEqual(before)
  })

  test.each([
    ['approve', 'a malformed id', 'not-a-uuid'],
    ['approve', 'an unknown id', UNKNOWN_ID],
    ['approve', 'no id', undefined],
    ['delete', 'a malformed id', "1' or '1'='1"],
    ['delete', 'an unknown id', UNKNOWN_ID],
    ['delete', 'no id', undefined],
  ])('%s with %s is refused and changes nothing', async (intent, _name, reviewId) => {
    await insertReview({ title: 'Waiting', approved: false })
    await post({ ...manualForm, productId })
    const before = await everything()
    const answer = await post(reviewId === undefined ? { intent } : { intent, reviewId })
    expect(answer).toMatchObject({
      status: 404,
      ok: false,
      toast: {
        title: 'Error',
        description: 'Review not found. It may have been deleted already.',
        variant: 'destructive',
      },
    })
    expect(await everything()).toEqual(before)
  })

  test('an unknown intent or a body that is not a form is refused', async () => {
    await insertReview({ title: 'Waiting', approved: false })
    const before = await everything()
    expect(await post({ intent: 'publish-all' })).toMatchObject({ status: 400, ok: false, intent: null })
    expect(await post({})).toMatchObject({ status: 400, toast: { description: 'Unknown request.' } })
    const json = await shop.call(action, { url: '/admin/reviews', body: '{"intent":"approve"' })
    expect(json.status).toBe(400)
    expect(await everything()).toEqual(before)
  })
})

describe('bulk actions', () => {
  const postBulk = post

  test('approves the ticked reviews at once; the product’s rating counts them all', async () => {
    const first = await insertReview({ title: 'One', approved: false })
    const second = await insertReview({ title: 'Two', approved: false })
    await insertReview({ title: 'Three', approved: false })
    expect(
      await postBulk([
        ['intent', 'bulk-approve'],
        ['ids', first],
        ['ids', second],
      ]),
    ).toMatchObject({ status: 200, ok: true, toast: { title: 'Reviews Approved', description: '2 reviews approved.' } })
    const [product] = await shop.db.select().from(products).where(eq(products.id, productId))
    expect(product).toMatchObject({ rating: 4, reviewCount: 2 })
    expect((await load('/admin/reviews?filter=pending')).reviews.map((review) => review.title)).toEqual(['Three'])
  })

  test('deletes every review matching the filter, and only those', async () => {
    await insertReview({ title: 'Kept', approved: true })
    await insertReview({ title: 'Spam one', approved: false })
    await insertReview({ title: 'Spam two', approved: false })
    expect(
      await postBulk([
        ['intent', 'bulk-delete'],
        ['scope', 'all'],
        ['query', 'filter=pending'],
      ]),
    ).toMatchObject({ ok: true, toast: { title: 'Reviews Deleted', description: '2 reviews deleted.' } })
    expect((await everything()).stored.map((review) => review.title)).toEqual(['Kept'])
  })

  test('a selection naming nothing usable is refused and changes nothing', async () => {
    const id = await insertReview({ title: 'Waiting', approved: false })
    const before = await everything()
    for (const entries of [
      [['intent', 'bulk-approve']],
      [
        ['intent', 'bulk-approve'],
        ['ids', 'nope'],
      ],
      [
        ['intent', 'bulk-approve'],
        ['ids', UNKNOWN_ID],
      ],
      [
        ['intent', 'bulk-publish'],
        ['ids', id],
      ],
    ] as [string, string][][]) {
      const answer = await postBulk(entries)
      expect(answer.ok).toBe(false)
      expect([400, 404]).toContain(answer.status)
    }
    expect(await everything()).toEqual(before)
  })
})
