import { beforeAll, describe, expect, test } from 'vitest'
import { reviews } from '#app/modules/reviews/schema.server.ts'
import { insertProduct } from '#tests/factories/shop-records.ts'
import { callRoute } from '#tests/setup/route-calls.ts'
import { signedInTest } from '#tests/setup/signed-in-test.ts'
import { action as feedbackAction } from './feedback.tsx'
import { action as productAction } from './product-detail.tsx'

// 'Leave a Review' on the reviews page and on a product page (storefront §4, §5): the first
// problem is the toast, with the specification's title, and each field's problem comes back by
// its name for the form to show beside the field.

const { database, account: casey } = signedInTest('casey@example.com')
let productId = ''

beforeAll(async () => {
  productId = (await insertProduct(database.db, { title: 'Bike Phone Mount' })).id
})

const feedback = (form: Record<string, string>) =>
  callRoute(feedbackAction, { url: '/feedback', form, cookie: casey.cookie })

describe('a refused review', () => {
  test('names every field at fault; the rating comes first, with its own title', async () => {
    const outcome = await feedback({ title: '   ', comment: '' })
    expect(outcome).toMatchObject({
      status: 400,
      data: {
        ok: false,
        toast: { title: 'Rating required', description: 'Please select a star rating.', variant: 'destructive' },
        fieldErrors: {
          rating: 'Please select a star rating.',
          title: 'Please fill out all fields.',
          comment: 'Please fill out all fields.',
        },
      },
    })
    expect(await database.db.select().from(reviews)).toEqual([])
  })

  test('a field too long or with a control character is named by itself', async () => {
    const outcome = await feedback({ rating: '4', title: 'Great', comment: `Solid${String.fromCharCode(7)} print.` })
    expect(outcome).toMatchObject({
      status: 400,
      data: {
        toast: { title: 'Review not saved', description: 'Comment contains a character that is not allowed.' },
        fieldErrors: { comment: 'Comment contains a character that is not allowed.' },
      },
    })
    expect(Object.keys((outcome.data as { fieldErrors: object }).fieldErrors)).toEqual(['comment'])
  })

  test('on a product page the same, and an unknown product is Product not found', async () => {
    const post = (id: string, form: Record<string, string>) =>
      callRoute(productAction, { url: `/products/${id}`, params: { productId: id }, form, cookie: casey.cookie })
    expect(await post(productId, { rating: '5', title: 'x'.repeat(121), comment: 'Fits.' })).toMatchObject({
      status: 400,
      data: {
        toast: { title: 'Review too long', description: 'Title must be at most 120 characters.' },
        fieldErrors: { title: 'Title must be at most 120 characters.' },
      },
    })
    expect(await post(crypto.randomUUID(), { rating: '5', title: 'Great', comment: 'Fits.' })).toMatchObject({
      status: 404,
      data: { ok: false, toast: { title: 'Product not found' } },
    })
    expect(await database.db.select().from(reviews)).toEqual([])
  })

  test('a good review is stored, waiting for approval', async () => {
    expect(await feedback({ rating: '5', title: 'Great', comment: 'Solid print.' })).toMatchObject({
      status: 200,
      data: { ok: true, toast: { title: 'Review Submitted!', variant: 'success' } },
    })
    expect(await database.db.select().from(reviews)).toMatchObject([{ approved: false, title: 'Great' }])
  })
})
