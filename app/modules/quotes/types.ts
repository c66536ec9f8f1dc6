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
  'productId' | 'title' | 'quantity' | 'unitPriceCents' | 'totalPriceCents' | 'quoteModelId' | 'print'
>

/** A quote line priced by the caller from the catalogue (the base price: storefront §9). */
export type QuoteItemInput = Omit<QuoteItemDto, 'quoteModelId' | 'print'> & { productId: string }

/** A line printing the customer's own model, priced by the server from its stored measures. */
export type PrintQuoteItemInput = Omit<QuoteItemDto, 'productId' | 'quoteModelId' | 'print'> & {
  quoteModelId: string
  print: PrintQuoteDetails
}

/**
 * What a printed line was priced with, kept as it was at save time (sizes in mm at the chosen
 * units, labels as the customer saw them).
 */
export type PrintQuoteDetails = {
  fileName: string
  size: { x: number; y: number; z: number }
  volumeMm3: number
  watertight: boolean
  material: string
  colour: string
  quality: string
  infillPercent: number
  units: 'mm' | 'inch'
  gramsPerPart: number
  printHoursPerPart: number
}

/** The back-office list's filters. */
export type QuoteFilter = 'all' | QuoteStatus | 'expired'
