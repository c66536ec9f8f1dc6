import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { customerSaleRules, idColumn, partOf, soldProductColumns, timeColumn } from '../../utils/table-columns.ts'
import { type ShippingAddress, users } from '../accounts/schema.server.ts'
import { products } from '../catalog/schema.server.ts'
import { modelFiles } from '../documents/schema.server.ts'
import { quoteModels } from '../instant-quote/schema.server.ts'
import { promotions } from '../promotions/schema.server.ts'
import type { CheckoutLineDto, PrintLineDetails } from './types.ts'

/** The specification's order status: where the parcel is (fulfilment), apart from the money. */
export const orderStatuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const

/** Where the money is: apart from the fulfilment status (DESIGN 10). */
export const orderPaymentStatuses = ['unpaid', 'paid', 'test', 'refunded', 'partially_refunded'] as const

/** Orders are numbered for people from #1001; the UUID stays the key. */
export const orderNumberSequence = pgSequence('orders_number_seq', { startWith: 1001 })

export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    /** The short number people use (#1001); shared by the order, its invoice and its e-mails. */
    number: integer('number').notNull().unique().default(sql`nextval('orders_number_seq')`),
    /** Null for a guest checkout; the e-mail then identifies the buyer. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: orderPaymentStatuses }).notNull().default('unpaid'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    promoCode: text('promo_code'),
    /** The promotion the order used: it counts towards the promotion's usage limits. */
    promotionId: uuid('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    /** The hosted checkout session that paid for this order, if any. */
    paymentSessionId: text('payment_session_id').unique(),
    /** Paid through the built-in demo checkout: no money was taken, so it must never be shipped. */
    testPayment: boolean('test_payment').notNull().default(false),
    /** The provider that took the money and its reference (Stripe: the PaymentIntent), for refunds. */
    paymentProvider: text('payment_provider'),
    paymentReference: text('payment_reference'),
    /** Money given back so far; the payment status says refunded once it reaches the total. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** The carrier's tracking page, when the shop gives one (https only). */
    trackingUrl: text('tracking_url'),
    /** The shop's own notes; never shown to the customer. */
    internalNote: text('internal_note'),
    createdAt: timeColumn('created_at'),
    updatedAt: timeColumn('updated_at'),
  },
  (t) => [
    index('orders_payment_status_idx').on(t.paymentStatus),
    check('orders_refunded_range', sql`${t.refundedCents} between 0 and ${t.totalCents}`),
    index('orders_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('orders_status_idx').on(t.status),
    // Ascending, read backwards for newest first: an index built DESC sorts nulls last, so it cannot
    // serve ORDER BY created_at DESC (nulls first) and PostgreSQL would sort the whole table.
    index('orders_created_at_idx').on(t.createdAt, t.id),
    // The dashboard's orders per day and top products.
    index('orders_paid_at_idx').on(t.paidAt).where(sql`${t.paidAt} is not null`),
    index('orders_promotion_idx').on(t.promotionId, t.createdAt, t.id).where(sql`${t.promotionId} is not null`),
    index('orders_test_payment_idx').on(t.createdAt, t.id).where(sql`${t.testPayment}`),
    // The orders to fulfil (figures.server.ts `isToFulfil`): their list and count read only them.
    index('orders_to_fulfil_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} in ('pending', 'processing') and ${t.paymentStatus} in ('paid', 'partially_refunded')`),
    ...customerSaleRules('orders', t),
  ],
)

export const orderLines = pgTable(
  'order_lines',
  {
    id: idColumn(),
    orderId: partOf('order_id', () => orders.id),
    ...soldProductColumns(() => products.id),
    /** Copied at order time so the order reads the same after the product changes. */
    title: text('title').notNull(),
    variation: jsonb('variation').$type<{ id: string; name: string } | null>(),
    totalPriceCents: integer('total_price_cents').notNull(),
    /** A made-to-order line's instructions from the customer. */
    note: text('note'),
    /** A made-to-order line's 3D model (documents module's model_files). */
    modelFileId: uuid('model_file_id').references(() => modelFiles.id, { onDelete: 'set null' }),
    /**
     * A print of the customer's own model (instant quote, decision 039): the model, which cannot be
     * deleted while a line refers to it (restrict), and the measures and options it was priced with.
     */
    quoteModelId: uuid('quote_model_id').references(() => quoteModels.id, { onDelete: 'restrict' }),
    print: jsonb('print').$type<PrintLineDetails>(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_quote_model_idx').on(t.quoteModelId).where(sql`${t.quoteModelId} is not null`),
    // The dashboard's top products read each one's newest title from its lines.
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
)

/**
 * Orders paid for real per UTC quarter-hour (decision 033): the dashboard's orders per shop day,
 * summed from these instead of read order by order. Kept by a trigger on `orders` (migration 0022).
 */
export const paidOrderBuckets = pgTable(
  'paid_order_buckets',
  {
    bucketStart: timestamp('bucket_start', { withTimezone: true }).primaryKey(),
    orders: integer('orders').notNull(),
  },
  // Read from the index alone, as invoice_revenue_buckets_days_idx is (decision 033, step 3).
  (t) => [index('paid_order_buckets_days_idx').on(t.bucketStart, t.orders)],
)

/**
 * Each product's sales per UTC quarter-hour in orders paid for real and not refunded in full
 * (decision 033): the dashboard's top products read these narrow rows instead of joining every
 * line to its order. Kept by triggers on `orders` and `order_lines` (migration 0022).
 */
export const productSalesBuckets = pgTable(
  'product_sales_buckets',
  {
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    productId: uuid('product_id').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bucketStart, t.productId] }),
    // A candidate's exact sales over a period (see productSalesMonths).
    index('product_sales_buckets_product_idx').on(t.productId, t.bucketStart),
  ],
)

