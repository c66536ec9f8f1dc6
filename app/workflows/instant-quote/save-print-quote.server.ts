import type { QuoteModelOwner } from '#app/modules/instant-quote/index.server.ts'
import { createQuote, type QuoteDto } from '#app/modules/quotes/index.server.ts'
import { MAX_QUOTE_TOTAL_CENTS } from '#app/modules/quotes/schemas.ts'
import { priceQuoteModel } from './price-quote-model.server.ts'

export type SavePrintQuoteResult =
  | { ok: true; quote: QuoteDto }
  | { ok: false; status: 400 | 404 | 409; message: string; fieldErrors?: Record<string, string> }

/**
 * Save as Quote on /instant-quote (issue 15, item 4): the model and options the customer chose,
 * priced again here by the shop's formula (never the browser's numbers), kept as a draft quote of
 * theirs valid for 14 days with the measures and options it was priced with, so it keeps its price
 * until it expires whatever the settings become. Only the model's owner may save it.
 * @example const result = await savePrintQuote(viewer.id, Object.fromEntries(form), [{ userId: viewer.id }])
 */
export async function savePrintQuote(
  userId: string,
  input: unknown,
  owners: QuoteModelOwner[],
): Promise<SavePrintQuoteResult> {
  const priced = await priceQuoteModel(input, owners)
  if (!priced.ok) return priced
  if (!priced.price)
    return { ok: false, status: 409, message: `${priced.message}; please ask the shop about it instead.` }
  const { price, details } = priced
  if (price.lineTotalCents > MAX_QUOTE_TOTAL_CENTS) {
    return { ok: false, status: 409, message: 'The quote total is too large. Please ask the shop about this print.' }
  }
  const quote = await createQuote(userId, [
    {
      title: `3D print: ${details.fileName}`,
      quantity: price.quantity,
      unitPriceCents: price.unitPriceCents,
      totalPriceCents: price.lineTotalCents,
      quoteModelId: priced.modelId,
      print: details,
    },
  ])
  return { ok: true, quote }
}
