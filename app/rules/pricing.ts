import { formatMoney } from './money.ts'

// The one pricing module, shared by the browser and the server (spec §9). Money is integer cents.

export type PricingTier = { quantity: number; priceCents: number }
export type PricingVariation = { id: string; name: string; priceModifierCents?: number | null }
export type PricedProduct = {
  priceCents: number
  priceType?: 'set' | 'tiered'
  tieredPricing?: readonly PricingTier[] | null
}
export type PricedLine = { product: PricedProduct; quantity: number; variation?: PricingVariation | null }
export type Discount = { type: 'percentage' | 'fixed'; value: number }

export const SHIPPING_CENTS = 500

function cents(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : 0
}

function count(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0
}

function activeTiers(product: PricedProduct): PricingTier[] {
  if (product.priceType !== 'tiered' || !product.tieredPricing) return []
  return product.tieredPricing.filter((tier) => Number.isFinite(tier.quantity) && Number.isFinite(tier.priceCents))
}

/**
 * The shop's one quantity-tier rule: the tier with the largest minimum quantity not above `quantity`,
 * whatever the tiers' order; undefined below the first tier. Products' tiers and the print quote's
 * batch discounts both choose their tier with it.
 * @example tierFor([{ quantity: 10 }, { quantity: 5 }], 7) // { quantity: 5 }
 */
export function tierFor<T extends { quantity: number }>(tiers: readonly T[], quantity: number): T | undefined {
  let chosen: T | undefined
  for (const tier of tiers) {
    if (tier.quantity <= quantity && (!chosen || tier.quantity > chosen.quantity)) chosen = tier
  }
  return chosen
}

/** The price per item before any variation: the tier with the largest minimum not above `quantity`, else base. */
export function basePriceCents(product: PricedProduct, quantity: number): number {
  const chosen = tierFor(activeTiers(product), quantity)
  return cents(chosen ? chosen.priceCents : product.priceCents)
}

/**
 * Price per item for `quantity` items of a product in an optional variation; never negative.
 * @example unitPriceCents({ priceCents: 1000, priceType: 'tiered', tieredPricing: [{ quantity: 10, priceCents: 800 }] }, 12) // 800
 */
export function unitPriceCents(product: PricedProduct, quantity: number, variation?: PricingVariation | null): number {
  return Math.max(0, basePriceCents(product, quantity) + cents(variation?.priceModifierCents))
}

/** The lowest price a product sells for, shown as 'From $min' for tiered products. */
export function fromPriceCents(product: PricedProduct): number {
  const tiers = activeTiers(product)
  if (tiers.length === 0) return Math.max(0, cents(product.priceCents))
  return Math.max(0, Math.min(...tiers.map((tier) => cents(tier.priceCents))))
}

/** Whether the product's list price should read 'From $min'. */
export function isTiered(product: PricedProduct): boolean {
  return activeTiers(product).length > 0
}

/** How a product's price is labelled in lists: '$12.50' or 'From $9.00'. */
export function priceLabel(product: PricedProduct): string {
  return isTiered(product) ? `From ${formatMoney(fromPriceCents(product))}` : formatMoney(fromPriceCents(product))
}

export function lineTotalCents(product: PricedProduct, quantity: number, variation?: PricingVariation | null): number {
  const items = count(quantity)
  return unitPriceCents(product, items, variation) * items
}

/** Sum of the line totals; each line's tier is chosen by that line's own quantity. */
export function cartSubtotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line.product, line.quantity, line.variation), 0)
}

/**
 * A promotion's discount on the subtotal it applies to: never negative, never above that subtotal.
 * @example discountCents({ type: 'percentage', value: 15 }, 2000) // 300
 */
export function discountCents(discount: Discount | null | undefined, eligibleSubtotalCents: number): number {
  const subtotal = Math.max(0, cents(eligibleSubtotalCents))
  if (!discount || !Number.isFinite(discount.value) || discount.value <= 0) return 0
  const amount =
    discount.type === 'percentage' ? Math.round((subtotal * discount.value) / 100) : Math.round(discount.value)
  return Math.min(subtotal, Math.max(0, amount))
}

/** Flat shipping when anything is bought: the shop's price (the specification's 5.00 by default). */
export function shippingCents(subtotalCents: number, flatCents: number = SHIPPING_CENTS): number {
  return subtotalCents > 0 ? flatCents : 0
}

/** Subtotal - discount + shipping; never negative. Shipping defaults to the flat rate for the subtotal. */
export function orderTotalCents({
  subtotalCents,
  discountCents: discount = 0,
  shippingCents: shipping = shippingCents(subtotalCents),
}: {
  subtotalCents: number
  discountCents?: number
  shippingCents?: number
}): number {
  const subtotal = Math.max(0, cents(subtotalCents))
  const applied = Math.min(subtotal, Math.max(0, cents(discount)))
  return subtotal - applied + Math.max(0, cents(shipping))
}

/** 'Matte Black (+$2.50)', 'Draft (-$1.00)', or just the name when the option costs the same. */
export function variationLabel(variation: PricingVariation): string {
  const modifier = cents(variation.priceModifierCents)
  if (modifier === 0) return variation.name
  return `${variation.name} (${modifier > 0 ? '+' : '-'}${formatMoney(Math.abs(modifier))})`
}

export type QuickSelectLine<V extends PricingVariation> = {
  variation: V
  quantity: number
  unitPriceCents: number
  lineTotalCents: number
}

/**
 * Quick Select prices every variation with the tier of the COMBINED quantity across variations.
 * @example quickSelectUnitPrices(product, variations, { black: 6, white: 6 }) // tier for 12 on both lines
 */
export function quickSelectUnitPrices<V extends PricingVariation>(
  product: PricedProduct,
  variations: readonly V[],
  quantities: Readonly<Record<string, number>>,
): { lines: QuickSelectLine<V>[]; totalQuantity: number; totalCents: number } {
  const totalQuantity = variations.reduce((sum, variation) => sum + count(quantities[variation.id] ?? 0), 0)
  const lines = variations.map((variation) => {
    const quantity = count(quantities[variation.id] ?? 0)
    const unit = unitPriceCents(product, totalQuantity, variation)
    return { variation, quantity, unitPriceCents: unit, lineTotalCents: unit * quantity }
  })
  return { lines, totalQuantity, totalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0) }
}
