import type { useFetcher } from 'react-router'
import type { APPLY_PROMO_INTENT, action as cartPricingAction } from '#app/routes/resources/cart-pricing.ts'
import { type CartItem, clampQuantity } from '#app/rules/cart-lines.ts'

/** A print line's model and options as the server takes them (its file name stays in the browser). */
export function printRequestOf(item: CartItem) {
  if (!item.print) return null
  const { fileName: _fileName, ...print } = item.print
  return print
}

type PricingFetcher = ReturnType<typeof useFetcher<typeof cartPricingAction>>
export type PricingResult = NonNullable<PricingFetcher['data']>
export type Pricing = Extract<PricingResult, { lines: unknown }>
export type PricedLine = Pricing['lines'][number]

/**
 * Prices always come from the server; the browser only sends ids, variations and quantities.
 * `intent: 'apply-promo'` asks whether the code applies (the Apply button), with a toast.
 */
export function submitPricing(
  submit: PricingFetcher['submit'],
  items: readonly CartItem[],
  promoCode: string | null,
  country: string | null,
  intent?: typeof APPLY_PROMO_INTENT,
) {
  const body = {
    items: items.map((item) => ({
      cartId: item.cartId,
      id: item.id,
      quantity: clampQuantity(item.quantity),
      selectedVariation: item.selectedVariation ? { id: item.selectedVariation.id } : null,
      print: printRequestOf(item),
    })),
    promoCode,
    country,
    ...(intent ? { intent } : {}),
  }
  // A price check changes nothing on the server, so the page's other data need not reload.
  return submit(body, {
    method: 'post',
    action: '/resources/cart-pricing',
    encType: 'application/json',
    defaultShouldRevalidate: false,
  })
}

export function asPricing(result: PricingResult | undefined): Pricing | null {
  return result && 'lines' in result ? result : null
}
