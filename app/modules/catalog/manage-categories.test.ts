import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { COUNT_LIMIT, countText } from '#app/rules/list-counts.ts'
import { NewCategoryFormSchema, RenameCategoryFormSchema } from '#app/utils/category-forms.ts'
import { insertProduct } from '#tests/factories/shop-records.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { createCategory, deleteCategory, listCategoriesWithUsage, renameCategory } from './manage-categories.server.ts'
import { productCategories, products, shippingCategories } from './schema.server.ts'
import { listProductCategories, listShippingCategories } from './service.server.ts'

let database: TestDatabase
const unknownId = '99999999-9999-4999-8999-999999999999'

beforeAll(async () => {
  database = await createTestDatabase()
})

beforeEach(async () => {
  await database.db.delete(products)
  await database.db.delete(productCategories)
  await database.db.delete(shippingCategories)
})

afterAll(async () => {
  await database?.close()
})

test.each(['product', 'shipping'] as const)('%s categories: add, rename, refuse taken names', async (kind) => {
  const first = await createCategory(kind, 'Phone Mounts')
  const second = await createCategory(kind, 'Device Cases')
  if (!first.ok || !second.ok) throw new Error('not created')
  expect(await createCategory(kind, 'Phone Mounts')).toEqual({ ok: false, reason: 'name-taken', name: 'Phone Mounts' })
  expect(await renameCategory(kind, second.category.id, 'Phone Mounts')).toMatchObject({ reason: 'name-taken' })
  expect(await renameCategory(kind, second.category.id, 'Cases')).toMatchObject({
    ok: true,
    category: { name: 'Cases' },
  })
  expect(await renameCategory(kind, unknownId, 'X')).toEqual({ ok: false, reason: 'not-found' })
  expect(await renameCategory(kind, 'bad', 'X')).toEqual({ ok: false, reason: 'not-found' })
  // Added last, not sorted by name.
  const listed = kind === 'product' ? await listProductCategories() : await listShippingCategories()
  expect(listed.map((category) => category.name)).toEqual(['Phone Mounts', 'Cases'])
})

test('a category in use by a product is refused; an unused one is deleted', async () => {
  const used = await createCategory('product', 'Phone Mounts')
  const shipping = await createCategory('shipping', 'Standard Shipping')
  const unused = await createCategory('product', 'Spare')
  if (!used.ok || !shipping.ok || !unused.ok) throw new Error('not created')
  await insertProduct(database.db, {
    title: 'Mount',
    categoryId: used.category.id,
    shippingCategoryId: shipping.category.id,
  })
  expect(await listCategoriesWithUsage('product')).toEqual([
    { id: used.category.id, name: 'Phone Mounts', productCount: 1 },
    { id: unused.category.id, name: 'Spare', productCount: 0 },
  ])
  expect(await deleteCategory('product', used.category.id)).toEqual({
    ok: false,
    reason: 'in-use',
    name: 'Phone Mounts',
    usedBy: 1,
  })
  expect(await deleteCategory('shipping', shipping.category.id)).toMatchObject({ reason: 'in-use', usedBy: 1 })
  // The product category's id is not a shipping category.
  expect(await deleteCategory('shipping', unused.category.id)).toEqual({ ok: false, reason: 'not-found' })
  expect(await deleteCategory('product', unused.category.id)).toMatchObject({ ok: true })
  expect(await deleteCategory('product', unused.category.id)).toEqual({ ok: false, reason: 'not-found' })
  expect(await deleteCategory('product', 'nope')).toEqual({ ok: false, reason: 'not-found' })
  expect((await listProductCategories()).map((category) => category.name)).toEqual(['Phone Mounts'])
})

test('a category of a large catalogue counts its products up to 1,000 and then says more', async () => {
  const large = await createCategory('shipping', 'Large Items')
  if (!large.ok) throw new Error('not created')
  await database.db.insert(products).values(
    Array.from({ length: COUNT_LIMIT + 5 }, (_, index) => ({
      title: `Bulk ${index}`,
      priceCents: 100,
      shippingCategoryId: large.category.id,
    })),
  )
  const [listed] = await listCategoriesWithUsage('shipping')
  expect(listed).toEqual({ id: large.category.id, name: 'Large Items', productCount: COUNT_LIMIT + 1 })
  expect(countText(listed.productCount)).toBe('1,000+')
})

test('category names are trimmed and an empty one is refused', () => {
  expect(NewCategoryFormSchema.parse({ name: '  Desk   Tools ' })).toEqual({ name: 'Desk Tools' })
  for (const name of ['', '   ', undefined, 42]) {
    expect(NewCategoryFormSchema.safeParse({ name }).error?.issues[0].message).toBe('Please enter a category name.')
  }
  expect(NewCategoryFormSchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false)
  expect(RenameCategoryFormSchema.safeParse({ categoryId: 'x', name: 'A' }).error?.issues[0].message).toMatch(
    /not found/,
  )
})
