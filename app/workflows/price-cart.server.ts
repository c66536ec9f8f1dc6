import { type CartProductDto, listProductsByIds } from '#app/modules/catalog/index.server.ts'
import type { PrintLineDetails } from '#app/modules/orders/index.server.ts'
import { evaluatePromotion, type PromotionEvaluation } from '#app/modules/promotions/index.server.ts'
import { getShopSettings, listShippingRates, listShippingZones } from '#app/modules/settings/index.server.ts'
import { type CartPrintRequest, normalizePromoCode } from '#app/rules/cart.ts'
import { orderTotalCents, unitPriceCents } from '#app/rules/pricing.ts'
import { cartShippingCents, shipToCountry } from '#app/rules/shipping.ts'
import { type PrintLineItem, type PrintLineProblem, pricePrintLines } from './instant-quote/price-print-lines.server.ts'
import { type PromotionBuyer, promotionLimitProblem } from './promotion-limits.server.ts'

/** A cart line as the browser stores it; only ids and the quantity are trusted, never a price. */
export type PriceCartItem = {
  cartId: string
  id: string
  quantity: number
  selectedVariation?: { id: string } | null
  /** A print of the customer's own model (decision 039): no product, priced by the print formula. */
  print?: CartPrintRequest | null
}

export type PricedCartLine = {
  cartId: string
  /** Null for a print of the customer's own model. */
  productId: string | null
  title: string
  image: string | null
  variationName: string | null
  unitPriceCents: number
  quantity: number
  lineTotalCents: number
  stockQuantity: number
  /** A print line's model and what it was priced with (measures at its units, options). */
  quoteModelId: string | null
  print: PrintLineDetails | null
}

export type PricedCart = {
  lines: PricedCartLine[]
  /**
   * cartIds of lines whose product or variation no longer exists or is not for sale, or that name a
   * variation of a product that has none.
   */
  unavailable: string[]
  /** cartIds of lines of a product with variations that name none (storefront §5 'Selection Required'). */
  selectionRequired: string[]
  /** Print lines without a price, and why: shown under the line, refused at checkout. */
  printProblems: PrintLineProblem[]
  subtotalCents: number
  discountCents: number
  promoCode: string | null
  promoValid: boolean
  /** Why a code that exists and fits the cart gives no discount (its usage limits), for the cart to say. */
  promoProblem: string | null
  /** The promotion the discount comes from, which a checkout holds a use of. */
  promotionId: string | null
  shippingCents: number
  totalCents: number
  /**
   * Where shipping was priced for (ISO alpha-2), and the countries the shop ships to (empty:
   * worldwide), for the cart's country picker.
   */
  shipTo: { country: string; countries: string[] }
}

type PricedLineWithCategory = PricedCartLine & { categoryId: string | null; shippingCategoryId: string | null }

/** Step 1: the products of the cart, from the catalog; only those for sale (status visible). */
async function loadCartProducts(items: readonly PriceCartItem[]): Promise<Map<string, CartProductDto>> {
  const products = await listProductsByIds(items.map((item) => item.id))
  const forSale = new Map<string, CartProductDto>()
  for (const product of products) if (product.status === 'visible') forSale.set(product.id, product)
  return forSale
}

type LineProduct =
  | { kind: 'priced'; product: CartProductDto; variation: CartProductDto['variations'][number] | null }
  | { kind: 'unavailable' }
  | { kind: 'selection-required' }

/**
 * What a line buys: a product for sale and, when the product has variations, the one the line
 * names; a variation that does not exist (or of a product without any) makes the line unavailable.
 */
function lineProduct(item: PriceCartItem, products: Map<string, CartProductDto>): LineProduct {
  const product = products.get(item.id)
  if (!product) return { kind: 'unavailable' }
  const variationId = item.selectedVariation?.id
  if (!variationId)
    return product.variations.length > 0 ? { kind: 'selection-required' } : { kind: 'priced', product, variation: null }
  const variation = product.variations.find((option) => option.id === variationId)
  return variation ? { kind: 'priced', product, variation } : { kind: 'unavailable' }
}

/**
 * Step 2: each line priced from the database, plus its variation's modifier. The tier comes from
 * the product's combined quantity across all its lines, as the product page's Quick Select prices
 * it (storefront §9), so 6 black and 6 white clips cost what 12 clips cost.
 */
function priceLines(items: readonly PriceCartItem[], products: Map<string, CartProductDto>) {
  const lines: PricedLineWithCategory[] = []
  const unavailable: string[] = []
  const selectionRequired: string[] = []
  const combined = combinedQuantities(items, products)
  for (const item of items) {
    const found = lineProduct(item, products)
    if (found.kind !== 'priced') {
      ;(found.kind === 'unavailable' ? unavailable : selectionRequired).push(item.cartId)
      continue
    }
    const { product, variation } = found
    const quantity = lineQuantity(item)
    const unitPrice = unitPriceCents(product, combined.get(product.id) ?? quantity, variation)
    lines.push({
      cartId: item.cartId,
      productId: product.id,
      categoryId: product.categoryId,
      shippingCategoryId: product.shippingCategoryId,
      title: product.title,
      image: product.images[0] ?? null,
      variationName: variation?.name ?? null,
      unitPriceCents: unitPrice,
      quantity,
      lineTotalCents: unitPrice * quantity,
      stockQuantity: product.stockQuantity,
      quoteModelId: null,
      print: null,
    })
  }
  return { lines, unavailable, selectionRequired }
}

