import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createProduct, retrieveProduct } from '#app/modules/catalog/index.server.ts'
import { productCategories, products, shippingCategories } from '#app/modules/catalog/schema.server.ts'
import { createLocalDiskStorage, type FileStorage } from '#app/modules/storage/index.server.ts'
import { newProductInput } from '#tests/factories/product-inputs.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { addProduct, checkProductImages } from './add-product.server.ts'

let database: TestDatabase
let storageDir: string
let storage: FileStorage
let categoryId = ''
let shippingCategoryId = ''

const unknownId = '00000000-0000-4000-8000-000000000000'

function picture(format: 'png' | 'jpeg' | 'webp', width = 120, height = 90) {
  const image = sharp({ create: { width, height, channels: 3, background: '#e8702a' } })
  return image[format]().toBuffer()
}

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(storageDir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
}

beforeAll(async () => {
  database = await createTestDatabase()
  const [category] = await database.db
    .insert(productCategories)
    .values({ name: 'Tools & Parts' })
    .returning({ id: productCategories.id })
  const [shipping] = await database.db
    .insert(shippingCategories)
    .values({ name: 'Small Item Shipping' })
    .returning({ id: shippingCategories.id })
  categoryId = category.id
  shippingCategoryId = shipping.id
})

beforeEach(async () => {
  await database.db.delete(products)
  if (storageDir) await rm(storageDir, { recursive: true, force: true })
  storageDir = await mkdtemp(path.join(tmpdir(), 'add-product-'))
  storage = createLocalDiskStorage(storageDir)
})

afterAll(async () => {
  await database?.close()
  if (storageDir) await rm(storageDir, { recursive: true, force: true })
})

/** 8.99 each, 7.49 from 10. */
const tiered = {
  priceType: 'tiered' as const,
  priceCents: 899,
  tieredPricing: [
    { quantity: 1, priceCents: 899 },
    { quantity: 10, priceCents: 749 },
  ],
}

