import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import type { FileStorage } from '#app/modules/storage/index.server.ts'
import { handlebarMount } from '#tests/factories/product-inputs.ts'
import { insertProduct, insertProductCategory } from '#tests/factories/shop-records.ts'
import {
  adminRouteTest,
  multipartForm as form,
  pngPicture as png,
  flashToastOf as toastOf,
  UNKNOWN_ID,
} from '#tests/setup/admin-route-test.ts'
import { action, loader } from './product-edit.tsx'
import type { ProductFormRefusal } from './product-form-result.ts'

// /admin/products/edit/{id}: the add form, prefilled, and its action with kept, removed, reordered
// and new pictures.

const shop = adminRouteTest({ storage: true })
const storageHolder = globalThis as typeof globalThis & { __shopStorage?: FileStorage }
let categoryId = ''
let productId = ''

beforeAll(async () => {
  categoryId = (await insertProductCategory(shop.db, { name: 'Phone Mounts' })).id
})

beforeEach(async () => {
  await shop.db.delete(products)
  const [row] = await shop.db
    .insert(products)
    .values({
      ...handlebarMount,
      categoryId,
      rating: 4.5,
      reviewCount: 2,
      videos: ['https://www.youtube.com/watch?v=abc'],
    })
    .returning({ id: products.id })
  productId = row.id
  const images = [`products/${productId}/1.webp`, `products/${productId}/2.webp`, 'products/demo/shared.png']
  for (const key of images) await storageHolder.__shopStorage?.put(key, await png(), 'image/webp')
  await shop.db.update(products).set({ images }).where(eq(products.id, productId))
})

async function post(body: FormData | string, id = productId) {
  const call = typeof body === 'string' ? { body, contentType: 'application/json' } : { form: body }
  const { response, data, status } = await shop.submit<ProductFormRefusal>(action, {
    url: `/admin/products/edit/${id}`,
    params: { productId: id },
    ...call,
  })
  return { response, refusal: data, status }
}

const storedFiles = () => shop.storedFiles()

async function stored() {
  const [row] = await shop.db.select().from(products).where(eq(products.id, productId))
  return row
}

async function loaded() {
  return shop.page(`/admin/products/edit/${productId}`, { loader }, { productId }).load()
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
    for (const id of [UNKNOWN_ID, 'not-a-uuid', "1' or '1'='1"]) {
      const request = shop.request({ url: `/admin/products/edit/${id}` })
      const thrown = await loader({ request, params: { productId: id }, context: {} } as never).catch(
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
    expect(images[2]).toMatch(new RegExp(`^products/${productId}/[0-9a-f-]{36}\\.[0-9a-f]{16}\\.webp$`))
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
      [{ ...fields, categoryId: UNKNOWN_ID }, [], 'categoryId'],
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
    await insertProduct(shop.db, { title: 'Other Mount', sku: 'OM-1' })
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
    const { refusal, status } = await post('{"title": "x"')
    expect(status).toBe(400)
    expect(refusal?.fieldErrors).toEqual({ form: 'The form could not be read. Please try again.' })
  })
})
