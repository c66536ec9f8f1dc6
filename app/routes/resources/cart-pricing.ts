import { data } from 'react-router'
import { z } from 'zod'
import { PromoCodeSchema } from '#app/modules/promotions/schemas.ts'
import { CartRequestItemSchema, MAX_CART_BODY_BYTES, MAX_CART_LINES } from '#app/rules/cart.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { savedCountryOf } from '#app/workflows/checkout/ship-to.server.ts'
import { priceCart } from '#app/workflows/price-cart.server.ts'
import type { Route } from './+types/cart-pricing.ts'

const CartPricingRequestSchema = z.object({
  items: z.array(CartRequestItemSchema).max(MAX_CART_LINES),
  promoCode: PromoCodeSchema.nullish(),
  /** The cart's 'Ship to' choice; an unknown or unserved code falls back to the customer's own. */
  country: z.string().max(10).nullish(),
})

function badRequest(error: string) {
  return data({ error }, { status: 400 })
}

/**
 * Prices the browser's cart on the server (storefront §2 Cart, DESIGN 1 and 2): the body is
 * `{ items: CartItem[], promoCode?: string, country?: string }`; prices, promotion, shipping and
 * totals come from the database.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return data({ error: 'Method not allowed' }, { status: 405 })
  if (Number(request.headers.get('content-length') ?? 0) > MAX_CART_BODY_BYTES)
    return badRequest('Request body too large')
  const text = await request.text()
  if (text.length > MAX_CART_BODY_BYTES) return badRequest('Request body too large')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return badRequest('The request body must be JSON')
  }
  const parsed = CartPricingRequestSchema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return badRequest(issue ? `Invalid cart: ${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid cart')
  }
  const viewer = await getViewer(request)
  return data(
    await priceCart({
      ...parsed.data,
      savedCountry: await savedCountryOf(request),
      buyer: viewer ? { id: viewer.id, email: viewer.email } : null,
    }),
  )
}
