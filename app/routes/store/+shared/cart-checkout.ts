import { z } from 'zod'
import { type CartItem, clampQuantity } from '#app/rules/cart.ts'
import { lineAttachmentsOf } from '#app/rules/model-files.ts'
import type { StartCheckoutResult } from '#app/workflows/checkout/types.ts'

const CheckoutAnswerSchema = z.union([
  z.object({ url: z.string().min(1) }),
  z.object({
    error: z.enum(['Cart is Empty', 'Checkout Error', 'Selection Required', 'Too many requests']),
    message: z.string(),
  }),
])

const unexpected = {
  error: 'Checkout Error',
  message: 'An unexpected error occurred during checkout.',
} as const satisfies StartCheckoutResult

/**
 * Asks the server to start a hosted checkout for the stored cart. Only ids, variations, quantities
 * and made-to-order notes and files are sent, plus the total the cart showed so the server can
 * tell when prices changed, and the country its shipping was priced for.
 */
export async function startCheckout(
  items: readonly CartItem[],
  promoCode: string | null,
  expectedTotalCents: number,
  country: string,
): Promise<StartCheckoutResult> {
  const body = {
    items: items.map((item) => ({
      cartId: item.cartId,
      id: item.id,
      title: item.title,
      quantity: clampQuantity(item.quantity),
      selectedVariation: item.selectedVariation ? { id: item.selectedVariation.id } : null,
      ...lineAttachmentsOf(item),
    })),
    promoCode,
    expectedTotalCents,
    country,
  }
  try {
    const response = await fetch('/resources/checkout-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    })
    const parsed = CheckoutAnswerSchema.safeParse(await response.json())
    return parsed.success ? parsed.data : unexpected
  } catch {
    return unexpected
  }
}
