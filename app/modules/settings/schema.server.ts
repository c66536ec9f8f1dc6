import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import type { BatchDiscountTier } from '#app/rules/print-quote.ts'
import { idColumn, partOf, timeColumn } from '../../utils/table-columns.ts'
import { users } from '../accounts/schema.server.ts'
import { shippingCategories } from '../catalog/schema.server.ts'
import { type PrintColour, paidOrderStatuses } from './types.ts'

export { paidOrderStatuses }

/**
 * The shop's own details and order rules: one row (id 1). The legal details are printed on every
 * invoice; the shipping defaults apply where no rate of `shipping_rates` does.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull().default(''),
    /** Postal address, one line per line as printed. */
    address: text('address').notNull().default(''),
    email: text('email').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    /** The fulfilment status a paid order starts with. */
    paidOrderStatus: text('paid_order_status', { enum: paidOrderStatuses }).notNull().default('processing'),
    /** The specification's flat 5.00, charged where no rate applies (0 for an empty cart). */
    defaultShippingCents: integer('default_shipping_cents').notNull().default(500),
    /** ISO 3166-1 alpha-2 codes the shop ships to; empty means worldwide. */
    shippingCountries: text('shipping_countries').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timeColumn('updated_at'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('shop_settings_one_row', sql`${t.id} = 1`),
    check('shop_settings_default_shipping_range', sql`${t.defaultShippingCents} between 0 and 100000000`),
  ],
)

/** A group of destination countries that share shipping rates, e.g. 'Europe'. */
export const shippingZones = pgTable('shipping_zones', {
  id: idColumn(),
  name: text('name').notNull().unique(),
  /** ISO 3166-1 alpha-2 codes; a country belongs to at most one zone. */
  countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
  position: integer('position').notNull().default(0),
  createdAt: timeColumn('created_at'),
})

/**
 * The price of shipping a shipping category to a zone; a null zone is 'everywhere else'. An
 * order pays the highest rate among its lines.
 */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: idColumn(),
    shippingCategoryId: partOf('shipping_category_id', () => shippingCategories.id),
    zoneId: uuid('zone_id').references(() => shippingZones.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    unique('shipping_rates_category_zone_unique').on(t.shippingCategoryId, t.zoneId).nullsNotDistinct(),
    index('shipping_rates_zone_idx').on(t.zoneId),
    check('shipping_rates_price_range', sql`${t.priceCents} between 0 and 100000000`),
  ],
)

/**
 * A material the instant quote offers (issue 15): priced by weight, in the colours listed, in the
 * shop's order. A price per gram is in millicents (1/1000 cent): filament costs fractions of a cent.
 */
export const printMaterials = pgTable(
  'print_materials',
  {
    id: idColumn(),
    name: text('name').notNull().unique(),
    densityGPerCm3: doublePrecision('density_g_per_cm3').notNull(),
    pricePerGramMillicents: integer('price_per_gram_millicents').notNull(),
    colours: jsonb('colours').$type<PrintColour[]>().notNull().default(sql`'[]'::jsonb`),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    updatedAt: timeColumn('updated_at'),
  },
  (t) => [
    check('print_materials_density_range', sql`${t.densityGPerCm3} > 0 and ${t.densityGPerCm3} <= 25`),
    check('print_materials_price_range', sql`${t.pricePerGramMillicents} between 0 and 100000000`),
  ],
)

/**
 * The instant quote's rates and print-time model (one row, id 1; decision 035). A quote is priced
 * with the values of the moment it is made; a saved quote keeps its price.
 */
export const printSettings = pgTable(
  'print_settings',
  {
    id: integer('id').primaryKey().default(1),
    ratePerHourCents: integer('rate_per_hour_cents').notNull().default(500),
    setupFeeCents: integer('setup_fee_cents').notNull().default(300),
    minimumPriceCents: integer('minimum_price_cents').notNull().default(1000),
    wallThicknessMm: doublePrecision('wall_thickness_mm').notNull().default(1.2),
    flowMm3PerSecond: doublePrecision('flow_mm3_per_second').notNull().default(10),
    layerSeconds: doublePrecision('layer_seconds').notNull().default(4),
    productionDaysMin: integer('production_days_min').notNull().default(3),
    productionDaysMax: integer('production_days_max').notNull().default(5),
    farmHoursPerDay: integer('farm_hours_per_day').notNull().default(160),
    batchDiscounts: jsonb('batch_discounts')
      .$type<BatchDiscountTier[]>()
      .notNull()
      .default(sql`'[{"quantity":10,"percentOff":10},{"quantity":50,"percentOff":20}]'::jsonb`),
    buildXMm: integer('build_x_mm').notNull().default(256),
    buildYMm: integer('build_y_mm').notNull().default(256),
    buildZMm: integer('build_z_mm').notNull().default(256),
    fileSizeLimitMb: integer('file_size_limit_mb').notNull().default(50),
    updatedAt: timeColumn('updated_at'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('print_settings_one_row', sql`${t.id} = 1`)],
)
