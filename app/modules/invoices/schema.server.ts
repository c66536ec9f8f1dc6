import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../accounts/schema.server.ts'
import { products } from '../catalog/schema.server.ts'
import { orders } from '../orders/schema.server.ts'

export const invoiceStatuses = ['quote', 'unpaid', 'paid'] as const

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Billing e-mail, kept for guest orders that have no user. */
    email: text('email'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    status: text('status', { enum: invoiceStatuses }).notNull().default('unpaid'),
    totalCents: integer('total_cents').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    paymentDate: timestamp('payment_date', { withTimezone: true }),
    /** The payment provider's reference (payment intent or session id) for card payments. */
    paymentReference: text('payment_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('invoices_status_idx').on(t.status),
    index('invoices_created_at_idx').on(t.createdAt.desc()),
    index('invoices_order_idx').on(t.orderId),
    check('invoices_total_nonnegative', sql`${t.totalCents} >= 0`),
  ],
)

export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoiceId, t.position)],
)

/** Audit of "Mark as Paid" by a customer: who declared the payment and when. */
export const declaredPayments = pgTable(
  'declared_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    declaredAt: timestamp('declared_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
  },
  (t) => [index('declared_payments_invoice_idx').on(t.invoiceId)],
)
