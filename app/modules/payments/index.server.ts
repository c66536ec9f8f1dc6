import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { createDemoProvider, type DemoPaymentProvider } from './demo-provider.server.ts'
import { createDatabaseDemoSessionStore } from './demo-session-store.server.ts'
import { createStripeProvider, type StripePaymentProvider } from './stripe-provider.server.ts'

export {
  createDemoProvider,
  DemoCheckoutError,
  type DemoCheckoutErrorCode,
  type DemoEventDelivery,
  type DemoPaymentDetails,
  type DemoPaymentProvider,
  type DemoProviderOptions,
  demoSignatureHeader,
} from './demo-provider.server.ts'
export {
  createDatabaseDemoSessionStore,
  createMemoryDemoSessionStore,
  type DemoSessionRecord,
  type DemoSessionSettlement,
  type DemoSessionStore,
} from './demo-session-store.server.ts'
export { PaymentEventError, PaymentRefundError, PaymentSignatureError } from './errors.ts'
export { type RecordPaymentEventInput, recordPaymentEvent } from './events.server.ts'
export { paymentEvents } from './schema.server.ts'
export { CreateCheckoutInputSchema, fillSessionId, parseCheckoutInput, subtotalCents, totalCents } from './schemas.ts'
export {
  createStripeProvider,
  type StripePaymentProvider,
  type StripeProviderOptions,
} from './stripe-provider.server.ts'
export type * from './types.ts'

/** Either adapter; narrow on `name` to reach the demo checkout's own functions. */
export type ConfiguredPaymentProvider = StripePaymentProvider | DemoPaymentProvider

const store = globalThis as typeof globalThis & { __shopPaymentProvider?: ConfiguredPaymentProvider }

/**
 * The process-wide payment provider: Stripe when STRIPE_SECRET_KEY is set, otherwise the demo
 * checkout. Kept on globalThis so the dev server's module reloads reuse it.
 * @example
 * const provider = getPaymentProvider()
 * const { url } = await provider.createCheckout(input)
 * if (provider.name === 'demo') await provider.cancelDemoCheckout(id)
 */
export function getPaymentProvider(): ConfiguredPaymentProvider {
  store.__shopPaymentProvider ??= createConfiguredPaymentProvider()
  return store.__shopPaymentProvider
}

/** Replaces the process-wide provider (tests), or clears it with null so the next call rebuilds it. */
export function setPaymentProvider(provider: ConfiguredPaymentProvider | null) {
  store.__shopPaymentProvider = provider ?? undefined
}

function createConfiguredPaymentProvider(): ConfiguredPaymentProvider {
  const env = getEnv()
  if (env.STRIPE_SECRET_KEY) {
    if (!env.STRIPE_WEBHOOK_SECRET) {
      // Production refuses to start without it (env.server.ts); elsewhere checkout works but every
      // webhook is refused, so say why once.
      logger.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be rejected')
    }
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    })
  }
  return createDemoProvider({ sessionSecret: env.SESSION_SECRET, store: createDatabaseDemoSessionStore() })
}
