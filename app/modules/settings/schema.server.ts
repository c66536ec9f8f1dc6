import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core'
import { idColumn, partOf, timeColumn } from '../../utils/table-columns.ts'
import { users } from '../accounts/schema.server.ts'
import { shippingCategories } from '../catalog/schema.server.ts'
import { paidOrderStatuses } from './types.ts'

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
