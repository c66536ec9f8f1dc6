import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { action as feedbackAction } from '#app/routes/store/feedback.tsx'
import { action as productReviewAction } from '#app/routes/store/product-detail.tsx'
import { approveReviewAndUpdateRating } from '#app/workflows/approve-review.server.ts'
import { insertProduct, insertUser, ratingOf } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { reviews } from './schema.server.ts'
import { ReviewFormSchema, reviewIssueToast } from './schemas.ts'
import { countApprovedReviews, createReview, listApprovedReviews, productRatingSummary } from './service.server.ts'

const database = testDatabaseForFile()
let userId = ''
let productId = ''
let otherProductId = ''

beforeAll(async () => {
  const { db } = database
  userId = (await insertUser(db, { email: 'maria@example.com', name: 'Maria Garcia' })).id
  productId = (await insertProduct(db, { title: 'Bike Phone Mount' })).id
  otherProductId = (await insertProduct(db, { title: 'Tablet Case' })).id
})

const review = (rating: number, title: string) => ({
  productId,
  userId,
  name: 'Maria Garcia',
  rating,
  title,
  comment: 'Sturdy print, fits my handlebar.',
})

describe('a new review', () => {
  test('is stored unapproved and unverified, and is not listed until approved', async () => {
    const approvedBefore = await countApprovedReviews()
    const { id } = await createReview(review(5, 'Waiting for approval'))
    const [stored] = await database.db.select().from(reviews).where(eq(reviews.id, id))
    expect(stored).toMatchObject({ productId, userId, name: 'Maria Garcia', approved: false, verified: false })
    expect((await listApprovedReviews()).map((row) => row.id)).not.toContain(id)
    expect((await listApprovedReviews({ productId })).map((row) => row.id)).not.toContain(id)
    expect(await countApprovedReviews()).toBe(approvedBefore)
    expect(await ratingOf(database.db, productId)).toEqual({ rating: 0, reviewCount: 0 })

    await approveReviewAndUpdateRating(id)
    expect((await listApprovedReviews({ productId })).map((row) => row.id)).toContain(id)
    expect(await countApprovedReviews()).toBe(approvedBefore + 1)
  })

  test('a general shop review has no product and is listed once approved', async () => {
    const { id } = await createReview({ ...review(4, 'Great shop'), productId: null, name: '' })
    expect((await listApprovedReviews()).map((row) => row.id)).not.toContain(id)
    expect(await approveReviewAndUpdateRating(id)).toEqual({ productId: null, summary: null })
    const listed = (await listApprovedReviews()).find((row) => row.id === id)
    expect(listed).toMatchObject({ productId: null, name: '', rating: 4 })
  })
})

describe('approveReviewAndUpdateRating', () => {
  test("sets the product's rating and count to the average and count of its approved reviews", async () => {
    const { db } = database
    await db.delete(reviews).where(eq(reviews.productId, otherProductId))
    const four = await createReview({ ...review(4, 'Good'), productId: otherProductId })
    const five = await createReview({ ...review(5, 'Excellent'), productId: otherProductId })
    const alsoFour = await createReview({ ...review(4, 'Solid'), productId: otherProductId })
    await createReview({ ...review(1, 'Never approved'), productId: otherProductId })

    expect(await approveReviewAndUpdateRating(four.id)).toEqual({
      productId: otherProductId,
      summary: { rating: 4, reviewCount: 1 },
    })
    expect(await ratingOf(database.db, otherProductId)).toEqual({ rating: 4, reviewCount: 1 })

    await approveReviewAndUpdateRating(five.id)
    expect(await ratingOf(database.db, otherProductId)).toEqual({ rating: 4.5, reviewCount: 2 })

    await approveReviewAndUpdateRating(alsoFour.id)
    // (4 + 5 + 4) / 3 = 4.33…, kept to one decimal; the unapproved 1-star review does not count.
    expect(await ratingOf(database.db, otherProductId)).toEqual({ rating: 4.3, reviewCount: 3 })
    expect(await productRatingSummary(otherProductId)).toEqual({ rating: 4.3, reviewCount: 3 })
  })

  test('approving twice changes nothing; other products keep their own numbers', async () => {
    const before = await ratingOf(database.db, productId)
    const { id } = await createReview({ ...review(2, 'Meh'), productId: otherProductId })
    await approveReviewAndUpdateRating(id)
    const after = await ratingOf(database.db, otherProductId)
    await approveReviewAndUpdateRating(id)
    expect(await ratingOf(database.db, otherProductId)).toEqual(after)
    expect(await ratingOf(database.db, productId)).toEqual(before)
  })

  test('an unknown or malformed review id approves nothing', async () => {
    expect(await approveReviewAndUpdateRating('00000000-0000-4000-8000-000000000000')).toBeNull()
    expect(await approveReviewAndUpdateRating('not-a-uuid')).toBeNull()
  })

  test('a product without approved reviews sums up to 0 and 0', async () => {
    const lonely = await insertProduct(database.db, { title: 'New' })
    expect(await productRatingSummary(lonely.id)).toEqual({ rating: 0, reviewCount: 0 })
    expect(await productRatingSummary('not-a-uuid')).toEqual({ rating: 0, reviewCount: 0 })
  })
})

