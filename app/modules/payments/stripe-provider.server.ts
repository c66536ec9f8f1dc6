import Stripe from 'stripe'
import { PaymentEventError, PaymentRefundError, PaymentSignatureError } from './errors.ts'
import { parseCheckoutInput } from './schemas.ts'
import type {
  CheckoutOutcome,
  CheckoutReference,
  CheckoutShippingAddress,
  PaymentEventType,
  PaymentProvider,
} from './types.ts'

type AllowedCountry = Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry

export type StripeProviderOptions = {
  secretKey: string
  webhookSecret: string
  /** Passed to the SDK; tests point it at a local stand-in with `{ host, port, protocol: 'http' }`. */
  stripeOptions?: Stripe.StripeConfig
  /** Countries the hosted page accepts a shipping address from; the shop prices US shipping. */
  shippingCountries?: AllowedCountry[]
  /** The clock used for `expires_at`; tests fix it. */
  now?: () => Date
}

export type StripePaymentProvider = PaymentProvider & { name: 'stripe' }

/** Stripe accepts an `expires_at` from 30 minutes to 24 hours after the session is created. */
const minExpiryMinutes = 30
const maxExpiryMinutes = 24 * 60
/**
 * Kept away from both edges: Stripe measures from when it creates the session, so a value of
 * exactly 30 minutes from our clock arrives a little short after latency, clock skew or a retry.
 */
const expiryMarginSeconds = 120

const eventTypes: Record<string, PaymentEventType> = {
  'checkout.session.completed': 'checkout.completed',
  'checkout.session.async_payment_succeeded': 'checkout.async_payment_succeeded',
  'checkout.session.async_payment_failed': 'checkout.async_payment_failed',
  'checkout.session.expired': 'checkout.expired',
}

/**
 * Stripe Checkout through the official SDK. Every line is sent as `price_data` built by the
 * server (never a stored price id), the promotion as a one-off coupon, shipping as a fixed-rate
 * shipping option; events are verified with the webhook signing secret.
 * @example
 * const stripe = createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET })
 * const { url } = await stripe.createCheckout(input)
 */
