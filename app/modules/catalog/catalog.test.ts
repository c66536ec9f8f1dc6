import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { postgresErrorOf } from '#app/utils/postgres-error.server.ts'
import { insertProduct, insertProductCategory, insertShippingCategory } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { products } from './schema.server.ts'
import {
  findProductOptionByName,
  listProductCategories,
  listProductOptionsByIds,
  listProductsByIds,
  listVisibleProducts,
  retrieveProduct,
  searchProductOptions,
  searchProducts,
} from './service.server.ts'

const database = testDatabaseForFile()
const ids = { mounts: '', cases: '', mount: '', hiddenMount: '', archivedCase: '', sale: '', fifty: '' }

beforeAll(async () => {
  const { db } = database
  const mounts = await insertProductCategory(db, { name: 'Phone Mounts', position: 0 })
  const cases = await insertProductCategory(db, { name: 'Device Cases', position: 1 })
  ids.mounts = mounts.id
  ids.cases = cases.id
  const product = async (fields: Parameters<typeof insertProduct>[1]) => (await insertProduct(db, fields)).id
  ids.mount = await product({
    title: 'Bike Phone Mount',
    categoryId: mounts.id,
    priceCents: 1500,
    createdAt: new Date('2024-01-03'),
  })
  ids.hiddenMount = await product({ title: 'Secret Mount', categoryId: mounts.id, status: 'hidden', priceCents: 900 })
  ids.archivedCase = await product({
    title: 'Old Tablet Case',
    categoryId: cases.id,
    status: 'archived',
    priceCents: 2000,
  })
  ids.sale = await product({
    title: 'Sale Case 50% off',
    categoryId: cases.id,
    priceCents: 1200,
    createdAt: new Date('2024-01-02'),
  })
  ids.fifty = await product({
    title: 'Case 500 pack',
    categoryId: cases.id,
    priceCents: 4000,
    createdAt: new Date('2024-01-01'),
  })
})

describe('listVisibleProducts', () => {
  test('lists only visible products, newest first', async () => {
    const list = await listVisibleProducts()
    expect(list.map((product) => product.title)).toEqual(['Bike Phone Mount', 'Sale Case 50% off', 'Case 500 pack'])
  })

  test('filters by category', async () => {
    expect((await listVisibleProducts({ categoryId: ids.mounts })).map((product) => product.id)).toEqual([ids.mount])
    expect((await listVisibleProducts({ categoryId: ids.cases })).map((product) => product.id)).toEqual([
      ids.sale,
      ids.fifty,
    ])
  })

  test('respects the limit', async () => {
    expect(await listVisibleProducts({ limit: 1 })).toHaveLength(1)
  })
})

describe('retrieveProduct', () => {
  test('finds a product by id whatever its status', async () => {
    expect((await retrieveProduct(ids.mount))?.title).toBe('Bike Phone Mount')
    expect((await retrieveProduct(ids.hiddenMount))?.status).toBe('hidden')
  })

  test('is null for an unknown or malformed id', async () => {
    expect(await retrieveProduct('00000000-0000-4000-8000-000000000000')).toBeNull()
    expect(await retrieveProduct('not-a-uuid')).toBeNull()
    expect(await retrieveProduct("1' or '1'='1")).toBeNull()
  })
})

describe('listProductsByIds', () => {
  test('returns the products of the ids in one call, whatever their status, as retrieveProduct does, with the shipping category', async () => {
    const list = await listProductsByIds([ids.mount, ids.hiddenMount, ids.archivedCase])
    expect(list.map((product) => product.id).sort()).toEqual([ids.mount, ids.hiddenMount, ids.archivedCase].sort())
    const { shippingCategoryId, ...mount } = list.find((product) => product.id === ids.mount) ?? {}
    expect(mount).toEqual(await retrieveProduct(ids.mount))
    // The cart prices shipping by it.
    const heavy = await insertShippingCategory(database.db, { name: 'Heavy' })
    await database.db.update(products).set({ shippingCategoryId: heavy.id }).where(eq(products.id, ids.mount))
    expect(shippingCategoryId).toBeNull()
    expect((await listProductsByIds([ids.mount]))[0].shippingCategoryId).toBe(heavy.id)
  })

  test('ignores unknown, malformed and repeated ids', async () => {
    const list = await listProductsByIds([
      ids.sale,
      ids.sale,
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      "1' or '1'='1",
      '',
    ])
    expect(list.map((product) => product.id)).toEqual([ids.sale])
  })

  test('is empty for no ids or only malformed ones', async () => {
    expect(await listProductsByIds([])).toEqual([])
    expect(await listProductsByIds(['abc', 'p-mount'])).toEqual([])
  })
})

