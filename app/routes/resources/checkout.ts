import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { PromoCodeSchema } from '#app/modules/promotions/schemas.ts'
import { CartRequestItemSchema, MAX_CART_LINES, MAX_CHECKOUT_BODY_BYTES } from '#app/rules/cart.ts'
import { clientAddressKey } from '#app/utils/client-address.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { startCartCheckout } from '#app/workflows/checkout/start-cart-checkout.server.ts'
import type { Route } from './+types/checkout.ts'

const CheckoutRequestSchema = z.object({
  items: z.array(CartRequestItemSchema).max(MAX_CART_LINES),
  promoCode: PromoCodeSchema.nullish(),
  expectedTotalCents: z.number().int().min(0),
  country: z.string().max(10).nullish(),
})

function badRequest(message: string) {
  return Response.json({ error: 'Checkout Error', message }, { status: 400 })
}

/**
 * The browser, so a new checkout releases the same browser's earlier one. Sent only to this
 * endpoint (its path), so it never makes a public page personal or uncacheable.
 */
const BROWSER_COOKIE = 'lw_checkout_holder'

function browserTokenOf(request: Request): { token: string; setCookie: string | null } {
  const existing = request.headers
    .get('cookie')
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name, value]) => name === BROWSER_COOKIE && value && /^[0-9a-f-]{36}$/.test(value))?.[1]
  if (existing) return { token: existing, setCookie: null }
  const token = randomUUID()
  const secure = getEnv().PUBLIC_URL.startsWith('https:') ? '; Secure' : ''
  return {
    token,
    setCookie: `${BROWSER_COOKIE}=${token}; Path=/resources/checkout-session; Max-Age=86400; HttpOnly; SameSite=Lax${secure}`,
  }
}

/**
 * Starts a cart checkout (storefront §4, DESIGN 1-3): the body is
 * `{ items, promoCode, expectedTotalCents, country }`; the answer is `{ url }` of the hosted checkout or
 * `{ error, message }` for the cart's toast. Prices come from the database, never from the body.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 })
  if (Number(request.headers.get('content-length') ?? 0) > MAX_CHECKOUT_BODY_BYTES)
    return badRequest('Your cart is too large.')
  const text = await request.text()
  if (text.length > MAX_CHECKOUT_BODY_BYTES) return badRequest('Your cart is too large.')
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
  const browser = browserTokenOf(request)
  const result = await startCartCheckout({
    ...parsed.data,
    viewer: viewer ? { id: viewer.id, email: viewer.email } : null,
    browserToken: browser.token,
    // Guests' hold limits count per client: an IPv6 client per /64, so it cannot rotate out of them.
    clientAddress: clientAddressKey(context.clientIp),
    publicUrl: getEnv().PUBLIC_URL,
  })
  const status = 'url' in result ? 200 : result.error === 'Too many requests' ? 429 : 409
  const headers = browser.setCookie ? { 'Set-Cookie': browser.setCookie } : undefined
  return Response.json(result, { status, headers })
}
