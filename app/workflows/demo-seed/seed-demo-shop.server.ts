import { availableParallelism } from 'node:os'
import { count, sql } from 'drizzle-orm'
import { versionedImageKey } from '#app/modules/storage/index.server.ts'
import type { FileStorage } from '#app/modules/storage/types.ts'
import type { Db, DbOrTx } from '#app/utils/db.server.ts'
import * as tables from '#app/utils/db-schema.server.ts'
import {
  type DemoProduct,
  demoAbout,
  demoGuides,
  demoPolicies,
  demoProducts,
  demoPromotion,
  demoReviews,
  demoServices,
  demoUpdates,
  extraDemoPromotions,
  guideCategoryNames,
  productCategoryNames,
  shippingCategoryNames,
} from './demo-content.ts'
import { renderProductImage } from './product-images.server.ts'

const dayMs = 24 * 60 * 60 * 1000

/** Thrown when the shop already has products: demo data is only ever added to an empty shop. */
export class DemoShopAlreadySeededError extends Error {
  name = 'DemoShopAlreadySeededError'
  constructor() {
    super(
      'Cannot seed the demo shop: the database already contains products. Demo data is only added to an empty shop.',
    )
  }
}

/** True when the shop has neither products nor product categories (a fresh installation). */
export async function isDatabaseEmpty(db: DbOrTx): Promise<boolean> {
  const [productRows] = await db.select({ n: count() }).from(tables.products)
  const [categoryRows] = await db.select({ n: count() }).from(tables.productCategories)
  return productRows.n === 0 && categoryRows.n === 0
}

/**
 * Fills an empty shop with believable demo content: categories, services, about page, policies,
 * a dozen products with generated images, guides, news, reviews and the SUMMER15 promotion.
 * Images are rendered and stored first; every row is then written in one transaction, so the shop
 * is either fully seeded or untouched. Creates no accounts.
 */
export async function seedDemoShop(
  db: Db,
  storage: FileStorage,
  options: { now?: Date } = {},
): Promise<{ products: number }> {
  const now = options.now ?? new Date()
  await assertNoProducts(db)
  // Slow work stays outside the transaction. Keys are deterministic, so a failed seed that is run
  // again simply overwrites the same files.
  const imageKeys = await storeProductImages(storage)
  const daysAgo = (days: number) => new Date(now.getTime() - days * dayMs)

  await db.transaction(async (tx) => {
    await assertNoProducts(tx)

    const productCategoryIds = await insertNamed(tx, tables.productCategories, productCategoryNames)
    const shippingCategoryIds = await insertNamed(tx, tables.shippingCategories, shippingCategoryNames)
    const guideCategoryIds = await insertNamed(tx, tables.guideCategories, guideCategoryNames)

    for (const [position, service] of demoServices.entries()) {
      const { features, ...fields } = service
      const [row] = await tx
        .insert(tables.services)
        .values({ ...fields, position })
        .returning({ id: tables.services.id })
      await tx
        .insert(tables.serviceFeatures)
        .values(features.map((name, i) => ({ serviceId: row.id, name, position: i })))
    }

    await tx
      .insert(tables.aboutSections)
      .values(
        (['hero', 'story', 'mission'] as const).map((section) => ({ section, ...demoAbout[section], updatedAt: now })),
      )
    await tx.insert(tables.policies).values(demoPolicies.map((policy, position) => ({ ...policy, position })))

    const productRows = await tx
      .insert(tables.products)
      .values(
        demoProducts.map((product, i) => {
          const createdAt = daysAgo(i + 1)
          return {
            ...productColumns(product),
            images: imageKeys.get(product.slug) ?? [],
            categoryId: productCategoryIds.get(product.category),
            shippingCategoryId: shippingCategoryIds.get(product.shippingCategory),
            createdAt,
            updatedAt: createdAt,
          }
        }),
      )
      .returning({ id: tables.products.id, sku: tables.products.sku })
    const productIdBySku = new Map(productRows.map((row) => [row.sku, row.id]))
    const productIdBySlug = new Map(demoProducts.map((product) => [product.slug, productIdBySku.get(product.sku)]))

    await tx.insert(tables.reviews).values(
      demoReviews.map(({ productSlug, daysAgo: age, ...review }) => {
        const productId = productSlug === null ? null : productIdBySlug.get(productSlug)
        if (productId === undefined) throw new Error(`Demo review refers to an unknown product: ${productSlug}`)
        return { ...review, productId, createdAt: daysAgo(age) }
      }),
    )
    await refreshProductRatings(tx)

    for (const guide of demoGuides) {
      const { steps, category, daysAgo: age, ...fields } = guide
      const createdAt = daysAgo(age)
      const [row] = await tx
        .insert(tables.guides)
        .values({ ...fields, categoryId: guideCategoryIds.get(category), createdAt, updatedAt: createdAt })
        .returning({ id: tables.guides.id })
      await tx.insert(tables.guideSteps).values(
        steps.map((step, position) => ({
          guideId: row.id,
          position,
          title: step.title,
          content: step.content,
          video: step.video ?? null,
        })),
      )
    }

    await tx
      .insert(tables.newsUpdates)
      .values(
        demoUpdates.map(({ daysAgo: age, ...update }) => ({ ...update, date: daysAgo(age), createdAt: daysAgo(age) })),
      )

    const startDate = startOfDay(now)
    const endDate = new Date(startDate)
    endDate.setDate(endDate.getDate() + demoPromotion.durationDays)
    const { durationDays: _duration, ...promotion } = demoPromotion
    await tx.insert(tables.promotions).values({ ...promotion, startDate, endDate, createdAt: now, updatedAt: now })

    const categoryIds = await tx
      .select({ id: tables.productCategories.id, name: tables.productCategories.name })
      .from(tables.productCategories)
    for (const { startDaysFromToday, endDaysFromToday, categoryName, ...extra } of extraDemoPromotions) {
      const start = new Date(startDate)
      start.setDate(start.getDate() + startDaysFromToday)
      const end = new Date(startDate)
      end.setDate(end.getDate() + endDaysFromToday)
      const category = categoryIds.find((row) => row.name === categoryName)
      await tx.insert(tables.promotions).values({
        ...extra,
        startDate: start,
        endDate: end,
        categoryIds: category ? [category.id] : [],
        createdAt: now,
        updatedAt: now,
      })
    }
  })

  return { products: demoProducts.length }
}

