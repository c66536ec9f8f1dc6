import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { productCategories, products, shippingCategories } from '#app/modules/catalog/schema.server.ts'
import { guideCategories, guides } from '#app/modules/content/schema.server.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { insertProduct } from '#tests/factories/shop-records.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import * as guideCategoriesPage from '../guides/guide-categories.tsx'
import * as settingsPage from './settings.tsx'

let database: TestDatabase
let adminCookie = ''
const unknownId = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  database = await createTestDatabase()
  resetAuth()
  adminCookie = (await createTestAccount(database, 'alex@example.com', { admin: true, name: 'Alex Admin' })).cookie
})

beforeEach(async () => {
  await database.db.delete(guides)
  await database.db.delete(guideCategories)
  await database.db.delete(products)
  await database.db.delete(productCategories)
  await database.db.delete(shippingCategories)
})

afterAll(async () => {
  resetAuth()
  await database?.close()
})

type Page = { action: (args: never) => Promise<unknown>; loader: (args: never) => Promise<unknown> }

function request(path: string, body?: BodyInit) {
  return new Request(`http://localhost:3000${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin: 'http://localhost:3000', cookie: adminCookie },
    body,
  })
}

async function post(page: Page, path: string, form: Record<string, string>) {
  const answer = (await page.action({
    request: request(path, new URLSearchParams(form)),
    params: {},
    context: {},
  } as never)) as {
    data: ActionResult
    init: ResponseInit | null
  }
  return { status: answer.init?.status ?? 200, ...answer.data }
}

const names = async (table: typeof guideCategories | typeof productCategories | typeof shippingCategories) =>
  (await database.db.select({ name: table.name }).from(table).orderBy(table.position)).map((row) => row.name)

describe('/admin/guides/categories', () => {
  const send = (form: Record<string, string>) => post(guideCategoriesPage, '/admin/guides/categories', form)

  test('add, rename and delete, with the spec’s toasts', async () => {
    expect(await send({ intent: 'add-category', name: '  Materials  ' })).toMatchObject({
      ok: true,
      toast: { title: 'Category added', variant: 'success' },
    })
    const [row] = await database.db.select().from(guideCategories)
    expect(row.name).toBe('Materials')
    expect(await send({ intent: 'rename-category', categoryId: row.id, name: 'Filaments' })).toMatchObject({
      ok: true,
      toast: { title: 'Category updated' },
    })
    const page = (await guideCategoriesPage.loader({
      request: request('/admin/guides/categories'),
      params: {},
      context: {},
    } as never)) as {
      categories: unknown[]
    }
    expect(page.categories).toEqual([{ id: row.id, name: 'Filaments', usage: 0 }])
    expect(await send({ intent: 'delete-category', categoryId: row.id })).toMatchObject({
      ok: true,
      toast: { title: 'Category deleted' },
    })
    expect(await names(guideCategories)).toEqual([])
  })

  test('bad input changes nothing and answers with a destructive toast', async () => {
    const [used] = await database.db.insert(guideCategories).values({ name: 'Installation' }).returning()
    await database.db.insert(guides).values({ title: 'G', description: 'D', categoryId: used.id })
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ intent: 'add-category', name: '   ' }, 400, /Please enter a category name/],
      [{ intent: 'add-category', name: 'x'.repeat(101) }, 400, /at most 100/],
      [{ intent: 'add-category', name: 'Installation' }, 409, /already exists/],
      [{ intent: 'rename-category', categoryId: used.id, name: '' }, 400, /Please enter/],
      [{ intent: 'rename-category', categoryId: unknownId, name: 'X' }, 404, /not found/],
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
  const send = (form: Record<string, string>) => post(settingsPage, '/admin/settings', form)

  test('product and shipping categories are managed separately', async () => {
    expect(await send({ intent: 'add-category', kind: 'product', name: ' Desk Tools ' })).toMatchObject({
      ok: true,
      toast: { title: 'Category added' },
    })
    expect(await send({ intent: 'add-category', kind: 'shipping', name: 'Freight' })).toMatchObject({ ok: true })
    expect(await names(productCategories)).toEqual(['Desk Tools'])
    expect(await names(shippingCategories)).toEqual(['Freight'])
    const [product] = await database.db.select().from(productCategories)
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
    await insertProduct(database.db, { title: 'Pen cup', categoryId: product.id })
    expect(await send({ intent: 'delete-category', kind: 'product', categoryId: product.id })).toMatchObject({
      ok: false,
      status: 409,
      toast: { description: '“Desk” is used by 1 product. Move it to another category first.' },
    })
    await database.db.delete(products)
    expect(await send({ intent: 'delete-category', kind: 'product', categoryId: product.id })).toMatchObject({
      ok: true,
      toast: { title: 'Category deleted' },
    })
    const page = (await settingsPage.loader({
      request: request('/admin/settings'),
      params: {},
      context: {},
    } as never)) as {
      productCategories: unknown[]
      shippingCategories: { name: string }[]
    }
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
