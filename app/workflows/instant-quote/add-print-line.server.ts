import { type QuoteModelOwner, quoteModelCartToken } from '#app/modules/instant-quote/index.server.ts'
import type { CartPrint } from '#app/rules/cart-lines.ts'
import { priceQuoteModel } from './price-quote-model.server.ts'

export type AddPrintLineResult =
  | { ok: true; line: { title: string; quantity: number; print: CartPrint } }
  | { ok: false; status: 400 | 404 | 409; message: string; fieldErrors?: Record<string, string> }

/**
 * Add to Cart on /instant-quote (issue 15, item 4; decision 039): only the model's owner (the
 * customer, or the guest of the cookie) may add it, with options the shop offers and a size its
 * printer takes. The answer is the cart line the browser keeps: the model's id with a token that
 * the cart's pricing and the checkout accept in place of the guest cookie (which never reaches
 * them), the options, and the quantity. No price is kept: the server prices the line again each time.
 * @example const result = await addPrintLine(Object.fromEntries(form), [{ guestToken }])
 */
export async function addPrintLine(input: unknown, owners: QuoteModelOwner[]): Promise<AddPrintLineResult> {
  const priced = await priceQuoteModel(input, owners)
  if (!priced.ok) return priced
  if (!priced.price)
    return { ok: false, status: 409, message: `${priced.message}; please ask the shop about it instead.` }
  const { details, price } = priced
  // The options were checked by priceQuoteModel; these are its own readings of them.
  const options = input as Record<string, string>
  return {
    ok: true,
    line: {
      title: `3D print: ${details.fileName}`,
      quantity: price.quantity,
      print: {
        modelId: priced.modelId,
        token: quoteModelCartToken(priced.modelId),
        fileName: details.fileName,
        materialId: String(options.materialId),
        colour: details.colour,
        quality: String(options.quality),
        infill: details.infillPercent,
        units: details.units,
      },
    },
  }
}
