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
