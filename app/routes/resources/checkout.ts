import { z } from 'zod'
import { PromoCodeSchema } from '#app/modules/promotions/schemas.ts'
import { CartRequestItemSchema, MAX_CART_BODY_BYTES, MAX_CART_LINES } from '#app/rules/cart.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { getViewer } from '#app/utils/viewer.server.ts'
import { startCartCheckout } from '#app/workflows/checkout/start-cart-checkout.server.ts'
import type { Route } from './+types/checkout.ts'

const CheckoutRequestSchema = z.object({
  items: z.array(CartRequestItemSchema).max(MAX_CART_LINES),
  promoCode: PromoCodeSchema.nullish(),
  expectedTotalCents: z.number().int().min(0),
})

function badRequest(message: string) {
  return Response.json({ error: 'Checkout Error', message }, { status: 400 })
}

/**
 * Starts a cart checkout (storefront §4, DESIGN 1-3): the body is
 * `{ items, promoCode, expectedTotalCents }`; the answer is `{ url }` of the hosted checkout or
 * `{ error, message }` for the cart's toast. Prices come from the database, never from the body.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 })
  if (Number(request.headers.get('content-length') ?? 0) > MAX_CART_BODY_BYTES)
    return badRequest('Your cart is too large.')
  const text = await request.text()
  if (text.length > MAX_CART_BODY_BYTES) return badRequest('Your cart is too large.')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return badRequest('The checkout request could not be read.')
  }
  const parsed = CheckoutRequestSchema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return badRequest(`Invalid cart${issue ? `: ${issue.path.join('.') || 'body'}: ${issue.message}` : ''}`)
  }
  const viewer = await getViewer(request)
  const result = await startCartCheckout({
    ...parsed.data,
    viewer: viewer ? { id: viewer.id, email: viewer.email } : null,
    publicUrl: getEnv().PUBLIC_URL,
  })
  return Response.json(result, { status: 'url' in result ? 200 : 409 })
}
