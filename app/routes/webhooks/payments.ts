import { demoSignatureHeader, getPaymentProvider, PaymentEventError } from '#app/modules/payments/index.server.ts'
import { handlePaymentEvent } from '#app/workflows/checkout/handle-payment-event.server.ts'
import type { Route } from './+types/payments.ts'

// Provider events are small; anything far bigger is not one.
const MAX_BODY_BYTES = 512 * 1024

const signatureHeaders = { stripe: 'stripe-signature', demo: demoSignatureHeader } as const

/**
 * The payment provider's events (DESIGN 4): only the configured provider's path exists; the body
 * is verified by its signature before anything changes, and each event is applied once.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const provider = getPaymentProvider()
  if (params.provider !== provider.name) return Response.json({ error: 'Not found' }, { status: 404 })
  if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 })
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
    return Response.json({ error: 'Request body too large' }, { status: 413 })
  }
  const body = await request.text()
  let event: Awaited<ReturnType<typeof provider.parseEvent>>
  try {
    event = await provider.parseEvent(body, request.headers.get(signatureHeaders[provider.name]))
  } catch (error) {
    if (error instanceof PaymentEventError) return Response.json({ error: error.message }, { status: 400 })
    throw error
  }
  await handlePaymentEvent(provider.name, event)
  return Response.json({ received: true })
}

export function loader() {
  return Response.json({ error: 'Method not allowed' }, { status: 405 })
}
