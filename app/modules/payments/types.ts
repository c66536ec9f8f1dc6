import type { PostalAddress } from '#app/rules/address.ts'

/** The payment adapters: Stripe when configured, the built-in demo checkout otherwise. */
export type PaymentProviderName = 'stripe' | 'demo'

/** What a checkout session pays for: a cart being checked out, or an existing invoice. */
export type CheckoutReference = { kind: 'cart' | 'invoice'; id: string }

/** One line of a hosted checkout. Amounts are integer cents computed by the server, never by the browser. */
export type CheckoutLine = {
  name: string
  unitAmountCents: number
  quantity: number
  description?: string
}

export type CreateCheckoutInput = {
  reference: CheckoutReference
  lines: CheckoutLine[]
  /** The promotion already computed by the server; shown as a discount on the hosted page. */
  discount?: { code: string; amountCents: number } | null
  shippingCents: number
  /** Known for signed-in customers; otherwise the hosted page asks for it. */
  customerEmail?: string | null
  collectShippingAddress: boolean
  /** ISO alpha-2 codes the hosted page offers for the shipping address (the shop's list). */
  shippingCountries?: string[]
  /** Absolute URL; `{CHECKOUT_SESSION_ID}` in it is replaced by the session id. */
  successUrl: string
  /** Absolute URL. */
  cancelUrl: string
  /** Clamped to what the provider accepts (Stripe: 30 minutes to 24 hours); 30 by default. */
  expiresInMinutes?: number
}

export type CheckoutSession = {
  id: string
  /** Where to send the browser: the provider's hosted page, or `/demo-checkout/{id}`. */
  url: string
  provider: PaymentProviderName
  /** When the session stops accepting payment; a `checkout.expired` event follows. */
  expiresAt: Date
}

/** The shared postal address (app/rules/address.ts). */
export type CheckoutShippingAddress = PostalAddress

export type CheckoutStatus = 'open' | 'complete' | 'expired'
export type CheckoutPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required'

/** What a provider says about a session: read back by id, or carried by an event. */
export type CheckoutOutcome = {
  id: string
  status: CheckoutStatus
  paymentStatus: CheckoutPaymentStatus
  /** Null when the session was not created by this shop (no reference in its metadata). */
  reference: CheckoutReference | null
  amountTotalCents: number | null
  customerEmail: string | null
  shippingAddress: CheckoutShippingAddress | null
  /** The provider's payment reference (Stripe: the PaymentIntent id), recorded on the paid invoice. */
  paymentReference: string | null
}

export type PaymentEventType =
  | 'checkout.completed'
  | 'checkout.async_payment_succeeded'
  | 'checkout.async_payment_failed'
  | 'checkout.expired'
  | 'other'

/** A verified provider event, in provider-neutral terms. */
export type PaymentEvent = {
  /** The provider's event id: recorded once in `payment_events`, so a replay changes nothing. */
  id: string
  type: PaymentEventType
  /** The session the event is about; null for events of type 'other'. */
  session: CheckoutOutcome | null
  /** The provider's event as received, for the `payment_events` payload. */
  raw: unknown
}

export type RefundInput = {
  /** The payment to refund: the provider's reference recorded with the order (Stripe: PaymentIntent). */
  paymentReference: string
  /** Positive; the caller keeps it within what is left of the payment. */
  amountCents: number
  /** The same key for a retried refund, so the provider makes it once. */
  idempotencyKey: string
  reason?: string | null
}

/** One adapter per payment vendor (as Medusa's AbstractPaymentProvider). */
export type PaymentProvider = {
  name: PaymentProviderName
  /** Creates a hosted checkout session and returns where to send the browser. */
  createCheckout(input: CreateCheckoutInput): Promise<CheckoutSession>
  /**
   * Expires an open session so it can no longer be paid. False when the provider refused (the
   * session is complete, already expired or unknown): a payment may then still arrive, and the
   * event handler must judge it on its own.
   */
  expireCheckout(id: string): Promise<boolean>
  /** Reads a session's outcome; null when the provider does not know the id. */
  retrieveCheckout(id: string): Promise<CheckoutOutcome | null>
  /**
   * Verifies and parses an event delivered to the webhook endpoint. Throws a
   * `PaymentSignatureError` on a missing or bad signature and a `PaymentEventError` on a payload
   * that is not an event; the endpoint answers 400 to both and changes nothing.
   */
  parseEvent(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent>
  /**
   * Gives back part or all of a payment; resolves to the provider's refund id. Throws a
   * `PaymentRefundError` with the provider's reason when it refuses.
   */
  refundPayment(input: RefundInput): Promise<{ id: string }>
}
