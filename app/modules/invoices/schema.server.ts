import { sql } from 'drizzle-orm'
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { customerSaleRules, idColumn, partOf, soldProductColumns, timeColumn } from '../../utils/table-columns.ts'
import { users } from '../accounts/schema.server.ts'
import { products } from '../catalog/schema.server.ts'
import { orders } from '../orders/schema.server.ts'

/** 'void': cancelled by the shop and kept in the records; it can no longer be paid, changed or deleted. */
export const invoiceStatuses = ['quote', 'unpaid', 'paid', 'void'] as const

export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
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
    /** Paid through the built-in demo checkout: no money was taken. */
    testPayment: boolean('test_payment').notNull().default(false),
    /** Money given back for this invoice (a refund of its order), shown on the invoice. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** When the shop voided it (status 'void'). */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /**
     * Bumped by every change an admin makes (items, customer, status). A payment session records the
     * version it was opened for; a payment for an older version never marks the invoice paid.
     */
    version: integer('version').notNull().default(1),
    createdAt: timeColumn('created_at'),
    updatedAt: timeColumn('updated_at'),
  },
  (t) => [
    index('invoices_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('invoices_status_idx').on(t.status),
    index('invoices_created_at_idx').on(t.createdAt, t.id),
    index('invoices_order_idx').on(t.orderId),
    // Paid invoices by payment date: the list's "paid between" filter and the print hours paid since a
    // date (quotes); the dashboard's revenue reads invoice_revenue_buckets instead (decision 033).
    index('invoices_paid_date_idx').on(t.paymentDate).where(sql`${t.status} = 'paid'`),
    index('invoices_test_payment_idx').on(t.createdAt, t.id).where(sql`${t.testPayment}`),
    ...customerSaleRules('invoices', t),
  ],
)

export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: idColumn(),
    invoiceId: partOf('invoice_id', () => invoices.id),
    ...soldProductColumns(() => products.id),
    description: text('description').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoiceId, t.position)],
)

/** Audit of "Mark as Paid" by a customer: who declared the payment and when. */
export const declaredPayments = pgTable(
  'declared_payments',
  {
    id: idColumn(),
    invoiceId: partOf('invoice_id', () => invoices.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    declaredAt: timestamp('declared_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
  },
  (t) => [index('declared_payments_invoice_idx').on(t.invoiceId)],
)

export const paymentSessionStatuses = ['open', 'completed', 'expired'] as const

/**
 * Each Pay Now: the provider's session with the amount and the invoice version it was opened for.
 * Opening a new one, or an admin's edit, expires the open ones.
 */
export const invoicePaymentSessions = pgTable(
  'invoice_payment_sessions',
  {
    id: idColumn(),
    invoiceId: partOf('invoice_id', () => invoices.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    invoiceVersion: integer('invoice_version').notNull(),
    status: text('status', { enum: paymentSessionStatuses }).notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timeColumn('created_at'),
  },
  (t) => [index('invoice_payment_sessions_invoice_idx').on(t.invoiceId).where(sql`${t.status} = 'open'`)],
)

/**
 * What an invoice payment did: 'applied' (the invoice is paid by it), 'mismatch' (paid for another
 * amount or an older version of the invoice: the invoice stays unpaid) or 'duplicate' (the invoice
 * was already paid: refund it). The last two are flagged for the shop until someone resolves them.
 */
export const invoicePaymentOutcomes = ['applied', 'mismatch', 'duplicate'] as const

/** Every payment received for an invoice through a payment provider, whatever it did. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: idColumn(),
    /** Kept when the invoice is deleted: money was received. */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    paymentReference: text('payment_reference'),
    amountCents: integer('amount_cents').notNull(),
    testPayment: boolean('test_payment').notNull().default(false),
    outcome: text('outcome', { enum: invoicePaymentOutcomes }).notNull(),
    /** Why a flagged payment was not applied, for the shop. */
    note: text('note'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId),
    index('invoice_payments_unresolved_idx')
      .on(t.receivedAt)
      .where(sql`${t.outcome} <> 'applied' and ${t.resolvedAt} is null`),
  ],
)

/**
 * Paid revenue per UTC quarter-hour (decision 033): what the dashboard sums per shop day instead
 * of reading every paid invoice. Every time zone's day starts on a quarter-hour, so the buckets add
 * up to any zone's days exactly. Kept by a trigger on `invoices` (migration 0022), never written
 * by the app: no write path can forget it.
 */
export const invoiceRevenueBuckets = pgTable(
  'invoice_revenue_buckets',
  {
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    testPayment: boolean('test_payment').notNull(),
    /** Totals of the invoices paid in the bucket less what was refunded of them. */
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bucketStart, t.testPayment] }),
    // The dashboard's days read every column from the index alone: the buckets of 60 days lie on
    // as many table pages as rows, since each payment rewrites its bucket (decision 033, step 3).
    index('invoice_revenue_buckets_days_idx').on(t.bucketStart, t.testPayment, t.netCents),
  ],
)

/**
 * How many invoices each status holds and what they add up to (decision 033, step 2): the
 * dashboard's unpaid count and amount in one row, whatever the number of invoices. Kept by
 * statement triggers on `invoices` (migration 0030), never written by the app.
 */
export const invoiceStatusTotals = pgTable('invoice_status_totals', {
  status: text('status', { enum: invoiceStatuses }).primaryKey(),
  invoices: bigint('invoices', { mode: 'number' }).notNull(),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
})