export function createStripeProvider(options: StripeProviderOptions): StripePaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    // Over fetch rather than node:http, so request mocks that intercept fetch see the calls too.
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'layerworks-shop' },
    ...options.stripeOptions,
  })
  const now = options.now ?? (() => new Date())
  const shippingCountries = options.shippingCountries ?? ['US']

  return {
    name: 'stripe',

    async createCheckout(rawInput) {
      const input = parseCheckoutInput(rawInput)
      const createdAt = Math.floor(now().getTime() / 1000)
      const minutes = Math.min(Math.max(input.expiresInMinutes ?? minExpiryMinutes, minExpiryMinutes), maxExpiryMinutes)
      const lifetime = Math.min(
        Math.max(minutes * 60, minExpiryMinutes * 60 + expiryMarginSeconds),
        maxExpiryMinutes * 60 - expiryMarginSeconds,
      )
      const metadata = { reference_kind: input.reference.kind, reference_id: input.reference.id }

      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        line_items: input.lines.map((line) => ({
          quantity: line.quantity,
          price_data: {
            currency: 'usd',
            unit_amount: line.unitAmountCents,
            product_data: { name: line.name, ...(line.description ? { description: line.description } : {}) },
          },
        })),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.reference.id,
        metadata,
        payment_intent_data: { metadata },
        expires_at: createdAt + lifetime,
      }
      if (input.shippingCents > 0) {
        params.shipping_options = [
          {
            shipping_rate_data: {
              type: 'fixed_amount',
              display_name: 'Standard shipping',
              fixed_amount: { amount: input.shippingCents, currency: 'usd' },
            },
          },
        ]
      }
      if (input.customerEmail) params.customer_email = input.customerEmail
      if (input.collectShippingAddress) {
        const countries = input.shippingCountries?.length ? input.shippingCountries : shippingCountries
        params.shipping_address_collection = { allowed_countries: countries as AllowedCountry[] }
      }
      if (input.discount) {
        // A one-off coupon for exactly the discount the server computed: Stripe's own promotion
        // rules never decide the amount, and the coupon cannot be redeemed a second time.
        const coupon = await stripe.coupons.create({
          amount_off: input.discount.amountCents,
          currency: 'usd',
          duration: 'once',
          name: input.discount.code.slice(0, 40),
          max_redemptions: 1,
        })
        params.discounts = [{ coupon: coupon.id }]
      }

      const session = await stripe.checkout.sessions.create(params)
      if (!session.url) throw new Error('Stripe did not return the payment session address')
      return { id: session.id, url: session.url, provider: 'stripe', expiresAt: new Date(session.expires_at * 1000) }
    },

    async expireCheckout(id) {
      try {
        const session = await stripe.checkout.sessions.expire(id)
        return session.status === 'expired'
      } catch (error) {
        // Stripe refuses a session that is no longer open (paid meanwhile, or expired).
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false
        throw error
      }
    },

    async retrieveCheckout(id) {
      try {
        return toOutcome(await stripe.checkout.sessions.retrieve(id))
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null
        throw error
      }
    },

    async parseEvent(rawBody, signatureHeader) {
      // An empty secret would accept any body signed with an empty key.
      if (!options.webhookSecret) throw new PaymentSignatureError('STRIPE_WEBHOOK_SECRET is not configured')
      if (!signatureHeader) throw new PaymentSignatureError('Missing Stripe-Signature header')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret)
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new PaymentSignatureError(error.message)
        }
        throw new PaymentEventError('The webhook body is not a Stripe event')
      }
      const type = eventTypes[event.type] ?? 'other'
      const object = event.data?.object as { object?: string } | undefined
      const session =
        type !== 'other' && object?.object === 'checkout.session' ? toOutcome(object as Stripe.Checkout.Session) : null
      return { id: event.id, type: session ? type : 'other', session, raw: event }
    },

    async refundPayment({ paymentReference, amountCents, idempotencyKey, reason }) {
      if (!Number.isInteger(amountCents) || amountCents <= 0) throw new PaymentRefundError('Nothing to refund')
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentReference,
            amount: amountCents,
            ...(reason ? { metadata: { reason: reason.slice(0, 500) } } : {}),
          },
          { idempotencyKey },
        )
        return { id: refund.id }
      } catch (error) {
        // Stripe's own words: 'Charge ch_… has already been refunded.', amount too large, unknown payment.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new PaymentRefundError(error.message)
        throw error
      }
    },
  }
}

/** Stripe's session in provider-neutral terms. */
function toOutcome(session: Stripe.Checkout.Session): CheckoutOutcome {
  return {
    id: session.id,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    paymentStatus:
      session.payment_status === 'paid'
        ? 'paid'
        : session.payment_status === 'no_payment_required'
          ? 'no_payment_required'
          : 'unpaid',
    reference: toReference(session),
    amountTotalCents: session.amount_total ?? null,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    shippingAddress: toShippingAddress(session),
    paymentReference:
      typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
  }
}

function toReference(session: Stripe.Checkout.Session): CheckoutReference | null {
  const kind = session.metadata?.reference_kind
  const id = session.metadata?.reference_id ?? session.client_reference_id
  if ((kind === 'cart' || kind === 'invoice') && id) return { kind, id }
  return null
}

function toShippingAddress(session: Stripe.Checkout.Session): CheckoutShippingAddress | null {
  // `collected_information.shipping_details` on current API versions; a webhook endpoint pinned to
  // an API version from before 2025-03-31 still sends the older top-level `shipping_details`.
  const legacy = (session as { shipping_details?: { address?: Stripe.Address | null; name?: string | null } | null })
    .shipping_details
  const shipping = session.collected_information?.shipping_details ?? legacy
  const address = shipping?.address
  if (!address) return null
  return {
    name: shipping?.name ?? '',
    street: address.line1 ?? '',
    line2: address.line2 ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    zip: address.postal_code ?? '',
    country: address.country ?? '',
    phone: session.customer_details?.phone ?? '',
  }
}
