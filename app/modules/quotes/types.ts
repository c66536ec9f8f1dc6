import type { quoteItems, quotes } from './schema.server.ts'

type QuoteRow = typeof quotes.$inferSelect

export type QuoteStatus = QuoteRow['status']

/** What the customer and the shop see of a quote; `expired` is read from the date. */
export type QuoteDto = Pick<
  QuoteRow,
  'id' | 'userId' | 'status' | 'totalCents' | 'expiresAt' | 'requestedAt' | 'acceptedAt' | 'invoiceId' | 'createdAt'
> & { expired: boolean; items: QuoteItemDto[] }

export type QuoteItemDto = Pick<
  typeof quoteItems.$inferSelect,
  'productId' | 'title' | 'quantity' | 'unitPriceCents' | 'totalPriceCents'
>

/** A quote line priced by the caller from the catalogue (the base price: storefront §9). */
export type QuoteItemInput = QuoteItemDto & { productId: string }

/** The back-office list's filters. */
export type QuoteFilter = 'all' | QuoteStatus | 'expired'