/**
 * An upper bound of each product's sales per UTC calendar month: the sum of its quarter-hours'
 * revenue (those below zero counted as zero), kept by a trigger on `product_sales_buckets`.
 * The top products of a period are found among each month's best few (read on the index), and
 * are exact once the best of them outsells what any product outside could reach (decision 033).
 */
export const productSalesMonths = pgTable(
  'product_sales_months',
  {
    monthStart: timestamp('month_start', { withTimezone: true }).notNull(),
    productId: uuid('product_id').notNull(),
    revenueBoundCents: bigint('revenue_bound_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.monthStart, t.productId] }),
    index('product_sales_months_best_idx').on(t.monthStart, t.revenueBoundCents),
  ],
)

export const orderEventKinds = [
  'placed',
  'paid',
  'status',
  'shipped',
  'cancelled',
  'refunded',
  'note',
  'confirmation_sent',
] as const

/** An order's history: who changed what and when, shown on the back-office order page. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: idColumn(),
    orderId: partOf('order_id', () => orders.id),
    kind: text('kind', { enum: orderEventKinds }).notNull(),
    /** Who did it; null for the customer's checkout or the payment provider (see actorLabel). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Copied when it happened, so the history reads the same after the account is gone. */
    actorLabel: text('actor_label').notNull(),
    /** What happened, in words, e.g. 'Status: processing → shipped'. */
    message: text('message').notNull(),
    /** The facts behind it: amounts, provider references, carrier and tracking number. */
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>(),
    createdAt: timeColumn('created_at'),
    /**
     * The order events were written in: `created_at` is the transaction's start, the same for
     * every event of one change (placed and paid, refunded and cancelled).
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
)

/** A priced cart line, copied when the checkout starts so the order matches what was paid for. */
export type CheckoutLineSnapshot = CheckoutLineDto

export const checkoutStatuses = ['open', 'completed', 'expired'] as const

/**
 * A cart checkout in progress at the payment provider. Its stock is reserved while it is open;
 * completing it creates the order, expiring it gives the stock back.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: idColumn(),
    /** Null for a guest; the provider's page then collects e-mail and shipping address. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    /** The signed-in customer's profile address when the checkout started, if complete. */
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    lines: jsonb('lines').$type<CheckoutLineSnapshot[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    promoCode: text('promo_code'),
    /** While the checkout is open it holds one use of this promotion. */
    promotionId: uuid('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').unique(),
    status: text('status', { enum: checkoutStatuses }).notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /**
     * The browser that holds the reserved stock (`browser:<token>`, a cookie). A new checkout from
     * the same browser releases the earlier one.
     */
    holderKey: text('holder_key'),
    /** The client's address (as TRUST_PROXY resolves it), for the per-client limits. */
    clientAddress: text('client_address'),
    createdAt: timeColumn('created_at'),
    updatedAt: timeColumn('updated_at'),
  },
  (t) => [
    index('checkouts_holder_open_idx').on(t.holderKey).where(sql`${t.status} = 'open'`),
    index('checkouts_client_created_idx').on(t.clientAddress, t.createdAt, t.id),
    index('checkouts_open_promotion_idx')
      .on(t.promotionId)
      .where(sql`${t.status} = 'open' and ${t.promotionId} is not null`),
    index('checkouts_open_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`),
    check('checkouts_total_nonnegative', sql`${t.totalCents} >= 0`),
  ],
)
