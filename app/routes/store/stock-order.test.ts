import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { loader as homeLoader } from './home.tsx'
import { loader as productsLoader } from './products.tsx'
import { loader as searchLoader } from './search.tsx'

// The shop never pushes a product nobody can buy: the home page features only products in stock,
// and lists put those out of stock after the others.

let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
  // Newest first would put the out-of-stock ones first.
  await database.db.insert(products).values([
    { title: 'Sold Out Mount', stockQuantity: 0, createdAt: new Date('2024-01-05') },
    { title: 'Sold Out Case', stockQuantity: 0, createdAt: new Date('2024-01-04') },
    { title: 'Bike Mount', stockQuantity: 5, createdAt: new Date('2024-01-03') },
    { title: 'Desk Mount', stockQuantity: 1, createdAt: new Date('2024-01-02') },
    { title: 'Hidden Mount', status: 'hidden', stockQuantity: 9, createdAt: new Date('2024-01-06') },
    { title: 'Wall Mount', stockQuantity: 2, createdAt: new Date('2024-01-01') },
  ])
})

afterAll(async () => {
  await database?.close()
})

const args = (url: string) =>
  ({ request: new Request(`http://localhost:3000${url}`), params: {}, context: {} }) as never

describe('storefront lists and stock', () => {
  test('the home page features the three newest products in stock only', async () => {
    const { products: featured } = await homeLoader()
    expect(featured.map((product) => product.title)).toEqual(['Bike Mount', 'Desk Mount', 'Wall Mount'])
  })

  test('/products lists products in stock first, newest first, then those out of stock', async () => {
    const { products: listed } = await productsLoader(args('/products'))
    expect(listed.map((product) => [product.title, product.stockQuantity])).toEqual([
      ['Bike Mount', 5],
      ['Desk Mount', 1],
      ['Wall Mount', 2],
      ['Sold Out Mount', 0],
      ['Sold Out Case', 0],
    ])
  })

  test('search results put products in stock first', async () => {
    const { products: found } = await searchLoader(args('/search?q=mount'))
    expect(found.map((product) => product.title)).toEqual(['Bike Mount', 'Desk Mount', 'Wall Mount', 'Sold Out Mount'])
  })
})
