import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { productCategories, products, shippingCategories } from '#app/modules/catalog/schema.server.ts'
import {
  guideCategories,
  guideSteps,
  guides,
  policies,
  serviceFeatures,
  services,
} from '#app/modules/content/schema.server.ts'
import { promotions } from '#app/modules/promotions/schema.server.ts'
import { reviews } from '#app/modules/reviews/schema.server.ts'
import { printMaterials } from '#app/modules/settings/schema.server.ts'
import { createLocalDiskStorage } from '#app/modules/storage/local-disk.server.ts'
import type { FileStorage } from '#app/modules/storage/types.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { DemoShopAlreadySeededError, isDatabaseEmpty, seedDemoShop } from './seed-demo-shop.server.ts'

const now = new Date()
let database: TestDatabase
let storage: FileStorage
let storageDir: string

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), 'demo-seed-'))
  storage = createLocalDiskStorage(storageDir)
  database = await createTestDatabase()
}, 60_000)

afterAll(async () => {
  await database?.close()
  if (storageDir) await rm(storageDir, { recursive: true, force: true })
})

describe('seedDemoShop', () => {
  test('seeds an empty database', { timeout: 60_000 }, async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(true)
    await expect(seedDemoShop(database.db, storage, { now })).resolves.toEqual({ products: 12 })
    expect(await isDatabaseEmpty(database.db)).toBe(false)
  })

  test('creates the default categories', async () => {
    const { db } = database
    const names = async (table: typeof productCategories | typeof shippingCategories | typeof guideCategories) =>
      (await db.select({ name: table.name }).from(table).orderBy(asc(table.position))).map((row) => row.name)
    expect(await names(productCategories)).toEqual(['Phone Mounts', 'Tools & Parts', 'Device Cases'])
    expect(await names(shippingCategories)).toEqual(['Standard Shipping', 'Small Item Shipping', 'Heavy Item Shipping'])
    expect(await names(guideCategories)).toEqual(['Installation', 'Design', 'Troubleshooting'])
  })

  test('creates twelve products with stored 1200x900 PNG images', { timeout: 30_000 }, async () => {
    const rows = await database.db.select().from(products)
    expect(rows).toHaveLength(12)
    for (const product of rows) {
      expect(product.images.length, product.title).toBeGreaterThanOrEqual(2)
      expect(product.categoryId, product.title).not.toBeNull()
      expect(product.shippingCategoryId, product.title).not.toBeNull()
      for (const key of product.images) {
        expect(key).toMatch(/^products\/[a-z0-9-]+\/\d+\.[0-9a-f]{16}\.png$/)
        const file = await storage.get(key)
        expect(file, key).not.toBeNull()
        expect(file?.contentType).toBe('image/png')
        const meta = await sharp(file?.body).metadata()
        expect([meta.format, meta.width, meta.height], key).toEqual(['png', 1200, 900])
      }
    }
  })

  test('products cover statuses, stock, tiers and variations', async () => {
    const rows = await database.db.select().from(products)
    expect(rows.filter((p) => p.status === 'hidden')).toHaveLength(1)
    expect(rows.filter((p) => p.status === 'archived')).toHaveLength(1)
    expect(rows.filter((p) => p.stockQuantity === 0)).toHaveLength(1)
    const tiered = rows.filter((p) => p.priceType === 'tiered')
    expect(tiered.length).toBeGreaterThan(0)
    for (const product of tiered) {
      expect(product.tieredPricing.map((t) => t.quantity)).toEqual([1, 10, 50])
      const prices = product.tieredPricing.map((t) => t.priceCents)
      expect([...prices].sort((a, b) => b - a)).toEqual(prices)
      expect(new Set(prices).size).toBe(3)
    }
    const quickSelect = rows.filter((p) => p.quickSelectVisible)
    expect(quickSelect.length).toBeGreaterThanOrEqual(2)
    for (const product of quickSelect) expect(product.variations.length).toBeGreaterThan(0)
  })

  test('SUMMER15 is active from the start of today for 7 days', async () => {
    const [promotion] = await database.db.select().from(promotions).where(eq(promotions.code, 'SUMMER15'))
    expect(promotion).toMatchObject({ name: 'Summer Sale', type: 'percentage', value: 15 })
    expect(promotion).toMatchObject({ status: 'active', appliesTo: 'all' })
    const startOfToday = new Date(now)
    startOfToday.setHours(0, 0, 0, 0)
    expect(promotion.startDate.getTime()).toBe(startOfToday.getTime())
    const sevenDaysLater = new Date(startOfToday)
    sevenDaysLater.setDate(sevenDaysLater.getDate() + 7)
    expect(promotion.endDate.getTime()).toBe(sevenDaysLater.getTime())
  })

  test('review counts and ratings match the approved reviews', async () => {
    const { db } = database
    const allReviews = await db.select().from(reviews)
    const approved = allReviews.filter((r) => r.approved)
    expect(approved.length).toBeGreaterThanOrEqual(10)
    expect(approved.filter((r) => r.productId === null)).toHaveLength(2)
    expect(allReviews.filter((r) => !r.approved)).toHaveLength(2)
    for (const product of await db.select().from(products)) {
      const ratings = approved.filter((r) => r.productId === product.id).map((r) => r.rating)
      expect(product.reviewCount, product.title).toBe(ratings.length)
      const average = ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 : 0
      expect(product.rating, product.title).toBe(average)
    }
  })

  test('content: policies, services and guides', async () => {
    const { db } = database
    const policyRows = await db.select().from(policies)
    expect(policyRows.map((p) => p.slug).sort()).toEqual(['privacy', 'returns', 'shipping'])
    const returns = policyRows.find((p) => p.slug === 'returns')
    expect(returns?.title).toBe('Returns & Exchanges')
    expect(returns?.content).toContain('30 days')

    const serviceRows = await db.select().from(services)
    expect(serviceRows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: '3D Design', priceCents: 3000, priceUnit: 'hr' }),
        expect.objectContaining({ title: '3D Printing', priceCents: 500, priceUnit: 'print hour' }),
      ]),
    )
    for (const service of serviceRows) {
      const features = await db.select().from(serviceFeatures).where(eq(serviceFeatures.serviceId, service.id))
      expect(features.length, service.title).toBeGreaterThanOrEqual(3)
    }
    // The printing service names the materials the shop prints in (its print settings), no others.
    const printing = serviceRows.find((service) => service.title === '3D Printing')
    const offered = (await db.select().from(printMaterials).orderBy(asc(printMaterials.position))).map((m) => m.name)
    expect(offered).toEqual(['PLA', 'ASA', 'PETG', 'TPU'])
    const printingFeatures = await db
      .select()
      .from(serviceFeatures)
      .where(eq(serviceFeatures.serviceId, printing?.id ?? ''))
    expect(printingFeatures.map((feature) => feature.name)).toContain('PLA, ASA, PETG and TPU')
    expect(printing?.description).toContain('PLA, ASA, PETG and TPU')
    expect(`${printing?.description} ${printingFeatures.map((feature) => feature.name).join(' ')}`).not.toMatch(
      /ABS|nylon/i,
    )

    const guideRows = await db.select().from(guides)
    expect(guideRows).toHaveLength(4)
    expect(guideRows.filter((g) => g.status === 'hidden')).toHaveLength(1)
    const steps = await db.select().from(guideSteps)
    expect(steps.some((s) => s.video?.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true)
  })

  test('refuses to seed twice', async () => {
    await expect(seedDemoShop(database.db, storage, { now })).rejects.toThrow(DemoShopAlreadySeededError)
    await expect(seedDemoShop(database.db, storage, { now })).rejects.toThrow(/already contains products/)
    expect(await database.db.$count(products)).toBe(12)
  })
})