describe('searchProducts', () => {
  test('matches titles case-insensitively, visible products only', async () => {
    expect((await searchProducts({ text: 'MOUNT' })).map((product) => product.id)).toEqual([ids.mount])
    expect((await searchProducts({ text: 'case' })).map((product) => product.title)).toEqual([
      'Case 500 pack',
      'Sale Case 50% off',
    ])
  })

  test('treats LIKE wildcards literally', async () => {
    expect((await searchProducts({ text: '50%' })).map((product) => product.id)).toEqual([ids.sale])
    expect(await searchProducts({ text: '_ike' })).toEqual([])
    expect(await searchProducts({ text: '\\' })).toEqual([])
  })

  test('returns nothing for blank text and honours the limit', async () => {
    expect(await searchProducts({ text: '   ' })).toEqual([])
    expect(await searchProducts({ text: 'a', limit: 1 })).toHaveLength(1)
  })

  test('lists the products in stock first, each group by title', async () => {
    const { db } = database
    const added = [
      await insertProduct(db, { title: 'Gizmo Alpha', stockQuantity: 0 }),
      await insertProduct(db, { title: 'Gizmo Gamma', stockQuantity: 1 }),
      await insertProduct(db, { title: 'Gizmo Beta', stockQuantity: 3 }),
    ]
    try {
      expect((await searchProducts({ text: 'gizmo' })).map((product) => product.title)).toEqual([
        'Gizmo Beta',
        'Gizmo Gamma',
        'Gizmo Alpha',
      ])
    } finally {
      await db.delete(products).where(
        inArray(
          products.id,
          added.map((product) => product.id),
        ),
      )
    }
  })
})

describe('the back-office product pickers', () => {
  test('search titles of any status, a title starting with the text first, then the newest', async () => {
    const mounts = await searchProductOptions({ text: 'mount' })
    expect(mounts.map((product) => product.title)).toEqual(['Secret Mount', 'Bike Phone Mount'])
    expect(mounts.find((product) => product.id === ids.hiddenMount)).toMatchObject({
      status: 'hidden',
      priceCents: 900,
      sku: null,
    })
    expect((await searchProductOptions({ text: 'case' })).map((product) => product.title)).toEqual([
      'Case 500 pack',
      'Old Tablet Case',
      'Sale Case 50% off',
    ])
    // Two characters match too much to rank: newest first.
    expect((await searchProductOptions({ text: 'ca' })).map((product) => product.title)).toEqual([
      'Old Tablet Case',
      'Sale Case 50% off',
      'Case 500 pack',
    ])
    expect((await searchProductOptions({ text: '50%' })).map((product) => product.id)).toEqual([ids.sale])
    expect(await searchProductOptions({ text: '', limit: 2 })).toHaveLength(2)
  })

  test('name the chosen ids, and find the one product an exact title names', async () => {
    const chosen = await listProductOptionsByIds([ids.mount, ids.mount, 'not-an-id'])
    expect(chosen).toEqual([
      { id: ids.mount, title: 'Bike Phone Mount', sku: null, status: 'visible', priceCents: 1500 },
    ])
    expect(await listProductOptionsByIds([])).toEqual([])
    expect((await findProductOptionByName('  bike phone MOUNT '))?.id).toBe(ids.mount)
    expect(await findProductOptionByName('Bike Phone')).toBeNull()
    expect(await findProductOptionByName('Sale Case 50_ off')).toBeNull()
    expect(await findProductOptionByName('')).toBeNull()
  })
})

describe('listProductCategories', () => {
  test('lists categories in their configured order', async () => {
    expect(await listProductCategories()).toEqual([
      { id: ids.mounts, name: 'Phone Mounts' },
      { id: ids.cases, name: 'Device Cases' },
    ])
  })
})

test('the database refuses a status other than visible, hidden and archived (the list counts "All" as their sum)', async () => {
  const { db } = database
  const refusal = await db
    .update(products)
    .set({ status: 'sold' as 'hidden' })
    .where(eq(products.id, ids.mount))
    .then(() => null, postgresErrorOf)
  expect(refusal).toEqual({ code: '23514', constraint: 'products_status_known' })
  const [row] = await db.select({ status: products.status }).from(products).where(eq(products.id, ids.mount))
  expect(row?.status).toBe('visible')
})
