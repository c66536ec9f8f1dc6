import { beforeAll, describe, expect, test } from 'vitest'
import { insertProduct, insertReview } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { countApprovedReviews, countReviews, listApprovedReviews, listReviews } from './service.server.ts'

const database = testDatabaseForFile()
let productId = ''
let otherProductId = ''

beforeAll(async () => {
  const { db } = database
  productId = (await insertProduct(db, { title: 'Bike Phone Mount' })).id
  otherProductId = (await insertProduct(db, { title: 'Tablet Case' })).id
  const review = { rating: 5, comment: 'Great print quality.', approved: true, productId }
  await insertReview(db, { ...review, title: 'Old', name: 'Maria Garcia', createdAt: new Date('2024-01-01') })
  await insertReview(db, { ...review, title: 'Newest', name: 'Sam Lee', createdAt: new Date('2024-03-01') })
  await insertReview(db, {
    ...review,
    title: 'Pending',
    name: 'Spam Bot',
    approved: false,
    createdAt: new Date('2024-04-01'),
  })
  await insertReview(db, {
    ...review,
    productId: otherProductId,
    title: 'Other',
    name: '',
    createdAt: new Date('2024-02-01'),
  })
  await insertReview(db, {
    ...review,
    productId: null,
    title: 'General',
    name: '',
    rating: 4,
    createdAt: new Date('2024-02-15'),
  })
})

describe('listApprovedReviews', () => {
  test('lists approved reviews of every product and general ones, newest first', async () => {
    const list = await listApprovedReviews()
    expect(list.map((review) => review.title)).toEqual(['Newest', 'General', 'Other', 'Old'])
    expect(list[0]).toMatchObject({ productId, name: 'Sam Lee', rating: 5, comment: 'Great print quality.' })
    expect(list[0].createdAt).toBeInstanceOf(Date)
  })

  test('never returns reviews waiting for approval', async () => {
    const titles = (await listApprovedReviews({ productId })).map((review) => review.title)
    expect(titles).toEqual(['Newest', 'Old'])
    expect(titles).not.toContain('Pending')
  })

  test('filters by product and honours the limit', async () => {
    expect((await listApprovedReviews({ productId: otherProductId })).map((review) => review.title)).toEqual(['Other'])
    expect(await listApprovedReviews({ limit: 2 })).toHaveLength(2)
  })

  test('is empty for a malformed or unknown product id', async () => {
    expect(await listApprovedReviews({ productId: 'not-a-uuid' })).toEqual([])
    expect(await listApprovedReviews({ productId: '00000000-0000-4000-8000-000000000000' })).toEqual([])
  })
})

describe('countApprovedReviews', () => {
  test('counts approved reviews only', async () => {
    expect(await countApprovedReviews()).toBe(4)
  })
})

describe('listReviews (back-office)', () => {
  test('lists reviews of every status, newest first, with whether they are approved', async () => {
    const list = await listReviews()
    expect(list.map((review) => [review.title, review.approved])).toEqual([
      ['Pending', false],
      ['Newest', true],
      ['General', true],
      ['Other', true],
      ['Old', true],
    ])
    expect(list[0]).toMatchObject({ productId, name: 'Spam Bot', rating: 5, comment: 'Great print quality.' })
    expect(list.find((review) => review.title === 'General')?.productId).toBeNull()
  })

  test('filters by pending and approved', async () => {
    expect((await listReviews({ filter: 'pending' })).map((review) => review.title)).toEqual(['Pending'])
    expect((await listReviews({ filter: 'approved' })).map((review) => review.title)).toEqual([
      'Newest',
      'General',
      'Other',
      'Old',
    ])
    expect((await listReviews({ filter: 'all' })).map((review) => review.title)).toHaveLength(5)
  })

  test('pages with limit and offset', async () => {
    expect((await listReviews({ filter: 'approved', limit: 2 })).map((review) => review.title)).toEqual([
      'Newest',
      'General',
    ])
    expect((await listReviews({ filter: 'approved', limit: 2, offset: 2 })).map((review) => review.title)).toEqual([
      'Other',
      'Old',
    ])
    expect(await listReviews({ limit: 10, offset: 50 })).toEqual([])
  })

  test('countReviews counts each filter', async () => {
    expect(await countReviews()).toEqual({ all: 5, pending: 1, approved: 4 })
  })
})