async function assertNoProducts(db: DbOrTx) {
  const [row] = await db.select({ n: count() }).from(tables.products)
  if (row.n > 0) throw new DemoShopAlreadySeededError()
}

async function insertNamed(
  tx: DbOrTx,
  table: typeof tables.productCategories | typeof tables.shippingCategories | typeof tables.guideCategories,
  names: readonly string[],
): Promise<Map<string, string>> {
  const rows = await tx
    .insert(table)
    .values(names.map((name, position) => ({ name, position })))
    .returning({ id: table.id, name: table.name })
  return new Map(rows.map((row) => [row.name, row.id]))
}

/** A demo product's own columns: all it says but what only the seed reads (links, looks, images). */
function productColumns(product: DemoProduct) {
  const { slug, category, shippingCategory, palette, shape, imageCount, ...columns } = product
  return columns
}

/** Sets every product's rating (average of approved reviews, one decimal) and review count. */
async function refreshProductRatings(tx: DbOrTx) {
  await tx.execute(sql`
    update products set
      rating = coalesce(
        (select round(avg(r.rating)::numeric, 1) from reviews r where r.product_id = products.id and r.approved),
        0
      ),
      review_count = (select count(*)::int from reviews r where r.product_id = products.id and r.approved)`)
}

/** Renders each product's shots and stores them; returns the storage keys per product slug. */
async function storeProductImages(storage: FileStorage): Promise<Map<string, string[]>> {
  const jobs = demoProducts.flatMap((product) =>
    Array.from({ length: product.imageCount }, (_, index) => ({ product, index, key: '' })),
  )
  await runWithConcurrency(jobs, Math.max(1, Math.min(4, availableParallelism())), async (job) => {
    const image = await renderProductImage({
      title: job.product.title,
      colors: job.product.palette,
      shape: job.product.shape,
      index: job.index,
    })
    // Named with their version (decision 031): a picture drawn differently gets a new URL.
    job.key = versionedImageKey(`products/${job.product.slug}/${job.index + 1}`, image, 'png')
    await storage.put(job.key, image, 'image/png')
  })
  const keys = new Map<string, string[]>()
  for (const job of jobs) keys.set(job.product.slug, [...(keys.get(job.product.slug) ?? []), job.key])
  return keys
}

async function runWithConcurrency<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

function startOfDay(date: Date): Date {
  const start = new Date(date)
  start.setHours(0, 0, 0, 0)
  return start
}