function lineQuantity(item: PriceCartItem) {
  return Math.max(1, Math.floor(item.quantity))
}

/** How many of each product the cart holds, over all its variations (priced lines only). */
function combinedQuantities(items: readonly PriceCartItem[], products: Map<string, CartProductDto>) {
  const totals = new Map<string, number>()
  for (const item of items) {
    const found = lineProduct(item, products)
    if (found.kind !== 'priced') continue
    totals.set(found.product.id, (totals.get(found.product.id) ?? 0) + lineQuantity(item))
  }
  return totals
}

/**
 * Step 3: the promotion, checked by the promotions module against the priced lines, then its uses
 * so far against its usage limits.
 */
async function applyPromotion(
  code: string | null,
  lines: readonly PricedLineWithCategory[],
  buyer: PromotionBuyer,
): Promise<{ evaluation: PromotionEvaluation; problem: string | null }> {
  if (!code) return { evaluation: { ok: false }, problem: null }
  const evaluation = await evaluatePromotion({
    code,
    // Promotions are for the catalogue's products; a print is priced by its own formula and tiers.
    lines: lines.flatMap((line) =>
      line.productId === null
        ? []
        : [{ productId: line.productId, categoryId: line.categoryId, subtotalCents: line.lineTotalCents }],
    ),
  })
  if (!evaluation.ok) return { evaluation, problem: null }
  const problem = await promotionLimitProblem(evaluation, buyer)
  return problem ? { evaluation: { ok: false }, problem } : { evaluation, problem: null }
}

/**
 * Prices a browser-stored cart from the database (catalog prices, promotions, shipping to the
 * chosen country), so the cart shows exactly what checkout will charge. The country is the one
 * asked for when the shop ships there, else the customer's saved one, else the shop's first. Unknown, hidden or archived products and variations that no
 * longer exist are reported in `unavailable`, lines of a product with variations that name none in
 * `selectionRequired`; both are left out of every total.
 * @example
 * const cart = await priceCart({ items: [{ cartId: 'a', id: productId, quantity: 12 }], promoCode: 'summer15' })
 * cart.totalCents // subtotal - discount + shipping
 */
export async function priceCart({
  items,
  promoCode,
  country,
  savedCountry,
  buyer = null,
}: {
  items: readonly PriceCartItem[]
  promoCode?: string | null
  /** The signed-in customer, whom a promotion's limit per customer counts. */
  buyer?: PromotionBuyer
  /** The country the cart's picker chose. */
  country?: string | null
  /** The signed-in customer's profile country. */
  savedCountry?: string | null
}): Promise<PricedCart> {
  const productItems = items.filter((item) => !item.print)
  const printItems = items.flatMap((item): PrintLineItem[] =>
    item.print ? [{ cartId: item.cartId, quantity: lineQuantity(item), print: item.print }] : [],
  )
  const [products, prints, settings, zones, rates] = await Promise.all([
    loadCartProducts(productItems),
    pricePrintLines(printItems, buyer),
    getShopSettings(),
    listShippingZones(),
    listShippingRates(),
  ])
  const { lines: productLines, unavailable, selectionRequired } = priceLines(productItems, products)
  const lines: PricedLineWithCategory[] = [
    ...productLines,
    ...prints.lines.map((line) => ({
      ...line,
      productId: null,
      categoryId: null,
      shippingCategoryId: null,
      image: null,
      variationName: null,
      stockQuantity: 0,
    })),
  ]
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0)
  const code = normalizePromoCode(promoCode)
  const { evaluation: promotion, problem } = await applyPromotion(code, lines, buyer)
  const discountCents = promotion.ok ? promotion.discountCents : 0
  const shipTo = shipToCountry({ asked: country, saved: savedCountry, shopCountries: settings.shippingCountries })
  const shipping = cartShippingCents(
    { zones, rates, defaultCents: settings.defaultShippingCents },
    { subtotalCents, shippingCategoryIds: lines.map((line) => line.shippingCategoryId), country: shipTo },
  )
  return {
    lines: lines.map(({ categoryId: _categoryId, shippingCategoryId: _shippingCategoryId, ...line }) => line),
    unavailable,
    selectionRequired,
    printProblems: prints.problems,
    subtotalCents,
    discountCents,
    promoCode: promotion.ok ? promotion.code : code,
    promoValid: promotion.ok,
    promoProblem: problem,
    promotionId: promotion.ok ? promotion.promotionId : null,
    shippingCents: shipping,
    totalCents: orderTotalCents({ subtotalCents, discountCents, shippingCents: shipping }),
    shipTo: { country: shipTo, countries: settings.shippingCountries },
  }
}
