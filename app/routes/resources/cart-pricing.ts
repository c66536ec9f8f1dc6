import { data } from 'react-router'
import { z } from 'zod'
import { writePromoCode } from '#app/hooks/use-cart.ts'
import { PromoCodeSchema } from '#app/modules/promotions/schemas.ts'
import { CartRequestItemSchema, MAX_CART_BODY_BYTES, MAX_CART_LINES } from '#app/rules/cart.ts'
import { refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { savedCountryOf } from '#app/workflows/checkout/ship-to.server.ts'
import { priceCart } from '#app/workflows/price-cart.server.ts'
import { readJsonBody } from './+shared/json-body.server.ts'
import type { Route } from './+types/cart-pricing.ts'

/** The cart's Apply button: price the cart with this code, and say whether it applies. */
export const APPLY_PROMO_INTENT = 'apply-promo'

const CartPricingRequestSchema = z.object({
  items: z.array(CartRequestItemSchema).max(MAX_CART_LINES),
  promoCode: PromoCodeSchema.nullish(),
  /** The cart's 'Ship to' choice; an unknown or unserved code falls back to the customer's own. */
  country: z.string().max(10).nullish(),
  intent: z.literal(APPLY_PROMO_INTENT).optional(),
})

const INVALID_CODE = 'The code you entered is not valid.'

function badRequest(error: string) {
  return data({ error }, { status: 400 })
}

/** Apply's refusal: the toast, and the reason beside the code field. */
const codeRefused = (reason: string) =>
  refusedForm(
    APPLY_PROMO_INTENT,
    { message: reason, fieldErrors: { promoCode: reason } },
    { title: 'Invalid Promo Code' },
  )

const isApply = (body: unknown) =>
  typeof body === 'object' && body !== null && (body as { intent?: unknown }).intent === APPLY_PROMO_INTENT

/**
 * Prices the browser's cart on the server (storefront §2 Cart, DESIGN 1 and 2): the body is
 * `{ items: CartItem[], promoCode?: string, country?: string }`; prices, promotion, shipping and
 * totals come from the database. A re-price answers the pricing alone (no toast); Apply
 * (`intent: 'apply-promo'`) answers whether the code applies, as an action answer with its toast.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return data({ error: 'Method not allowed' }, { status: 405 })
  const read = await readJsonBody(request, MAX_CART_BODY_BYTES)
  if (!read.ok) {
    return badRequest(read.problem === 'too-large' ? 'Request body too large' : 'The request body must be JSON')
  }
  const parsed = parseForm(CartPricingRequestSchema, read.body)
  if (!parsed.ok) return isApply(read.body) ? codeRefused(INVALID_CODE) : badRequest(`Invalid cart: ${parsed.message}`)
  const { intent, ...cart } = parsed.data
  const viewer = await getViewer(request)
  const pricing = await priceCart({
    ...cart,
    savedCountry: await savedCountryOf(request),
    buyer: viewer ? { id: viewer.id, email: viewer.email } : null,
  })
  if (intent !== APPLY_PROMO_INTENT) return data(pricing)
  if (!pricing.promoValid || !pricing.promoCode) return codeRefused(pricing.promoProblem ?? INVALID_CODE)
  const applied = succeeded(APPLY_PROMO_INTENT, 'Promo Code Applied!', "You've received a discount.")
  return data({ ...applied.data, promoCode: pricing.promoCode })
}

// Both the cart's re-pricing and its Apply button post here through fetchers, which run this
// clientAction: Apply's answer is toasted once, when it arrives (decision 012), and a code the
// server accepted becomes the cart's, which the cart then prices with. A re-price has no toast.
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  const answer = await toastActionResult({ serverAction })
  const applied = 'intent' in answer && answer.intent === APPLY_PROMO_INTENT && answer.ok
  if (applied && 'promoCode' in answer && typeof answer.promoCode === 'string') writePromoCode(answer.promoCode)
  return answer
}
