export type QuoteStatus = 'draft' | 'requested' | 'accepted'

/** What the customer and the shop see of a quote; `expired` is read from the date. */
export type QuoteDto = {
  id: string
  userId: string
  status: QuoteStatus
  totalCents: number
  expiresAt: Date
  expired: boolean
  requestedAt: Date | null
  acceptedAt: Date | null
  /** The unpaid invoice the shop made of it. */
  invoiceId: string | null
  createdAt: Date
  items: QuoteItemDto[]
}

export type QuoteItemDto = {
  productId: string | null
  title: string
  quantity: number
  unitPriceCents: number
  totalPriceCents: number
}

/** A quote line priced by the caller from the catalogue (the base price: storefront §9). */
export type QuoteItemInput = QuoteItemDto & { productId: string }

/** The back-office list's filters. */
export type QuoteFilter = 'all' | QuoteStatus | 'expired'