describe('createProduct', () => {
  test('stores a tiered product with its tiers, variations (ids from names) and references', async () => {
    const result = await createProduct(
      newProductInput({
        ...tiered,
        variations: [
          { name: 'Matte Black', priceModifierCents: 0 },
          { name: 'Matte  Black!', priceModifierCents: 0 },
          { name: 'Grün', priceModifierCents: -100 },
        ],
        sku: 'KNOB-1',
        categoryId,
        shippingCategoryId,
        status: 'hidden',
        quickSelectVisible: true,
        videos: ['https://vimeo.com/123'],
      }),
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(await retrieveProduct(result.id)).toMatchObject({
      title: 'Desk Cable Clip',
      ...tiered,
      variations: [
        { id: 'matte-black', name: 'Matte Black', priceModifierCents: 0 },
        { id: 'matte-black-2', name: 'Matte  Black!', priceModifierCents: 0 },
        { id: 'grun', name: 'Grün', priceModifierCents: -100 },
      ],
      categoryId,
      status: 'hidden',
      quickSelectVisible: true,
      stockQuantity: 10,
      videos: ['https://vimeo.com/123'],
      rating: 0,
      reviewCount: 0,
    })
  })

  test('refuses a SKU another product has, and unknown categories, storing nothing', async () => {
    expect((await createProduct(newProductInput({ sku: 'CLIP-1' }))).ok).toBe(true)
    expect(await createProduct(newProductInput({ sku: 'CLIP-1' }))).toEqual({
      ok: false,
      field: 'sku',
      message: 'Another product already has this SKU.',
    })
    expect(await createProduct(newProductInput({ categoryId: unknownId }))).toMatchObject({
      ok: false,
      field: 'categoryId',
    })
    expect(await createProduct(newProductInput({ shippingCategoryId: 'nope' }))).toMatchObject({
      ok: false,
      field: 'shippingCategoryId',
    })
    expect(await database.db.select({ sku: products.sku }).from(products)).toEqual([{ sku: 'CLIP-1' }])
  })

  test('the database refuses what the form would never send: a negative price', async () => {
    await expect(createProduct(newProductInput({ priceCents: -1 }))).rejects.toThrow()
    expect(await database.db.select().from(products)).toEqual([])
  })
})

describe('checkProductImages', () => {
  test('accepts JPEG, PNG and WebP by their content, whatever their names, as upright WebP', async () => {
    const checked = await checkProductImages([
      new File([await picture('png')], 'photo.jpg'),
      new File([await picture('jpeg', 3000, 1500)], 'no-extension'),
      new File([await picture('webp')], 'image.webp'),
    ])
    expect(checked.ok).toBe(true)
    if (!checked.ok) return
    expect(checked.images.map(({ contentType, width, height }) => ({ contentType, width, height }))).toEqual([
      { contentType: 'image/webp', width: 120, height: 90 },
      // Scaled down to 2400 pixels on the long side.
      { contentType: 'image/webp', width: 2400, height: 1200 },
      { contentType: 'image/webp', width: 120, height: 90 },
    ])
    expect((await sharp(checked.images[0].body).metadata()).format).toBe('webp')
  })

  test('refuses bytes that are not a JPEG, PNG or WebP picture, naming each file', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    const truncated = (await picture('png')).subarray(0, 60)
    const checked = await checkProductImages([
      new File([Buffer.from('just text, not a picture')], 'fake.png'),
      new File([gif], 'animation.gif'),
      new File([truncated], 'cut-short.png'),
      new File([await picture('png')], 'fine.png'),
      new File([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')], 'vector.svg'),
    ])
    expect(checked).toEqual({
      ok: false,
      message: [
        '“fake.png” is not a JPEG, PNG or WebP image.',
        '“animation.gif” is not a JPEG, PNG or WebP image.',
        '“cut-short.png” is not a JPEG, PNG or WebP image.',
        '“vector.svg” is not a JPEG, PNG or WebP image.',
      ].join(' '),
    })
  })

  test('refuses a picture with too many pixels before decoding it', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(await checkProductImages([new File([huge], 'huge.png')])).toEqual({
      ok: false,
      message: '“huge.png” has too many pixels (at most 40 megapixels).',
    })
  })
})

describe('addProduct', () => {
  test('stores the pictures under the new product and lists them, the first as the cover', async () => {
    const checked = await checkProductImages([
      new File([await picture('png')], 'front.png'),
      new File([await picture('jpeg')], 'side.jpg'),
    ])
    if (!checked.ok) throw new Error(checked.message)
    const result = await addProduct(newProductInput(), checked.images, { storage })
    if (!result.ok) throw new Error(result.message)
    const product = await retrieveProduct(result.id)
    // Each named with the version of its bytes (decision 031).
    expect(product?.images).toEqual([
      expect.stringMatching(new RegExp(`^products/${result.id}/1\\.[0-9a-f]{16}\\.webp$`)),
      expect.stringMatching(new RegExp(`^products/${result.id}/2\\.[0-9a-f]{16}\\.webp$`)),
    ])
    const cover = await storage.get(product?.images[0] as string)
    expect(cover?.contentType).toBe('image/webp')
    expect((await sharp(cover?.body).metadata()).width).toBe(120)
  })

  test('deletes the stored pictures again when the catalog refuses the product', async () => {
    expect((await createProduct(newProductInput({ sku: 'TAKEN' }))).ok).toBe(true)
    const checked = await checkProductImages([new File([await picture('png')], 'front.png')])
    if (!checked.ok) throw new Error(checked.message)
    expect(await addProduct(newProductInput({ sku: 'TAKEN' }), checked.images, { storage })).toMatchObject({
      ok: false,
      field: 'sku',
    })
    expect(await storedFiles()).toEqual([])
    expect(await database.db.select({ sku: products.sku }).from(products)).toEqual([{ sku: 'TAKEN' }])
  })

  test('deletes the stored pictures when storing fails half-way, and creates nothing', async () => {
    const checked = await checkProductImages([
      new File([await picture('png')], 'one.png'),
      new File([await picture('png')], 'two.png'),
    ])
    if (!checked.ok) throw new Error(checked.message)
    let puts = 0
    const failing: FileStorage = {
      ...storage,
      put: async (key, body, type) => {
        if (++puts === 2) throw new Error('object storage unavailable')
        await storage.put(key, body, type)
      },
    }
    await expect(addProduct(newProductInput(), checked.images, { storage: failing })).rejects.toThrow(/unavailable/)
    expect(await storedFiles()).toEqual([])
    expect(await database.db.select().from(products)).toEqual([])
  })
})
