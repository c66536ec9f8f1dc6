import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

// Column sets several tables share, for the modules' schema.server.ts files. Each call makes new
// columns: a table's SQL is what it would be with the columns written out.

/** A row's own id: a random UUID. */
export function idColumn() {
  return uuid('id').primaryKey().defaultRandom()
}

/** When a row was written (or, as `updated_at`, last changed): the database's clock. */
export function timeColumn<Name extends 'created_at' | 'updated_at'>(name: Name) {
  return timestamp(name, { withTimezone: true }).notNull().defaultNow()
}

/**
 * The link of a row that is part of another (an invoice's item, a message's file): required, and
 * deleted with the row it belongs to.
 * @example invoiceId: partOf('invoice_id', () => invoices.id)
 */
export function partOf<Name extends string>(name: Name, owner: () => AnyPgColumn) {
  return uuid(name).notNull().references(owner, { onDelete: 'cascade' })
}

/**
 * What a line of a sale (an order's line, an invoice's or a quote's item) sold: the product, kept
 * as null once the product is deleted so the line still reads as sold, how many, and the price of
 * one in cents. The product table comes from the caller: `utils/` knows no module.
 * @example export const quoteItems = pgTable('quote_items', { id: idColumn(), quoteId: partOf('quote_id', () => quotes.id), ...soldProductColumns(() => products.id), … })
 */
export function soldProductColumns(product: () => AnyPgColumn) {
  return {
    productId: uuid('product_id').references(product, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  }
}

/** The columns of a category list: a unique name and a place in the list. */
export function categoryListColumns() {
  return {
    id: idColumn(),
    name: text('name').notNull().unique(),
    position: integer('position').notNull().default(0),
    createdAt: timeColumn('created_at'),
  }
}

/**
 * The rules a table of a customer's sales (orders, invoices) keeps beside its columns, named after
 * the table: a trigram index for the back-office search for part of an e-mail ('%casey%' has no
 * left edge a b-tree could use) and a check that the total is never below zero.
 * @example (t) => [index('invoices_status_idx').on(t.status), ...customerSaleRules('invoices', t)]
 */
export function customerSaleRules(table: string, t: { email: ExtraConfigColumn; totalCents: ExtraConfigColumn }) {
  return [
    index(`${table}_email_trgm_idx`).using('gin', t.email.op('gin_trgm_ops')),
    check(`${table}_total_nonnegative`, sql`${t.totalCents} >= 0`),
  ]
}
