import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { setProductStatus } from '#app/modules/catalog/index.server.ts'
import { products } from '#app/modules/catalog/schema.server.ts'
import { createNewsUpdate } from '#app/modules/content/index.server.ts'
import { reviews } from '#app/modules/reviews/schema.server.ts'
import { onPublicChange } from '#app/utils/public-change.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { approveReviewAndUpdateRating } from './approve-review.server.ts'

// The page cache is dropped by these announcements only (decision 016): each write visitors can see
// must make one, once it is committed; a write inside a caller's transaction leaves it to the caller.

let database: TestDatabase
let productId = ''
const announced: string[] = []
const stopListening = onPublicChange((reason) => announced.push(reason))

beforeAll(async () => {
  database = await createTestDatabase()
  const [product] = await database.db.insert(products).values({ title: 'Bike Phone Mount' }).returning()
  productId = product.id
})
afterEach(() => {
  announced.length = 0
})
afterAll(async () => {
  stopListening()
  await database?.close()
})

describe('changes visitors see are announced', () => {
  test('a catalog or content write announces itself once it is saved', async () => {
    expect(await setProductStatus(productId, 'hidden')).toBe(true)
    await createNewsUpdate({ title: 'TPU is here', content: 'Flexible parts.', image: '' })
    expect(announced).toEqual(['product status changed', 'news update added'])
  })

  test('inside a transaction, the write leaves the announcement to the caller', async () => {
    await database.db.transaction((tx) => setProductStatus(productId, 'visible', tx))
    expect(announced).toEqual([])
  })

  test('a review is announced when it is approved, not when it is written', async () => {
    const [pending] = await database.db
      .insert(reviews)
      .values({ productId, name: 'Ada', rating: 5, title: 'Great', comment: 'Sturdy.', approved: false })
      .returning({ id: reviews.id })
    expect(announced).toEqual([])
    await approveReviewAndUpdateRating(pending.id)
    expect(announced).toEqual(['review approved'])
  })

  test('nothing is announced when nothing changed', async () => {
    expect(await setProductStatus('00000000-0000-4000-8000-000000000000', 'hidden')).toBe(false)
    expect(await approveReviewAndUpdateRating('00000000-0000-4000-8000-000000000000')).toBeNull()
    expect(announced).toEqual([])
  })
})
