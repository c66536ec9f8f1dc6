import { randomUUID } from 'node:crypto'
import { redirectDocument } from 'react-router'
import { z } from 'zod'
import { PromoCodeSchema } from '#app/modules/promotions/schemas.ts'
import { CartRequestItemSchema, MAX_CART_LINES, MAX_CHECKOUT_BODY_BYTES } from '#app/rules/cart.ts'
import { type ActionResult, toastActionResult } from '#app/utils/action-result.ts'
import { clientAddressKey } from '#app/utils/client-address.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { startCartCheckout } from '#app/workflows/checkout/start-cart-checkout.server.ts'
import { readJsonBody } from './+shared/json-body.server.ts'
import type { Route } from './+types/checkout.ts'

/** This endpoint's address: the browser cookie's path, and where the clientAction sends the cart. */
const CHECKOUT_URL = '/resources/checkout-session'

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
    setCookie: `${BROWSER_COOKIE}=${token}; Path=${CHECKOUT_URL}; Max-Age=86400; HttpOnly; SameSite=Lax${secure}`,
  }
}

/**
 * Starts a cart checkout (storefront §4, DESIGN 1-3): the body is
 * `{ items, promoCode, expectedTotalCents, country }`; the answer is `{ url }` of the hosted checkout or
 * `{ error, message }` for the cart's toast. Prices come from the database, never from the body.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 })
  const read = await readJsonBody(request, MAX_CHECKOUT_BODY_BYTES)
  if (!read.ok) {
    return badRequest(
      read.problem === 'too-large' ? 'Your cart is too large.' : 'The checkout request could not be read.',
    )
  }
  const parsed = parseForm(CheckoutRequestSchema, read.body)
  if (!parsed.ok) return badRequest(`Invalid cart: ${parsed.message}`)
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

const CheckoutAnswerSchema = z.union([
  z.object({ url: z.string().min(1) }),
  z.object({ error: z.string().min(1), message: z.string() }),
])

const unexpected = { error: 'Checkout Error', message: 'An unexpected error occurred during checkout.' }

/**
 * The cart's Proceed to Checkout, in the browser: the cart's fetcher posts here, and this sends the
 * body on to the endpoint itself, at its own address, where the browser's checkout cookie is sent
 * (a fetcher's request would go to `….data`, outside the cookie's path). The hosted checkout is
 * then opened as a new page; a refusal is toasted once, when it arrives (decision 012).
 */
export const clientAction = ({ request }: Route.ClientActionArgs) =>
  toastActionResult({ serverAction: () => sendCheckout(request) })

async function sendCheckout(request: Request): Promise<Response | ActionResult<string, never>> {
  const answer = await endpointAnswer(await request.text())
  if ('url' in answer) return redirectDocument(answer.url)
  return { ok: false, toast: { title: answer.error, description: answer.message, variant: 'destructive' } }
}

/** The endpoint's own answer, or the unexpected-error one when the connection or the answer fails. */
async function endpointAnswer(body: string): Promise<z.infer<typeof CheckoutAnswerSchema>> {
  try {
    const response = await fetch(CHECKOUT_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
    })
    return CheckoutAnswerSchema.safeParse(await response.json()).data ?? unexpected
  } catch {
    return unexpected
  }
}
