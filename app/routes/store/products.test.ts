import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PRODUCT_PAGE_SIZE } from '#app/modules/catalog/index.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { insertProduct, insertProductCategory } from '#tests/factories/shop-records.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { meta, loader as productsLoader } from './products.tsx'
import { loader as testProductsLoader } from './test-products.tsx'

let database: TestDatabase
let cases = ''
const COUNT = PRODUCT_PAGE_SIZE + 6
// Every product but each sixth is a case: one more than a page.
const CASES = COUNT - COUNT / 6

beforeAll(async () => {
  database = await createTestDatabase()
  const { db } = database
  cases = (await insertProductCategory(db, { name: 'Device Cases', position: 0 })).id
  for (let index = 0; index < COUNT; index++) {
    await insertProduct(db, {
      title: `Case ${String(index).padStart(2, '0')}`,
      categoryId: index % 6 === 0 ? null : cases,
      priceCents: 1000 + index,
      stockQuantity: 5,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)),
    })
  }
  await insertProduct(db, { title: 'Hidden Case', status: 'hidden', categoryId: cases })
})

afterAll(async () => {
  await database?.close()
})

function products(search = '') {
  const request = new Request(`http://localhost/products${search}`)
  return productsLoader({ request, params: {}, context: {} } as never)
}

function testProducts(search = '') {
  const request = new Request(`http://localhost/test-products${search}`)
  return testProductsLoader({ request, params: {}, context: {} } as never)
}

const base = () => getEnv().PUBLIC_URL

describe('/products', () => {
  test('the first page: a full grid, a Next link with its cursor, no Previous, itself as canonical', async () => {
    const data = await products()
    expect(data.products).toHaveLength(PRODUCT_PAGE_SIZE)
    expect(data.products[0]?.title).toBe(`Case ${COUNT - 1}`)
    expect(data.sort).toBe('newest')
    expect(data.previousHref).toBeNull()
    expect(data.nextHref).toMatch(/^\/products\?after=[\w-]+$/)
    expect(data.canonicalUrl).toBe(`${base()}/products`)
  })

  test('Next and Previous keep the sort and the category; each page is its own canonical', async () => {
    const first = await products(`?category=${cases}&sort=price-desc`)
    expect(first.activeCategory?.id).toBe(cases)
    expect(first.products.map((product) => product.priceCents)).toEqual(
      [...first.products.map((product) => product.priceCents)].sort((a, b) => b - a),
    )
    const nextHref = first.nextHref ?? ''
    expect(nextHref).toMatch(new RegExp(`^/products\\?category=${cases}&sort=price-desc&after=[\\w-]+$`))
    const second = await products(nextHref.slice('/products'.length))
    expect(second.products).toHaveLength(CASES - PRODUCT_PAGE_SIZE)
    expect(second.activeCategory?.id).toBe(cases)
    expect(second.canonicalUrl).toBe(`${base()}${nextHref}`)
    expect(second.previousHref).toMatch(new RegExp(`^/products\\?category=${cases}&sort=price-desc&before=[\\w-]+$`))
  })

  test('pages of the whole list meet, and the page tags name the neighbours', async () => {
    const first = await products('?sort=price-asc')
    const second = await products((first.nextHref ?? '').slice('/products'.length))
    expect(second.products).toHaveLength(COUNT - PRODUCT_PAGE_SIZE)
    expect(second.products[0]?.priceCents).toBe(1000 + PRODUCT_PAGE_SIZE)
    expect(second.nextHref).toBeNull()
    const back = await products((second.previousHref ?? '').slice('/products'.length))
    expect(back.products).toEqual(first.products)
    // Reached backwards, the first page is the list's address.
    expect(back.canonicalUrl).toBe(`${base()}/products?sort=price-asc`)
    expect(back.previousHref).toBeNull()

    const tags = meta({ loaderData: second } as never)
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: second.canonicalUrl })
    expect(tags).toContainEqual({ tagName: 'link', rel: 'prev', href: `${base()}${second.previousHref}` })
    expect(tags.some((tag) => 'rel' in tag && tag.rel === 'next')).toBe(false)
  })

  test('an unknown sort or category and a malformed cursor read the first page of the default list', async () => {
    const first = await products()
    for (const search of [
      '?sort=cheapest',
      '?category=not-a-uuid',
      '?category=00000000-0000-4000-8000-000000000000',
      '?after=%%%',
      '?after=bm90IGpzb24',
      '?before=eyJ4IjoxfQ',
      `?after=${'A'.repeat(3000)}`,
      '?after=1&before=2',
    ]) {
      const data = await products(search)
      expect(
        data.products.map((product) => product.id),
        search,
      ).toEqual(first.products.map((product) => product.id))
      expect(data.previousHref, search).toBeNull()
      expect(data.canonicalUrl, search).toBe(`${base()}/products`)
    }
  })

  test('hidden products are never listed', async () => {
    const titles: string[] = []
    let search = `?category=${cases}`
    while (search) {
      const data = await products(search)
      titles.push(...data.products.map((product) => product.title))
      search = data.nextHref?.slice('/products'.length) ?? ''
    }
    expect(titles).toHaveLength(CASES)
    expect(titles).not.toContain('Hidden Case')
  })
})

describe('/test-products', () => {
  test('lists by title a page at a time, with a malformed cursor reading the first page', async () => {
    const first = await testProducts()
    expect(first.products.map((product) => product.title)).toEqual(
      Array.from({ length: COUNT }, (_, index) => `Case ${String(index).padStart(2, '0')}`),
    )
    expect(first.nextHref).toBeNull()
    expect(first.previousHref).toBeNull()
    expect((await testProducts('?after=garbage')).products).toEqual(first.products)
  })
})
