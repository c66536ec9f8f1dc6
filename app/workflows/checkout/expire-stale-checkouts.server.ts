import { listLapsedCheckouts } from '#app/modules/orders/index.server.ts'
import { getPaymentProvider } from '#app/modules/payments/index.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { expireCheckoutById, handlePaymentEvent } from './handle-payment-event.server.ts'

/**
 * How long after its expiry an open checkout waits for the provider's own 'expired' (or a late
 * 'completed') event before the shop releases its stock by itself.
 */
const PROVIDER_GRACE_MS = 10 * 60_000

/**
 * Releases the stock of checkouts nobody paid: lapsed demo sessions are expired through the
 * demo provider (their events go through the same path as webhooks), then any checkout still open
 * well past its expiry is expired here. Run it every minute.
 * @example setInterval(() => void expireStaleCheckouts(), 60_000).unref()
 */
export async function expireStaleCheckouts(now: Date = new Date()): Promise<{ expired: number }> {
  let expired = 0
  // Step 1: the demo checkout expires its lapsed sessions, as Stripe does on its own.
  const provider = getPaymentProvider()
  if (provider.name === 'demo') {
    for (const delivery of await provider.expireLapsedDemoCheckouts()) {
      const event = await provider.parseEvent(delivery.body, delivery.signature)
      if ((await handlePaymentEvent(provider.name, event)).outcome === 'expired') expired += 1
    }
  }
  // Step 2: whatever is still open long after its expiry (a lost event, a crash before the session).
  for (const { id } of await listLapsedCheckouts(new Date(now.getTime() - PROVIDER_GRACE_MS))) {
    if (await expireCheckoutById(id)) expired += 1
  }
  if (expired > 0) logger.info({ expired }, 'Released the stock of expired checkouts')
  return { expired }
}
