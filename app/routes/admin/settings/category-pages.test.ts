import { beforeEach, describe, expect, test } from 'vitest'
import { productCategories, products, shippingCategories } from '#app/modules/catalog/schema.server.ts'
import { guideCategories, guides } from '#app/modules/content/schema.server.ts'
import { insertProduct } from '#tests/factories/shop-records.ts'
import { adminRouteTest, UNKNOWN_ID } from '#tests/setup/admin-route-test.ts'
import * as guideCategoriesPage from '../guides/guide-categories.tsx'
import * as settingsPage from './settings.tsx'

const shop = adminRouteTest()
const guideCategoryList = shop.page('/admin/guides/categories', guideCategoriesPage)
const settings = shop.page('/admin/settings', settingsPage)

beforeEach(async () => {
  await shop.db.delete(guides)
  await shop.db.delete(guideCategories)
  await shop.db.delete(products)
  await shop.db.delete(productCategories)
  await shop.db.delete(shippingCategories)
})

const names = async (table: typeof guideCategories | typeof productCategories | typeof shippingCategories) =>
  (await shop.db.select({ name: table.name }).from(table).orderBy(table.position)).map((row) => row.name)

describe('/admin/guides/categories', () => {
  const send = (form: Record<string, string>) => guideCategoryList.post(form)

  test('add, rename and delete, with the spec’s toasts', async () => {
    expect(await send({ intent: 'add-category', name: '  Materials  ' })).toMatchObject({
      ok: true,
      toast: { title: 'Category added', variant: 'success' },
    })
    const [row] = await shop.db.select().from(guideCategories)
    expect(row.name).toBe('Materials')
    expect(await send({ intent: 'rename-category', categoryId: row.id, name: 'Filaments' })).toMatchObject({
      ok: true,
      toast: { title: 'Category updated' },
    })
    const page = await guideCategoryList.load()
    expect(page.categories).toEqual([{ id: row.id, name: 'Filaments', usage: 0 }])
    expect(await send({ intent: 'delete-category', categoryId: row.id })).toMatchObject({
      ok: true,
      toast: { title: 'Category deleted' },
    })
    expect(await names(guideCategories)).toEqual([])
  })

  test('bad input changes nothing and answers with a destructive toast', async () => {
    const [used] = await shop.db.insert(guideCategories).values({ name: 'Installation' }).returning()
    await shop.db.insert(guides).values({ title: 'G', description: 'D', categoryId: used.id })
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ intent: 'add-category', name: '   ' }, 400, /Please enter a category name/],
      [{ intent: 'add-category', name: 'x'.repeat(101) }, 400, /at most 100/],
      [{ intent: 'add-category', name: 'Installation' }, 409, /already exists/],
      [{ intent: 'rename-category', categoryId: used.id, name: '' }, 400, /Please enter/],
      [{ intent: 'rename-category', categoryId: UNKNOWN_ID, name: 'X' }, 404, /not found/],
      [{ intent: 'rename-category', categoryId: 'nope', name: 'X' }, 400, /not found/],
      [{ intent: 'delete-category', categoryId: used.id }, 409, /used by 1 guide\. Move it/],
      [{ intent: 'delete-category', categoryId: '' }, 404, /not found/],
      [{ intent: 'drop-table' }, 400, /Unknown request/],
      [{}, 400, /Unknown request/],
    ]
    for (const [form, status, message] of cases) {
      const answer = await send(form)
      expect(answer, JSON.stringify(form)).toMatchObject({ ok: false, status, toast: { variant: 'destructive' } })
      expect(answer.toast.description).toMatch(message)
    }
    expect(await names(guideCategories)).toEqual(['Installation'])
  })
})

describe('/admin/settings', () => {
  const send = (form: Record<string, string>) => settings.post(form)

  test('product and shipping categories are managed separately', async () => {
    expect(await send({ intent: 'add-category', kind: 'product', name: ' Desk Tools ' })).toMatchObject({
      ok: true,
      toast: { title: 'Category added' },
    })
    expect(await send({ intent: 'add-category', kind: 'shipping', name: 'Freight' })).toMatchObject({ ok: true })
    expect(await names(productCategories)).toEqual(['Desk Tools'])
    expect(await names(shippingCategories)).toEqual(['Freight'])
    const [product] = await shop.db.select().from(productCategories)
    expect(
      await send({ intent: 'rename-category', kind: 'product', categoryId: product.id, name: 'Desk' }),
    ).toMatchObject({
      toast: { title: 'Category updated' },
    })
    // The id of a product category is not a shipping category.
    expect(await send({ intent: 'delete-category', kind: 'shipping', categoryId: product.id })).toMatchObject({
      ok: false,
      status: 404,
    })
    await insertProduct(shop.db, { title: 'Pen cup', categoryId: product.id })
    expect(await send({ intent: 'delete-category', kind: 'product', categoryId: product.id })).toMatchObject({
      ok: false,
      status: 409,
      toast: { description: '“Desk” is used by 1 product. Move it to another category first.' },
    })
    await shop.db.delete(products)
    expect(await send({ intent: 'delete-category', kind: 'product', categoryId: product.id })).toMatchObject({
      ok: true,
      toast: { title: 'Category deleted' },
    })
    const page = await settings.load()
    expect(page.productCategories).toEqual([])
    expect(page.shippingCategories.map((category) => category.name)).toEqual(['Freight'])
  })

  test('a missing or unknown list kind changes nothing', async () => {
    for (const kind of [undefined, '', 'guide', 'products']) {
      const form: Record<string, string> = { intent: 'add-category', name: 'Odd' }
      if (kind !== undefined) form.kind = kind
      expect(await send(form)).toMatchObject({ ok: false, status: 400, toast: { description: 'Unknown request.' } })
    }
    expect(await send({ intent: 'add-category', kind: 'product', name: '' })).toMatchObject({ ok: false, status: 400 })
    expect(await names(productCategories)).toEqual([])
    expect(await names(shippingCategories)).toEqual([])
  })
})
