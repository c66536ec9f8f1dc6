import { listProductsByIds } from '#app/modules/catalog/index.server.ts'
import { createQuote, type QuoteDto } from '#app/modules/quotes/index.server.ts'
import { MAX_QUOTE_TOTAL_CENTS } from '#app/modules/quotes/schemas.ts'

export type SaveQuoteResult = { ok: true; quote: QuoteDto } | { ok: false; message: string }

/**
 * My Quotes' Save Quote (storefront §2, §9): each line at the product's base price (quotes do not
 * use the quantity tiers), from the catalogue, never from the browser; only products the shop shows.
 * Lines of the same product are added together.
 * @example const result = await saveQuote(viewer.id, [{ productId, quantity: 3 }])
 */
export async function saveQuote(
  userId: string,
  lines: readonly { productId: string; quantity: number }[],
): Promise<SaveQuoteResult> {
  // Step 1: one line per product, in the order first chosen.
  const wanted = new Map<string, number>()
  for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity)
  // Step 2: the products as the shop shows them now.
  const products = new Map((await listProductsByIds([...wanted.keys()])).map((product) => [product.id, product]))
  const items = []
  for (const [productId, quantity] of wanted) {
    const product = products.get(productId)
    if (product?.status !== 'visible') {
      return { ok: false, message: 'A product in your quote is no longer available. Remove it and try again.' }
    }
    items.push({
      productId,
      title: product.title,
      quantity,
      unitPriceCents: product.priceCents,
      totalPriceCents: product.priceCents * quantity,
    })
  }
  const totalCents = items.reduce((sum, item) => sum + item.totalPriceCents, 0)
  if (totalCents > MAX_QUOTE_TOTAL_CENTS) {
    return { ok: false, message: 'The quote total is too large. Please contact us for an order of this size.' }
  }
  // Step 3: the draft, valid for 14 days.
  return { ok: true, quote: await createQuote(userId, items) }
}
