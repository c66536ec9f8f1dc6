import { data } from 'react-router'
import { z } from 'zod'
import { PromoCodeSchema } from '#app/modules/promotions/schemas.ts'
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#app/rules/cart.ts'
import { priceCart } from '#app/workflows/price-cart.server.ts'
import type { Route } from './+types/cart-pricing.ts'

// A full cart of 100 lines is well under this; anything bigger is not a cart.
const MAX_BODY_BYTES = 64 * 1024

const CartPricingItemSchema = z.object({
  cartId: z.string().min(1).max(100),
  id: z.string().min(1).max(100),
  title: z.string().max(500).optional(),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  selectedVariation: z
    .object({ id: z.string().max(100), name: z.string().max(500).optional() })
    .nullable()
    .optional(),
})

const CartPricingRequestSchema = z.object({
  items: z.array(CartPricingItemSchema).max(MAX_CART_LINES),
  promoCode: PromoCodeSchema.nullish(),
})

function badRequest(error: string) {
  return data({ error }, { status: 400 })
}

/**
 * Prices the browser's cart on the server (storefront §2 Cart, DESIGN 1 and 2): the body is
 * `{ items: CartItem[], promoCode?: string }`; prices, promotion and totals come from the database.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return data({ error: 'Method not allowed' }, { status: 405 })
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return badRequest('Request body too large')
  const text = await request.text()
  if (text.length > MAX_BODY_BYTES) return badRequest('Request body too large')
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
  return data(await priceCart(parsed.data))
}