describe('ReviewFormSchema', () => {
  const valid = { rating: '4', title: 'Fits perfectly', comment: 'Printed cleanly and arrived fast.' }
  const problem = (input: Record<string, unknown>) => {
    const parsed = ReviewFormSchema.safeParse(input)
    if (parsed.success) throw new Error(`accepted ${JSON.stringify(input)}`)
    const { title, description } = reviewIssueToast(parsed.error)
    return { title, description }
  }
  const ratingRequired = { title: 'Rating required', description: 'Please select a star rating.' }
  const fieldsRequired = { title: 'Fields required', description: 'Please fill out all fields.' }

  test('accepts a rating of 1 to 5 with a title and a comment, trimmed', () => {
    expect(ReviewFormSchema.parse({ ...valid, title: '  Fits perfectly ' })).toEqual({
      rating: 4,
      title: 'Fits perfectly',
      comment: 'Printed cleanly and arrived fast.',
    })
    expect(ReviewFormSchema.parse({ ...valid, rating: 1 }).rating).toBe(1)
    expect(ReviewFormSchema.parse({ ...valid, rating: '5', productId }).productId).toBe(productId)
  })

  test.each([
    ['0', '0'],
    ['0 as a number', 0],
    ['6', '6'],
    ['missing', undefined],
    ['empty', ''],
    ['not a number', 'five'],
    ['a fraction', '4.5'],
  ])('a rating that is %s is "Rating required"', (_name, rating) => {
    expect(problem({ ...valid, rating })).toEqual(ratingRequired)
  })

  test('the rating is checked first, as the form does', () => {
    expect(problem({})).toEqual(ratingRequired)
  })

  test.each([
    ['an empty title', { title: '' }],
    ['a blank title', { title: '   ' }],
    ['a missing title', { title: undefined }],
    ['an empty comment', { comment: '' }],
    ['a missing comment', { comment: undefined }],
  ])('%s is "Fields required"', (_name, change) => {
    expect(problem({ ...valid, ...change })).toEqual(fieldsRequired)
  })

  test('a title or comment over the limit is refused with the limit', () => {
    expect(problem({ ...valid, title: 'x'.repeat(121) }).description).toBe('Title must be at most 120 characters.')
    expect(problem({ ...valid, comment: 'x'.repeat(2001) }).description).toBe(
      'Comment must be at most 2000 characters.',
    )
    expect(ReviewFormSchema.safeParse({ ...valid, title: 'x'.repeat(120) }).success).toBe(true)
  })

  test('a malformed product id is refused', () => {
    expect(ReviewFormSchema.safeParse({ ...valid, productId: 'not-a-uuid' }).success).toBe(false)
  })
})

describe('only signed-in users may review', () => {
  const form = { rating: '5', title: 'Sneaky', comment: 'Posted without an account.' }
  const post = (path: string) =>
    new Request(`http://localhost:3000${path}`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000' },
      body: new URLSearchParams(form),
    })
  const loginFor = (path: string) => `/auth?tab=login&redirectTo=${encodeURIComponent(path)}`

  async function thrownBy(run: () => Promise<unknown>) {
    try {
      await run()
    } catch (thrown) {
      return thrown
    }
    throw new Error('the action did not refuse the visitor')
  }

  async function expectSentToLogin(action: (args: never) => Promise<unknown>, path: string, params = {}) {
    const before = await database.db.select({ id: reviews.id }).from(reviews)
    const args = { request: post(path), params, context: {} }
    const response = (await thrownBy(() => action(args as never))) as Response
    expect(response).toBeInstanceOf(Response)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(loginFor(path))
    expect(await database.db.select({ id: reviews.id }).from(reviews)).toHaveLength(before.length)
  }

  test('a visitor posting a product review is sent to log in and nothing is stored', async () => {
    await expectSentToLogin(productReviewAction, `/products/${productId}`, { productId })
  })

  test('a visitor posting on the reviews page is sent to log in and nothing is stored', async () => {
    await expectSentToLogin(feedbackAction, '/feedback')
  })
})
