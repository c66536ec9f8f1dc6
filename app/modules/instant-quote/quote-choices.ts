// The instant quote's option lists, shared by the page and the server's schema (quote-options.ts);
// kept apart from the schema so the page's JavaScript carries no zod for them.

/** The units a customer may say their file is drawn in, and the scale each applies. */
export const quoteUnits = [
  { id: 'mm', label: 'Millimetres', factor: 1 },
  { id: 'inch', label: 'Inches (× 25.4)', factor: 25.4 },
] as const

export type QuoteUnit = (typeof quoteUnits)[number]['id']

export const INFILL_CHOICES = [10, 15, 20, 30, 50, 75, 100] as const
export const MAX_QUOTE_QUANTITY = 1000

/** The longest note a customer may send with Ask the shop. */
export const ASK_SHOP_NOTE_MAX = 5000

/**
 * The page's address that brings a model and its options back (`/instant-quote?model=…&materialId=…`):
 * the log-in of 'Log in to save a quote' returns there, and the page shows that model again for its
 * owner. The option names are the price form's.
 */
export const RESTORE_MODEL_PARAM = 'model'
export const QUOTE_OPTION_NAMES = ['materialId', 'colour', 'quality', 'infill', 'quantity', 'units'] as const

export type RestoredQuoteOptions = Partial<Record<(typeof QUOTE_OPTION_NAMES)[number], string>>

/**
 * The options such an address carries, as it gives them: the page keeps those it offers, and the
 * server checks them with each price.
 */
export function restoredOptionsOf(search: URLSearchParams): RestoredQuoteOptions {
  const options: RestoredQuoteOptions = {}
  for (const name of QUOTE_OPTION_NAMES) {
    const value = search.get(name)
    if (value !== null && value.length <= 100) options[name] = value
  }
  return options
}
