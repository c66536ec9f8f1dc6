import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { idColumn, partOf, soldProductColumns, timeColumn } from '../../utils/table-columns.ts'
import { users } from '../accounts/schema.server.ts'
import { products } from '../catalog/schema.server.ts'
import { quoteModels } from '../instant-quote/schema.server.ts'
import { invoices } from '../invoices/schema.server.ts'
import type { PrintQuoteDetails } from './types.ts'

/**
 * A customer's quote: a 'draft' they saved, 'requested' once they ask the shop to accept it,
 * 'accepted' when the shop turned it into an invoice. An expired quote (past `expiresAt`) is shown
 * as expired and cannot be accepted; that is read from the date, not stored.
 */
export const quoteStatuses = ['draft', 'requested', 'accepted'] as const

export const quotes = pgTable(
  'quotes',
  {
    id: idColumn(),
    userId: partOf('user_id', () => users.id),
    status: text('status', { enum: quoteStatuses }).notNull().default('draft'),
    totalCents: integer('total_cents').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the customer asked the shop to accept it. */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    /** The unpaid invoice the shop made of it, at the quoted prices. */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timeColumn('created_at'),
  },
  (t) => [
    index('quotes_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The back-office list's "All", newest first: without it a page sorted every quote (decision 032, step 13).
    index('quotes_created_idx').on(t.createdAt, t.id),
    index('quotes_status_created_idx').on(t.status, t.createdAt, t.id),
    index('quotes_invoice_idx').on(t.invoiceId),
    // The dashboard's requests awaiting an answer: those not yet past their date.
    index('quotes_requested_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'requested'`),
  ],
)

export const quoteItems = pgTable(
  'quote_items',
  {
    id: idColumn(),
    quoteId: partOf('quote_id', () => quotes.id),
    ...soldProductColumns(() => products.id),
    title: text('title').notNull(),
    totalPriceCents: integer('total_price_cents').notNull(),
    position: integer('position').notNull().default(0),
    /**
     * A print of the customer's own model (instant quote, issue 15): the model, and the measures and
     * options it was priced with at save time, so the quote reads the same after the settings change.
     */
    quoteModelId: uuid('quote_model_id').references(() => quoteModels.id, { onDelete: 'set null' }),
    print: jsonb('print').$type<PrintQuoteDetails>(),
  },
  (t) => [index('quote_items_quote_idx').on(t.quoteId, t.position), index('quote_items_model_idx').on(t.quoteModelId)],
)
