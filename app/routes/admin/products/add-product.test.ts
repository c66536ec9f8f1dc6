import { randomBytes } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '#app/rules/product-form.ts'
import { handlebarMount } from '#tests/factories/product-inputs.ts'
import { insertProduct, insertProductCategory } from '#tests/factories/shop-records.ts'
import {
  adminRouteTest,
  flashToastOf,
  multipartForm as form,
  pngPicture as png,
} from '#tests/setup/admin-route-test.ts'
import { action, loader } from './add-product.tsx'
import type { ProductFormRefusal } from './product-form-result.ts'

// The /add-product action as the browser reaches it: a multipart form with files, read with limits.

const shop = adminRouteTest({ storage: true })
let categoryId = ''

beforeAll(async () => {
  categoryId = (await insertProductCategory(shop.db, { name: 'Phone Mounts' })).id
})

beforeEach(async () => {
  await shop.db.delete(products)
})

async function post(body: FormData | string) {
  const call = typeof body === 'string' ? { body, contentType: 'application/json' } : { form: body }
  const { response, data, status } = await shop.submit<ProductFormRefusal>(action, { url: '/add-product', ...call })
  return { response, refusal: data, status }
}

const valid = {
  title: 'Handlebar Mount',
  description: 'Fits 22–32 mm bars.',
  priceType: 'tiered',
  price: '',
  tierQuantity: ['1', '10'],
  tierPrice: ['12.50', '9.99'],
  variationName: ['Safety Orange'],
  variationPriceModifier: ['2.5'],
  sku: 'HB-1',
  categoryId: '',
  shippingCategoryId: '',
  stockQuantity: '7',
  status: 'hidden',
  videos: '',
}
const storedFiles = () => shop.storedFiles()

describe('/add-product', () => {
  test('the loader offers the product and shipping categories', async () => {
    const data = await shop.page('/add-product', { loader }).load()
    expect(data.categories).toEqual([{ id: categoryId, name: 'Phone Mounts' }])
    expect(data.shippingCategories).toEqual([])
  })

  test('a complete form creates the product with its pictures and lands on its page', async () => {
    const { response } = await post(
      form({ ...valid, categoryId }, [new File([await png()], 'front.png', { type: 'image/png' })]),
    )
    expect(response?.status).toBe(302)
    const [product] = await shop.db.select().from(products)
    expect(response?.headers.get('location')).toBe(`/products/${product.id}`)
    expect(flashToastOf(response)).toContain('Product Added!')
    expect(product).toMatchObject({
      ...handlebarMount,
      categoryId,
      images: [expect.stringMatching(new RegExp(`^products/${product.id}/1\\.[0-9a-f]{16}\\.webp$`))],
    })
    expect(await storedFiles()).toEqual(product.images)
  })

  test('the low-stock alert is stored (3 when left blank); a bad one is refused and nothing is created', async () => {
    for (const bad of ['-1', '100001', '2.5', 'low']) {
      const { refusal, status } = await post(form({ ...valid, lowStockThreshold: bad }))
      expect(status).toBe(400)
      expect(refusal?.fieldErrors).toEqual({
        lowStockThreshold: 'Low-stock alert must be a whole number from 0 to 100,000.',
      })
      expect(refusal?.values?.lowStockThreshold).toBe(bad)
    }
    expect(await shop.db.select().from(products)).toEqual([])
    expect((await post(form({ ...valid, lowStockThreshold: '25' }))).response?.status).toBe(302)
    expect((await post(form({ ...valid, sku: 'HB-2' }))).response?.status).toBe(302)
    const rows = await shop.db
      .select({ sku: products.sku, lowStockThreshold: products.lowStockThreshold })
      .from(products)
      .orderBy(products.sku)
    expect(rows).toEqual([
      { sku: 'HB-1', lowStockThreshold: 25 },
      { sku: 'HB-2', lowStockThreshold: 3 },
    ])
  })

  test('an empty form gets the specification’s toast and changes nothing', async () => {
    const { refusal, status } = await post(form({}))
    expect(status).toBe(400)
    expect(refusal?.toast).toEqual({
      title: 'Missing Required Fields',
      description: 'Please fill in Title and Description.',
      variant: 'destructive',
    })
    expect(refusal?.fieldErrors).toMatchObject({ title: 'Title is required.', description: 'Description is required.' })
    expect(await shop.db.select().from(products)).toEqual([])
  })

  test('a file that is not a picture is refused by its content, and nothing is stored', async () => {
    const { refusal, status } = await post(
      form(valid, [
        new File([await png()], 'good.png', { type: 'image/png' }),
        new File(['%PDF-1.7 not a picture'], 'photo.png', { type: 'image/png' }),
      ]),
    )
    expect(status).toBe(400)
    expect(refusal?.fieldErrors).toEqual({ images: '“photo.png” is not a JPEG, PNG or WebP image.' })
    expect(refusal?.toast.title).toBe('Product Not Added')
    // What was typed comes back, so a page posted without JavaScript keeps it.
    expect(refusal?.values).toMatchObject({ title: 'Handlebar Mount', tiers: [{ quantity: '1', price: '12.50' }, {}] })
    expect(await shop.db.select().from(products)).toEqual([])
    expect(await storedFiles()).toEqual([])
  })

  test('a picture over the size limit is refused while it is uploaded', async () => {
    const tooLarge = new File([randomBytes(PRODUCT_IMAGE_MAX_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' })
    const { refusal, status } = await post(form(valid, [tooLarge]))
    expect(status).toBe(413)
    expect(refusal?.fieldErrors).toEqual({ images: 'Each image must be 10 MB or smaller.' })
    expect(await shop.db.select().from(products)).toEqual([])
    expect(await storedFiles()).toEqual([])
  })

  test('more pictures than allowed are refused', async () => {
    const picture = await png()
    const files = Array.from({ length: PRODUCT_IMAGES_MAX + 1 }, (_, i) => new File([picture], `${i}.png`))
    const { refusal, status } = await post(form(valid, files))
    expect(status).toBe(413)
    expect(refusal?.fieldErrors.images).toBe(`Add at most ${PRODUCT_IMAGES_MAX} images at a time.`)
  })

  test('a taken SKU is named, and the pictures stored for the product are removed', async () => {
    await insertProduct(shop.db, { title: 'Older Mount', sku: 'HB-1' })
    const { refusal, status } = await post(form(valid, [new File([await png()], 'front.png')]))
    expect(status).toBe(409)
    expect(refusal?.fieldErrors).toEqual({ sku: 'Another product already has this SKU.' })
    expect(await storedFiles()).toEqual([])
  })

  test('a body that is not a form is refused with a message, never an error', async () => {
    const { refusal, status } = await post('{"title": "x"')
    expect(status).toBe(400)
    expect(refusal?.fieldErrors).toEqual({ form: 'The form could not be read. Please try again.' })
  })
})
