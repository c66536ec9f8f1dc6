import { type SQL, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { PRODUCT_STATUSES } from '../../rules/product-form.ts'
import { categoryListColumns } from '../../utils/table-columns.ts'

/** A quantity tier: from `quantity` items on, each costs `priceCents`. */
export type PriceTier = { quantity: number; priceCents: number }
/** A product option; the modifier is added to the unit price (may be negative). */
export type Variation = { id: string; name: string; priceModifierCents: number }

export const productCategories = pgTable('product_categories', categoryListColumns())

export const shippingCategories = pgTable('shipping_categories', categoryListColumns())

// The expressions the list indexes are built on; the lists and the search order by the same ones
// (product-pages.server.ts, service.server.ts), so each order is read from its index.
export const inStock = (t: { stockQuantity: AnyPgColumn }) => sql`(${t.stockQuantity} > 0)`
export const outOfStock = (t: { stockQuantity: AnyPgColumn }) => sql`(${t.stockQuantity} <= 0)`
const visibleOnly = (t: { status: AnyPgColumn }) => sql`${t.status} = 'visible'`
/**
 * The products to restock: not archived, stock at or below their own threshold. A partial index's
 * condition and the queries' (low-stock.server.ts) are this one expression, so PostgreSQL sees the
 * queries imply it.
 */
export const lowOnStock = (t: { status: AnyPgColumn; stockQuantity: AnyPgColumn; lowStockThreshold: AnyPgColumn }) =>
  sql`${t.status} <> 'archived' and ${t.stockQuantity} <= ${t.lowStockThreshold}`

/** Trigram indexes of the title and the SKU of the products `where` holds: a search within them. */
function searchedWithin(t: { title: ExtraConfigColumn; sku: ExtraConfigColumn }, name: string, where: SQL) {
  return [
    index(`products_${name}_title_trgm_idx`).using('gin', t.title.op('gin_trgm_ops')).where(where),
    index(`products_${name}_sku_trgm_idx`).using('gin', t.sku.op('gin_trgm_ops')).where(where),
  ]
}

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Storage keys; the first is the cover image. */
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    videos: jsonb('videos').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('visible'),
    categoryId: uuid('category_id').references(() => productCategories.id, { onDelete: 'set null' }),
    shippingCategoryId: uuid('shipping_category_id').references(() => shippingCategories.id, {
      onDelete: 'set null',
    }),
    sku: text('sku').unique(),
    priceCents: integer('price_cents').notNull().default(0),
    priceType: text('price_type', { enum: ['set', 'tiered'] })
      .notNull()
      .default('set'),
    tieredPricing: jsonb('tiered_pricing').$type<PriceTier[]>().notNull().default(sql`'[]'::jsonb`),
    variations: jsonb('variations').$type<Variation[]>().notNull().default(sql`'[]'::jsonb`),
    quickSelectVisible: boolean('quick_select_visible').notNull().default(false),
    /** Average of approved reviews, kept up to date by the reviews module. */
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    /** At or below this stock the product is listed as low on stock for the shop. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
    /** Optional price id at the payment provider; checkout builds prices itself when absent. */
    providerPriceId: text('provider_price_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_status_idx').on(t.status),
    index('products_category_idx').on(t.categoryId),
    // The settings page counts each shipping category's products, and deleting one looks for any:
    // without it, each read every product (161 ms at 100,000 products).
    index('products_shipping_category_idx').on(t.shippingCategoryId),
    index('products_created_at_idx').on(t.createdAt, t.id),
    // The few products to restock, found without reading the catalogue, in the order they are
    // listed (low-stock.server.ts): the dashboard's first ten are its first ten entries.
    index('products_low_stock_idx').on(t.stockQuantity, t.title, t.id).where(lowOnStock(t)),
    index('products_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // With the title's, the back-office search reads an index for 'title or SKU contains'.
    index('products_sku_trgm_idx').using('gin', t.sku.op('gin_trgm_ops')),
    // The back-office list counts a search's matches in each filter (catalog/manage.server.ts).
    // Through the whole catalogue's trigrams, a common word's few hidden products were all its
    // matches ANDed with every hidden product (12 ms for three counts at 100,000 products); these
    // hold each filter's products alone (4 ms). Visible is most of the catalogue: the whole
    // catalogue's indexes serve it.
    ...searchedWithin(t, 'hidden', sql`${t.status} = 'hidden'`),
    ...searchedWithin(t, 'archived', sql`${t.status} = 'archived'`),
    ...searchedWithin(t, 'low_stock', lowOnStock(t)),
    // The storefront's list orders (product-pages.server.ts), each with and without a category, of
    // visible products only and ending in the id: every page is a seek to its cursor and a read of
    // the next rows. In-stock first is the key's first column, so every order keeps it.
    index('products_visible_newest_idx').on(inStock(t), t.createdAt, t.id).where(visibleOnly(t)),
    // Search (header suggestions, /search): in stock first, by title. A common word is found by
    // reading this in order until the page is full (0.4 ms for "mount" at 100,000 products, against
    // 10-80 ms reading and sorting its 5,000 matches); a rare one still goes by the trigram index.
    index('products_visible_stocked_title_idx').on(outOfStock(t), t.title).where(visibleOnly(t)),
    index('products_visible_category_newest_idx').on(t.categoryId, inStock(t), t.createdAt, t.id).where(visibleOnly(t)),
    index('products_visible_price_asc_idx').on(outOfStock(t), t.priceCents, t.id).where(visibleOnly(t)),
    index('products_visible_category_price_asc_idx')
      .on(t.categoryId, outOfStock(t), t.priceCents, t.id)
      .where(visibleOnly(t)),
    index('products_visible_price_desc_idx').on(inStock(t), t.priceCents, t.id).where(visibleOnly(t)),
    index('products_visible_category_price_desc_idx')
      .on(t.categoryId, inStock(t), t.priceCents, t.id)
      .where(visibleOnly(t)),
    index('products_visible_rating_idx').on(inStock(t), t.rating, t.reviewCount, t.id).where(visibleOnly(t)),
    index('products_visible_category_rating_idx')
      .on(t.categoryId, inStock(t), t.rating, t.reviewCount, t.id)
      .where(visibleOnly(t)),
    // The test products page (by title), the sitemap's files and count (by id) and its /products
    // entry (the newest change).
    index('products_visible_title_idx').on(t.title, t.id).where(visibleOnly(t)),
    index('products_visible_id_idx').on(t.id).where(visibleOnly(t)),
    index('products_visible_updated_at_idx').on(t.updatedAt).where(visibleOnly(t)),
    check('products_price_nonnegative', sql`${t.priceCents} >= 0`),
    // Every product has one of the statuses, so the list's "All" is the sum of their filters.
    check(
      'products_status_known',
      sql`${t.status} in (${sql.raw(PRODUCT_STATUSES.map((status) => `'${status}'`).join(', '))})`,
    ),
    check('products_stock_nonnegative', sql`${t.stockQuantity} >= 0`),
    check('products_low_stock_threshold_range', sql`${t.lowStockThreshold} between 0 and 100000`),
  ],
)

/**
 * When each of the shop's stock alerts was last sent (one row per alert, such as the daily
 * low-stock e-mail), so that several server instances send it only once.
 */
export const stockAlerts = pgTable('stock_alerts', {
  name: text('name').primaryKey(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
})
