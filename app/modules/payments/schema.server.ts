import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { timeColumn } from '../../utils/table-columns.ts'
import type { CheckoutLine, CheckoutShippingAddress } from './types.ts'

/** Each payment-provider event is recorded once; a replayed event finds its row and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
)

/**
 * Sessions of the built-in demo checkout (the default without payment keys). They live in the
 * database so every server instance can show and settle them.
 */
export const demoCheckoutSessions = pgTable(
  'demo_checkout_sessions',
  {
    id: text('id').primaryKey(),
    referenceKind: text('reference_kind', { enum: ['cart', 'invoice'] }).notNull(),
    referenceId: text('reference_id').notNull(),
    lines: jsonb('lines').$type<CheckoutLine[]>().notNull(),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents'),
    shippingCents: integer('shipping_cents').notNull(),
    amountTotalCents: integer('amount_total_cents').notNull(),
    customerEmail: text('customer_email'),
    collectShippingAddress: boolean('collect_shipping_address').notNull(),
    shippingCountries: text('shipping_countries').array().notNull().default(sql`'{}'::text[]`),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    paymentStatus: text('payment_status', { enum: ['paid', 'unpaid', 'no_payment_required'] })
      .notNull()
      .default('unpaid'),
    shippingAddress: jsonb('shipping_address').$type<CheckoutShippingAddress>(),
    paymentReference: text('payment_reference'),
    createdAt: timeColumn('created_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('demo_checkout_sessions_open_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`)],
)
