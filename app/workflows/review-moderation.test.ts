import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import { listApprovedReviews, productRatingSummary } from '#app/modules/reviews/index.server.ts'
import { reviews } from '#app/modules/reviews/schema.server.ts'
import { ratingOf, reviewsAndRatings } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { addManualReviewAndUpdateRating } from './add-manual-review.server.ts'
import { approveReviewAndUpdateRating } from './approve-review.server.ts'
import { deleteReviewAndUpdateRating } from './delete-review.server.ts'

const database = testDatabaseForFile()
let productId = ''
let otherProductId = ''
const unknownId = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  const [product, other] = await database.db
    .insert(products)
    .values([{ title: 'Bike Phone Mount' }, { title: 'Tablet Case', rating: 4, reviewCount: 7 }])
    .returning({ id: products.id })
  productId = product.id
  otherProductId = other.id
})

beforeEach(async () => {
  await database.db.delete(reviews).where(eq(reviews.productId, productId))
  await database.db.update(products).set({ rating: 0, reviewCount: 0 }).where(eq(products.id, productId))
})

const everything = () => reviewsAndRatings(database.db)

const manual = (rating: number, title = 'Sent by e-mail') => ({
  productId,
  name: 'Maria Garcia',
  rating,
  title,
  comment: 'Told us at the market stall.',
})

/** A review waiting for approval, as a customer leaves it. */
async function pending(rating: number, { approved = false, id = productId as string | null } = {}) {
  const [row] = await database.db
    .insert(reviews)
    .values({ productId: id, name: 'Sam Lee', rating, title: 'Pending', comment: 'Nice print.', approved })
    .returning({ id: reviews.id })
  return row
}

describe('addManualReviewAndUpdateRating', () => {
  test('stores the review approved, unverified and without an account, and updates the product', async () => {
    const added = await addManualReviewAndUpdateRating(manual(4))
    expect(added).toMatchObject({ ok: true, summary: { rating: 4, reviewCount: 1 } })
    if (!added.ok) throw new Error('not added')
    const [stored] = await database.db.select().from(reviews).where(eq(reviews.id, added.id))
    expect(stored).toMatchObject({
      productId,
      name: 'Maria Garcia',
      rating: 4,
      approved: true,
      verified: false,
      userId: null,
    })
    expect(await ratingOf(database.db, productId)).toEqual({ rating: 4, reviewCount: 1 })
    expect((await listApprovedReviews({ productId })).map((review) => review.id)).toEqual([added.id])

    await addManualReviewAndUpdateRating(manual(5, 'Second'))
    expect(await ratingOf(database.db, productId)).toEqual({ rating: 4.5, reviewCount: 2 })
  })

  test('counts approved reviews only, and leaves other products alone', async () => {
    await pending(1)
    await addManualReviewAndUpdateRating(manual(5))
    expect(await ratingOf(database.db, productId)).toEqual({ rating: 5, reviewCount: 1 })
    expect(await ratingOf(database.db, otherProductId)).toEqual({ rating: 4, reviewCount: 7 })
  })

  test('an unknown or malformed product stores nothing', async () => {
    const before = await everything()
    expect(await addManualReviewAndUpdateRating({ ...manual(5), productId: unknownId })).toEqual({
      ok: false,
      reason: 'no-product',
    })
    expect(await addManualReviewAndUpdateRating({ ...manual(5), productId: 'not-a-uuid' })).toEqual({
      ok: false,
      reason: 'no-product',
    })
    expect(await everything()).toEqual(before)
  })
})

describe('deleteReviewAndUpdateRating', () => {
  test('deleting an approved review recounts its product without it', async () => {
    const five = await addManualReviewAndUpdateRating(manual(5))
    await addManualReviewAndUpdateRating(manual(3))
    expect(await ratingOf(database.db, productId)).toEqual({ rating: 4, reviewCount: 2 })
    if (!five.ok) throw new Error('not added')

    expect(await deleteReviewAndUpdateRating(five.id)).toEqual({
      productId,
      approved: true,
      summary: { rating: 3, reviewCount: 1 },
    })
    expect(await ratingOf(database.db, productId)).toEqual({ rating: 3, reviewCount: 1 })
    expect(await database.db.select().from(reviews).where(eq(reviews.id, five.id))).toEqual([])
  })

  test('deleting the last approved review brings the product back to 0 and 0', async () => {
    const only = await addManualReviewAndUpdateRating(manual(2))
    if (!only.ok) throw new Error('not added')
    await deleteReviewAndUpdateRating(only.id)
    expect(await ratingOf(database.db, productId)).toEqual({ rating: 0, reviewCount: 0 })
  })

  test('deleting a pending review leaves the rating as it is', async () => {
    await addManualReviewAndUpdateRating(manual(4))
    const waiting = await pending(1)
    expect(await deleteReviewAndUpdateRating(waiting.id)).toEqual({ productId, approved: false, summary: null })
    expect(await ratingOf(database.db, productId)).toEqual({ rating: 4, reviewCount: 1 })
  })

  test('a general shop review is deleted without touching any product', async () => {
    const before = (await everything()).catalog
    const general = await pending(5, { approved: true, id: null })
    expect(await deleteReviewAndUpdateRating(general.id)).toEqual({ productId: null, approved: true, summary: null })
    expect((await everything()).catalog).toEqual(before)
  })

  test('an unknown or malformed review id deletes nothing', async () => {
    await addManualReviewAndUpdateRating(manual(4))
    const before = await everything()
    expect(await deleteReviewAndUpdateRating(unknownId)).toBeNull()
    expect(await deleteReviewAndUpdateRating('not-a-uuid')).toBeNull()
    expect(await deleteReviewAndUpdateRating('')).toBeNull()
    expect(await everything()).toEqual(before)
  })

  test('deleting twice finds nothing the second time', async () => {
    const added = await addManualReviewAndUpdateRating(manual(4))
    if (!added.ok) throw new Error('not added')
    expect(await deleteReviewAndUpdateRating(added.id)).not.toBeNull()
    expect(await deleteReviewAndUpdateRating(added.id)).toBeNull()
  })
})

describe('approvals and deletions at once', () => {
  test("the product's summary always matches its approved reviews", async () => {
    const approvedAlready = await Promise.all([5, 4, 3].map((rating) => addManualReviewAndUpdateRating(manual(rating))))
    const waiting = await Promise.all([1, 2, 5, 4].map((rating) => pending(rating)))
    await Promise.all([
      ...waiting.map((review) => approveReviewAndUpdateRating(review.id)),
      ...approvedAlready.map((review) => (review.ok ? deleteReviewAndUpdateRating(review.id) : null)),
    ])
    // Left: the four approved ones, 1 + 2 + 5 + 4 = 12 over 4.
    expect(await ratingOf(database.db, productId)).toEqual({ rating: 3, reviewCount: 4 })
    expect(await productRatingSummary(productId)).toEqual({ rating: 3, reviewCount: 4 })
  })
})
