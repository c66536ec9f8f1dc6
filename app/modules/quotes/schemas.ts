import { z } from 'zod'

/** Storefront §9: quotes are valid for 14 days. */
export const QUOTE_VALID_DAYS = 14
/** A quote has at most this many lines; a line's quantity has no cap in the spec beyond a sane one. */
export const MAX_QUOTE_ITEMS = 50
export const MAX_QUOTE_QUANTITY = 1_000_000
/** Kept below the invoice limit, so an accepted quote always fits an invoice. */
export const MAX_QUOTE_TOTAL_CENTS = 1_000_000_000

export const QUOTE_FILTERS = ['all', 'draft', 'requested', 'accepted', 'expired'] as const

/** The quote the customer saves: product ids and quantities (prices come from the catalogue). */
export const SaveQuoteSchema = z.object({
  items: z
    .array(
      z.object({
        productId: z.uuid('A product in your quote does not exist any more.'),
        quantity: z.coerce
          .number('Quantities must be whole numbers.')
          .int('Quantities must be whole numbers.')
          .min(1, 'Each quantity must be at least 1.')
          .max(MAX_QUOTE_QUANTITY, `Each quantity must be at most ${MAX_QUOTE_QUANTITY.toLocaleString('en-US')}.`),
      }),
    )
    .min(1, 'Add at least one product to your quote.')
    .max(MAX_QUOTE_ITEMS, `A quote can have at most ${MAX_QUOTE_ITEMS} products.`),
})

export const QuoteIdSchema = z.object({ quoteId: z.uuid('Quote not found.') })

export const QuoteListQuerySchema = z.object({
  filter: z.enum(QUOTE_FILTERS).catch('all'),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
})
