import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { idColumn, timeColumn } from '../../utils/table-columns.ts'

export const promotions = pgTable(
  'promotions',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Stored upper-cased; matched case-insensitively. */
    code: text('code').notNull().unique(),
    type: text('type', { enum: ['percentage', 'fixed'] }).notNull(),
    /** Percent (0-100) for a percentage promotion, cents for a fixed one. */
    value: integer('value').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('scheduled'),
    appliesTo: text('applies_to', { enum: ['all', 'products', 'categories'] })
      .notNull()
      .default('all'),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** How many orders may use it in all; null for no limit. Open checkouts hold a use. */
    usageLimit: integer('usage_limit'),
    /** How many orders one customer may use it for; null for no limit. Needs a signed-in buyer. */
    perCustomerLimit: integer('per_customer_limit'),
    createdAt: timeColumn('created_at'),
    updatedAt: timeColumn('updated_at'),
  },
  (t) => [
    index('promotions_created_at_idx').on(t.createdAt, t.id),
    check('promotions_code_upper', sql`${t.code} = upper(${t.code})`),
    check('promotions_value_nonnegative', sql`${t.value} >= 0`),
    check('promotions_usage_limit_positive', sql`${t.usageLimit} is null or ${t.usageLimit} >= 1`),
    check('promotions_per_customer_limit_positive', sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1`),
  ],
)
