import {
  findOwnedQuoteModel,
  findQuoteModel,
  isQuoteModelCartToken,
  type QuoteModel,
} from '#app/modules/instant-quote/index.server.ts'
import type { PrintLineDetails } from '#app/modules/orders/index.server.ts'
import type { CartPrintRequest } from '#app/rules/cart.ts'
import { priceFoundQuoteModel } from './price-quote-model.server.ts'

/** A cart line printing the customer's own model, as the browser sends it: ids, choices, quantity. */
export type PrintLineItem = { cartId: string; quantity: number; print: CartPrintRequest }

/** A print line priced by the shop's formula with the print settings of now. */
export type PricedPrintLine = {
  cartId: string
  title: string
  quantity: number
  unitPriceCents: number
  lineTotalCents: number
  quoteModelId: string
  print: PrintLineDetails
}

/** Why a print line has no price: its model is gone or not the buyer's, an option is no longer offered, it is too large. */
export type PrintLineProblem = { cartId: string; message: string }

export const PRINT_MODEL_GONE_MESSAGE = 'This model was not found. Please upload it again.'

/**
 * The model of a print line, for this buyer: with the token Add to Cart gave its owner (the guest
 * cookie never reaches the cart), or owned by the signed-in buyer. Otherwise, and when it no longer
 * exists, none: the two cannot be told apart.
 */
async function modelOf(print: CartPrintRequest, buyer: { id: string } | null): Promise<QuoteModel | undefined> {
  if (isQuoteModelCartToken(print.modelId, print.token)) return findQuoteModel(print.modelId)
  return buyer ? findOwnedQuoteModel(print.modelId, { userId: buyer.id }) : undefined
}

/**
 * Prices the print lines of a cart again on the server (decision 039), each with the current print
 * settings through the instant quote's own price function: the browser sends the model's id and
 * the options, never a number. A line whose model is gone or not the buyer's, whose options are no
 * longer offered, or that is too large for the printer at its units, is answered as a problem with
 * the message the cart shows under it and the checkout refuses with.
 * @example const { lines, problems } = await pricePrintLines(items, viewer)
 */
export async function pricePrintLines(
  items: readonly PrintLineItem[],
  buyer: { id: string } | null,
): Promise<{ lines: PricedPrintLine[]; problems: PrintLineProblem[] }> {
  const lines: PricedPrintLine[] = []
  const problems: PrintLineProblem[] = []
  for (const item of items) {
    const { print } = item
    const model = await modelOf(print, buyer)
    if (!model) {
      problems.push({ cartId: item.cartId, message: PRINT_MODEL_GONE_MESSAGE })
      continue
    }
    const priced = await priceFoundQuoteModel(model, {
      modelId: model.id,
      materialId: print.materialId,
      colour: print.colour,
      quality: print.quality,
      infill: String(print.infill),
      quantity: String(item.quantity),
      units: print.units,
    })
    if (!priced.ok) {
      problems.push({ cartId: item.cartId, message: priced.message })
      continue
    }
    if (!priced.price) {
      problems.push({ cartId: item.cartId, message: `${priced.message}; please ask the shop about it.` })
      continue
    }
    const { details, view, price } = priced
    lines.push({
      cartId: item.cartId,
      title: `3D print: ${details.fileName}`,
      quantity: price.quantity,
      unitPriceCents: price.unitPriceCents,
      lineTotalCents: price.lineTotalCents,
      quoteModelId: model.id,
      print: { ...details, ...view },
    })
  }
  return { lines, problems }
}
