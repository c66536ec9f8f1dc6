import type { useFetcher } from 'react-router'
import { type CartItem, clampQuantity } from '#app/rules/cart-lines.ts'
import { lineAttachmentsOf } from '#app/rules/model-file-limits.ts'
import { printRequestOf } from './cart-pricing.ts'

type Submit = ReturnType<typeof useFetcher>['submit']

/**
 * Asks the server to start a hosted checkout for the stored cart. Only ids, variations, quantities
 * and made-to-order notes and files are sent, plus the total the cart showed so the server can
 * tell when prices changed, and the country its shipping was priced for. The checkout route's
 * clientAction opens the hosted checkout, or toasts why not.
 */
export function submitCheckout(
  submit: Submit,
  items: readonly CartItem[],
  promoCode: string | null,
  expectedTotalCents: number,
  country: string,
) {
  const body = {
    items: items.map((item) => ({
      cartId: item.cartId,
      id: item.id,
      title: item.title,
      quantity: clampQuantity(item.quantity),
      selectedVariation: item.selectedVariation ? { id: item.selectedVariation.id } : null,
      ...lineAttachmentsOf(item),
      print: printRequestOf(item),
    })),
    promoCode,
    expectedTotalCents,
    country,
  }
  // Nothing on the cart page changes with a checkout: no reload is needed after a refusal.
  return submit(body, {
    method: 'post',
    action: '/resources/checkout-session',
    encType: 'application/json',
    defaultShouldRevalidate: false,
  })
}
