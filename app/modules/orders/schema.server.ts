import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { type ShippingAddress, users } from '../accounts/schema.server.ts'
import { products } from '../catalog/schema.server.ts'
import { modelFiles } from '../documents/schema.server.ts'

export const orderStatuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a guest checkout; the e-mail then identifies the buyer. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    promoCode: text('promo_code'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    /** The hosted checkout session that paid for this order, if any. */
    paymentSessionId: text('payment_session_id').unique(),
    /** Paid through the built-in demo checkout: no money was taken, so it must never be shipped. */
    testPayment: boolean('test_payment').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_status_idx').on(t.status),
    index('orders_created_at_idx').on(t.createdAt.desc()),
    index('orders_test_payment_idx').on(t.createdAt.desc()).where(sql`${t.testPayment}`),
    check('orders_total_nonnegative', sql`${t.totalCents} >= 0`),
  ],
)

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** Copied at order time so the order reads the same after the product changes. */
    title: text('title').notNull(),
    variation: jsonb('variation').$type<{ id: string; name: string } | null>(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalPriceCents: integer('total_price_cents').notNull(),
    /** A made-to-order line's instructions from the customer. */
    note: text('note'),
    /** A made-to-order line's 3D model (documents module's model_files). */
    modelFileId: uuid('model_file_id').references(() => modelFiles.id, { onDelete: 'set null' }),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), check('order_lines_quantity_positive', sql`${t.quantity} > 0`)],
)

/** A priced cart line, copied when the checkout starts so the order matches what was paid for. */
export type CheckoutLineSnapshot = {
  productId: string
  title: string
  variation: { id: string; name: string } | null
  quantity: number
  unitPriceCents: number
  totalPriceCents: number
  /** A made-to-order line's note and 3D model; absent on checkouts started before they existed. */
  note?: string | null
  modelFileId?: string | null
}

export const checkoutStatuses = ['open', 'completed', 'expired'] as const

/**
 * A cart checkout in progress at the payment provider. Its stock is reserved while it is open;
 * completing it creates the order, expiring it gives the stock back.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('checkouts_holder_open_idx').on(t.holderKey).where(sql`${t.status} = 'open'`),
    index('checkouts_client_created_idx').on(t.clientAddress, t.createdAt.desc()),
    index('checkouts_open_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`),
    check('checkouts_total_nonnegative', sql`${t.totalCents} >= 0`),
  ],
)
