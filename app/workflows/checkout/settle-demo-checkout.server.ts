import {
  DemoCheckoutError,
  type DemoEventDelivery,
  type DemoPaymentDetails,
  getPaymentProvider,
} from '#app/modules/payments/index.server.ts'
import { handlePaymentEvent } from './handle-payment-event.server.ts'

export type SettleDemoCheckoutResult =
  | { ok: true; redirectUrl: string }
  | { ok: false; status: 400 | 404 | 410; message: string }

/**
 * The demo checkout page's Pay or Cancel: the demo provider settles its session and hands back a
 * signed event, which is verified and applied exactly as a provider's webhook would be.
 * @example
 * const result = await settleDemoCheckout('cs_demo_…', { intent: 'pay', details: { email, shippingAddress } })
 * if (result.ok) throw redirect(result.redirectUrl)
 */
export async function settleDemoCheckout(
  sessionId: string,
  request: { intent: 'pay'; details: DemoPaymentDetails } | { intent: 'cancel' },
): Promise<SettleDemoCheckoutResult> {
  const provider = getPaymentProvider()
  if (provider.name !== 'demo') return { ok: false, status: 404, message: 'This checkout session does not exist.' }
  let delivery: DemoEventDelivery
  try {
    // Step 1: the demo provider pays or cancels its session.
    delivery =
      request.intent === 'pay'
        ? await provider.completeDemoCheckout(sessionId, request.details)
        : await provider.cancelDemoCheckout(sessionId)
  } catch (error) {
    if (!(error instanceof DemoCheckoutError)) throw error
    const status = error.code === 'not_found' ? 404 : error.code === 'already_settled' ? 410 : 400
    return { ok: false, status, message: error.message }
  }
  // Step 2: the same code path as a webhook: verify the signed body, then apply the event once.
  const event = await provider.parseEvent(delivery.body, delivery.signature)
  await handlePaymentEvent(provider.name, event)
  return { ok: true, redirectUrl: delivery.redirectUrl }
}
