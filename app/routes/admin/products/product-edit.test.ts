import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { productCategories, products } from '#app/modules/catalog/schema.server.ts'
import { createLocalDiskStorage, type FileStorage } from '#app/modules/storage/index.server.ts'
import { insertProduct } from '#tests/factories/shop-records.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { action, loader } from './product-edit.tsx'
import type { ProductFormRefusal } from './product-form-result.ts'

// /admin/products/edit/{id}: the add form, prefilled, and its action with kept, removed, reordered
// and new pictures.

let database: TestDatabase
let adminCookie = ''
let categoryId = ''
let storageDir = ''
let storage: FileStorage
let productId = ''
const storageHolder = globalThis as typeof globalThis & { __shopStorage?: FileStorage }
const unknownId = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  database = await createTestDatabase()
  resetAuth()
  adminCookie = (await createTestAccount(database, 'alex@example.com', { admin: true, name: 'Alex Admin' })).cookie
  const [category] = await database.db
    .insert(productCategories)
    .values({ name: 'Phone Mounts' })
    .returning({ id: productCategories.id })
  categoryId = category.id
})

beforeEach(async () => {
  await database.db.delete(products)
  if (storageDir) await rm(storageDir, { recursive: true, force: true })
  storageDir = await mkdtemp(path.join(tmpdir(), 'product-edit-route-'))
  storage = createLocalDiskStorage(storageDir)
  storageHolder.__shopStorage = storage
  const [row] = await database.db
    .insert(products)
    .values({
      title: 'Handlebar Mount',
      description: 'Fits 22–32 mm bars.',
      priceType: 'tiered',
      priceCents: 1250,
      tieredPricing: [
        { quantity: 1, priceCents: 1250 },
        { quantity: 10, priceCents: 999 },
      ],
      variations: [{ id: 'safety-orange', name: 'Safety Orange', priceModifierCents: 250 }],
      sku: 'HB-1',
      categoryId,
      stockQuantity: 7,
      status: 'hidden',
      rating: 4.5,
      reviewCount: 2,
      videos: ['https://www.youtube.com/watch?v=abc'],
    })
    .returning({ id: products.id })
  productId = row.id
  const images = [`products/${productId}/1.webp`, `products/${productId}/2.webp`, 'products/demo/shared.png']
  for (const key of images) await storage.put(key, await png(), 'image/webp')
  await database.db.update(products).set({ images }).where(eq(products.id, productId))
})

afterAll(async () => {
  storageHolder.__shopStorage = undefined
  resetAuth()
  await database?.close()
  if (storageDir) await rm(storageDir, { recursive: true, force: true })
})

function request(id: string, body?: BodyInit, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000/admin/products/edit/${id}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin: 'http://localhost:3000', cookie: adminCookie, ...headers },
    body,
  })
}

function form(fields: Record<string, string | string[]>, files: File[] = []) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item)
  }
  if (files.length === 0) data.append('images', new File([], ''))
  for (const file of files) data.append('images', file)
  return data
}

async function post(body: BodyInit, id = productId, headers?: Record<string, string>) {
  const answer = await action({ request: request(id, body, headers), params: { productId: id }, context: {} } as never)
  if (answer instanceof Response) return { response: answer }
  const { data, init } = answer as unknown as { data: ProductFormRefusal; init: ResponseInit | null }
  return { refusal: data, status: init?.status ?? 200 }
}

async function png(color = '#2a7de8') {
  return sharp({ create: { width: 160, height: 120, channels: 3, background: color } })
    .png()
    .toBuffer()
}

async function storedFiles() {
  const entries = await readdir(storageDir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storageDir, path.join(entry.parentPath, entry.name)))
    .sort()
}

function toastOf(response: Response | undefined) {
  const cookie = response?.headers.getSetCookie().find((value) => value.startsWith('layerworks.toast='))
  const value = decodeURIComponent(cookie?.split(';')[0].split('=')[1] ?? '')
  return Buffer.from(value.split('.')[0], 'base64').toString()
}

async function stored() {
  const [row] = await database.db.select().from(products).where(eq(products.id, productId))
  return row
}

async function loaded() {
  return loader({ request: request(productId), params: { productId }, context: {} } as never)
}

/** The form as the edit page posts it when nothing was changed. */
async function unchanged() {
  const { editing } = await loaded()
  const { values, images } = editing
  return {
    title: values.title,
    description: values.description,
    priceType: values.priceType,
    price: values.price,
    tierQuantity: values.tiers.map((tier) => tier.quantity),
    tierPrice: values.tiers.map((tier) => tier.price),
    variationName: values.variations.map((variation) => variation.name),
    variationPriceModifier: values.variations.map((variation) => variation.priceModifier),
    sku: values.sku,
    categoryId: values.categoryId,
    shippingCategoryId: values.shippingCategoryId,
    stockQuantity: values.stockQuantity,
    lowStockThreshold: values.lowStockThreshold,
    status: values.status,
    videos: values.videos,
    keepImage: images,
  }
}

describe('/admin/products/edit/{id}', () => {
  test('the low-stock alert is saved; a bad one is refused with a message and changes nothing', async () => {
    const before = await stored()
    for (const bad of ['-1', '100001', '1.5', 'many']) {
      const { refusal, status } = await post(form({ ...(await unchanged()), title: 'Renamed', lowStockThreshold: bad }))
      expect(status).toBe(400)
      expect(refusal?.fieldErrors).toEqual({
        lowStockThreshold: 'Low-stock alert must be a whole number from 0 to 100,000.',
      })
    }
    expect(await stored()).toEqual(before)
    const { response } = await post(form({ ...(await unchanged()), lowStockThreshold: '12' }))
    expect(response?.status).toBe(302)
    expect((await stored()).lowStockThreshold).toBe(12)
    expect((await loaded()).editing.values.lowStockThreshold).toBe('12')
  })

  test('the loader prefills the form with what is stored', async () => {
    const data = await loaded()
    expect(data.editing.values).toEqual({
      title: 'Handlebar Mount',
      description: 'Fits 22–32 mm bars.',
      priceType: 'tiered',
      price: '12.50',
      sku: 'HB-1',
      categoryId,
      shippingCategoryId: '',
      stockQuantity: '7',
      lowStockThreshold: '3',
      status: 'hidden',
      quickSelectVisible: false,
      videos: 'https://www.youtube.com/watch?v=abc',
      tiers: [
        { quantity: '1', price: '12.50' },
        { quantity: '10', price: '9.99' },
      ],
      variations: [{ name: 'Safety Orange', priceModifier: '2.50' }],
    })
    expect(data.editing.images).toHaveLength(3)
    expect(data.categories).toEqual([{ id: categoryId, name: 'Phone Mounts' }])
  })

  test('an unknown or malformed id: “Product not found.” and back to the list', async () => {
    for (const id of [unknownId, 'not-a-uuid', "1' or '1'='1"]) {
      const thrown = await loader({ request: request(id), params: { productId: id }, context: {} } as never).catch(
        (error: unknown) => error,
      )
      expect(thrown).toBeInstanceOf(Response)
      expect((thrown as Response).headers.get('location')).toBe('/admin/products')
      expect(toastOf(thrown as Response)).toContain('Product not found.')
      const { response } = await post(form(await unchanged()), id)
      expect(response?.headers.get('location')).toBe('/admin/products')
      expect(toastOf(response)).toContain('Product not found.')
    }
  })

  test('saving the unchanged form changes nothing but the update time', async () => {
    const before = await stored()
    const { response } = await post(form(await unchanged()))
    expect(response?.status).toBe(302)
    expect(response?.headers.get('location')).toBe('/admin/products?filter=hidden')
    expect(toastOf(response)).toContain('Product updated successfully.')
    const { updatedAt: _after, ...after } = await stored()
    const { updatedAt: _before, ...rest } = before
    expect(after).toEqual(rest)
  })

  test('a new title, a set price and another status are saved; rating and reviews stay', async () => {
    const { response } = await post(
      form({
        ...(await unchanged()),
        title: 'Handlebar Mount Pro',
        priceType: 'set',
        price: '19.99',
        status: 'archived',
      }),
    )
    expect(response?.headers.get('location')).toBe('/admin/products?filter=archived')
    expect(await stored()).toMatchObject({
      title: 'Handlebar Mount Pro',
      priceType: 'set',
      priceCents: 1999,
      tieredPricing: [],
      status: 'archived',
      rating: 4.5,
      reviewCount: 2,
      variations: [{ id: 'safety-orange', name: 'Safety Orange', priceModifierCents: 250 }],
    })
  })

  test('pictures: kept in the new order, one removed (its file too), a new one added last', async () => {
    const fields = await unchanged()
    const [first, second, shared] = fields.keepImage
    const { response } = await post(
      form({ ...fields, keepImage: [shared, first] }, [new File([await png('#e8702a')], 'side.png')]),
    )
    expect(response?.status).toBe(302)
    const { images } = await stored()
    expect(images).toHaveLength(3)
    expect(images.slice(0, 2)).toEqual([shared, first])
    expect(images[2]).toMatch(new RegExp(`^products/${productId}/[0-9a-f-]{36}\\.webp$`))
    const files = await storedFiles()
    expect(files).not.toContain(second)
    // A picture not uploaded for this product (the demo's) is never deleted.
    expect(files).toEqual([first, images[2], 'products/demo/shared.png'].sort())
  })

  test('bad input is refused with the problems named and changes nothing, files included', async () => {
    const before = await stored()
    const filesBefore = await storedFiles()
    const fields = await unchanged()
    const cases: [Record<string, string | string[]>, File[], string][] = [
      [{ ...fields, title: ' ', description: '' }, [], 'title'],
      [{ ...fields, priceType: 'set', price: '' }, [], 'price'],
      [{ ...fields, categoryId: 'phone-mounts' }, [], 'categoryId'],
      [{ ...fields, categoryId: unknownId }, [], 'categoryId'],
      [{ ...fields, keepImage: ['products/elsewhere/secret.webp'] }, [], 'images'],
      [{ ...fields, keepImage: [fields.keepImage[0], fields.keepImage[0]] }, [], 'images'],
      [fields, [new File(['%PDF-1.7'], 'notes.png')], 'images'],
      [
        fields,
        await Promise.all(Array.from({ length: 6 }, async (_, i) => new File([await png()], `${i}.png`))),
        'images',
      ],
    ]
    for (const [fieldsSent, files, field] of cases) {
      const { refusal, status } = await post(form(fieldsSent, files))
      expect(refusal?.ok, field).toBe(false)
      expect(status).toBeGreaterThanOrEqual(400)
      expect(refusal?.fieldErrors[field], JSON.stringify(refusal?.fieldErrors)).toBeTruthy()
      expect(refusal?.toast.variant).toBe('destructive')
    }
    const { refusal } = await post(form({ ...fields, title: '' }))
    expect(refusal?.toast).toEqual({
      title: 'Missing Required Fields',
      description: 'Please fill in Title and Description.',
      variant: 'destructive',
    })
    // What was sent comes back, so the page keeps it without JavaScript.
    expect(refusal?.keptImages).toEqual(fields.keepImage)
    expect(await stored()).toEqual(before)
    expect(await storedFiles()).toEqual(filesBefore)
  })

  test('a SKU another product has is refused, and new pictures stored for it are removed', async () => {
    await insertProduct(database.db, { title: 'Other Mount', sku: 'OM-1' })
    const filesBefore = await storedFiles()
    const { refusal, status } = await post(
      form({ ...(await unchanged()), sku: 'OM-1' }, [new File([await png()], 'a.png')]),
    )
    expect(status).toBe(409)
    expect(refusal?.fieldErrors).toEqual({ sku: 'Another product already has this SKU.' })
    expect(refusal?.toast.title).toBe('Product Not Updated')
    expect(await storedFiles()).toEqual(filesBefore)
    // Its own SKU is of course fine.
    expect((await post(form({ ...(await unchanged()), sku: 'HB-1' }))).response?.status).toBe(302)
  })

  test('a body that is not a form is refused with a message, never an error', async () => {
    const { refusal, status } = await post('{"title": "x"', productId, { 'content-type': 'application/json' })
    expect(status).toBe(400)
    expect(refusal?.fieldErrors).toEqual({ form: 'The form could not be read. Please try again.' })
  })
})
