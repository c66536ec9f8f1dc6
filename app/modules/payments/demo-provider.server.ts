import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { DemoSessionRecord, DemoSessionSettlement, DemoSessionStore } from './demo-session-store.server.ts'
import { PaymentEventError, PaymentRefundError, PaymentSignatureError } from './errors.ts'
import { fillSessionId, parseCheckoutInput, totalCents } from './schemas.ts'
import type { CheckoutOutcome, CheckoutShippingAddress, PaymentEvent, PaymentProvider } from './types.ts'

/** The header that carries a demo event's signature, as `Stripe-Signature` does for Stripe. */
export const demoSignatureHeader = 'demo-signature'

export type DemoProviderOptions = {
  /** SESSION_SECRET; the event signing key is derived from it, never the secret itself. */
  sessionSecret: string
  store: DemoSessionStore
  /** The clock for expiry; tests move it. */
  now?: () => Date
}

/** What the demo page enters before paying; the e-mail is required unless the session has one. */
export type DemoPaymentDetails = {
  email?: string | null
  shippingAddress?: CheckoutShippingAddress | null
}

/**
 * A signed event exactly as the webhook endpoint would receive it, plus where to send the
 * browser. Hand `body` and `signature` to the same handler as provider webhooks.
 */
export type DemoEventDelivery = {
  event: PaymentEvent
  body: string
  signature: string
  /** The success URL (session id filled in) after payment; the cancel URL otherwise. */
  redirectUrl: string
}

export type DemoCheckoutErrorCode = 'not_found' | 'already_settled' | 'details_required'

/** The demo page asked for something the session cannot do; the page shows it, nothing changes. */
export class DemoCheckoutError extends Error {
  name = 'DemoCheckoutError'
  constructor(
    readonly code: DemoCheckoutErrorCode,
    message: string,
  ) {
    super(message)
  }
}

export type DemoPaymentProvider = PaymentProvider & {
  name: 'demo'
  /** The whole session (lines, totals, URLs) for the demo checkout page; null when unknown. */
  retrieveDemoCheckout(id: string): Promise<DemoSessionRecord | null>
  /** Pays an open session, or expires it if its time has run out. */
  completeDemoCheckout(id: string, details?: DemoPaymentDetails): Promise<DemoEventDelivery>
  /** The customer cancelled on the demo page: the session expires at once, releasing its stock. */
  cancelDemoCheckout(id: string): Promise<DemoEventDelivery>
  /** Expires open sessions past their expiry, as Stripe does on its own; run periodically. */
  expireLapsedDemoCheckouts(limit?: number): Promise<DemoEventDelivery[]>
  /** The `demo-signature` value for a body; lets tests post crafted, replayed or out-of-order events. */
  signDemoEvent(body: string): string
}

const minExpiryMinutes = 30
const maxExpiryMinutes = 24 * 60

// Events signed before the address gained its name, second line, country and phone lack them.
const ShippingAddressSchema = z.object({
  name: z.string().default(''),
  street: z.string(),
  line2: z.string().default(''),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string().default(''),
  phone: z.string().default(''),
})

const DemoEventSchema = z.object({
  id: z.string().min(1),
  type: z.enum([
    'checkout.completed',
    'checkout.async_payment_succeeded',
    'checkout.async_payment_failed',
    'checkout.expired',
  ]),
  created: z.number().int(),
  data: z.object({
    object: z.object({
      id: z.string().min(1),
      status: z.enum(['open', 'complete', 'expired']),
      paymentStatus: z.enum(['paid', 'unpaid', 'no_payment_required']),
      reference: z.object({ kind: z.enum(['cart', 'invoice']), id: z.string().min(1) }).nullable(),
      amountTotalCents: z.number().int().nullable(),
      customerEmail: z.string().nullable(),
      shippingAddress: ShippingAddressSchema.nullable(),
      paymentReference: z.string().nullable(),
    }),
  }),
})

const EmailSchema = z.string().trim().pipe(z.email())

const CompleteAddressSchema = z.object({
  name: z.string().trim().max(200).default(''),
  street: z.string().trim().min(1).max(200),
  line2: z.string().trim().max(200).default(''),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().min(1).max(100),
  zip: z.string().trim().min(1).max(20),
  country: z.string().trim().max(2).default(''),
  phone: z.string().trim().max(40).default(''),
})

/**
 * The built-in checkout used when no payment provider is configured: `createCheckout` sends the
 * browser to the shop's own test-mode page, whose Pay and Cancel buttons produce signed events
 * of the same shape a provider would send, so completion runs through the webhook code path.
 * @example
 * const demo = createDemoProvider({ sessionSecret: env.SESSION_SECRET, store: createMemoryDemoSessionStore() })
 * const { url } = await demo.createCheckout(input) // '/demo-checkout/cs_demo_…'
 * const delivery = await demo.completeDemoCheckout(id, { email: 'ada@example.com' })
 */
export function createDemoProvider(options: DemoProviderOptions): DemoPaymentProvider {
  const { store } = options
  const now = options.now ?? (() => new Date())
  const signingKey = Buffer.from(
    hkdfSync('sha256', options.sessionSecret, 'layerworks-shop', 'demo payment events v1', 32),
  )
  const sign = (body: string) => createHmac('sha256', signingKey).update(body, 'utf8').digest('hex')

  function deliver(type: PaymentEvent['type'], record: DemoSessionRecord, redirectUrl: string): DemoEventDelivery {
    const session = toOutcome(record)
    const raw = {
      id: `evt_demo_${randomBytes(16).toString('hex')}`,
      type,
      created: Math.floor(now().getTime() / 1000),
      data: { object: session },
    }
    const body = JSON.stringify(raw)
    return { event: { id: raw.id, type, session, raw }, body, signature: sign(body), redirectUrl }
  }

  async function expire(record: DemoSessionRecord): Promise<DemoEventDelivery> {
    const settled = await store.settle(record.id, {
      status: 'expired',
      paymentStatus: record.paymentStatus,
      customerEmail: record.customerEmail,
      shippingAddress: record.shippingAddress,
      paymentReference: null,
      settledAt: now(),
    })
    if (!settled) throw alreadySettled(record.id)
    return deliver('checkout.expired', settled, settled.cancelUrl)
  }

  async function findOpen(id: string): Promise<DemoSessionRecord> {
    const record = await store.find(id)
    if (!record) throw new DemoCheckoutError('not_found', 'This checkout session does not exist.')
    if (record.status !== 'open') throw alreadySettled(id)
    return record
  }

  return {
    name: 'demo',

    async createCheckout(rawInput) {
      const input = parseCheckoutInput(rawInput)
      const createdAt = now()
      const minutes = Math.min(Math.max(input.expiresInMinutes ?? minExpiryMinutes, minExpiryMinutes), maxExpiryMinutes)
      const record: DemoSessionRecord = {
        id: `cs_demo_${randomBytes(16).toString('hex')}`,
        reference: input.reference,
        lines: input.lines.map((line) => ({
          name: line.name,
          unitAmountCents: line.unitAmountCents,
          quantity: line.quantity,
          ...(line.description ? { description: line.description } : {}),
        })),
        discount: input.discount,
        shippingCents: input.shippingCents,
        amountTotalCents: totalCents(input),
        customerEmail: input.customerEmail,
        collectShippingAddress: input.collectShippingAddress,
        shippingCountries: input.shippingCountries ?? [],
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        status: 'open',
        paymentStatus: 'unpaid',
        shippingAddress: null,
        paymentReference: null,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + minutes * 60_000),
        settledAt: null,
      }
      await store.insert(record)
      return { id: record.id, url: `/demo-checkout/${record.id}`, provider: 'demo', expiresAt: record.expiresAt }
    },

    async expireCheckout(id) {
      const record = await store.find(id)
      if (record?.status !== 'open') return false
      return (await expire(record).catch(() => null)) !== null
    },

    async retrieveCheckout(id) {
      const record = await store.find(id)
      return record ? toOutcome(record) : null
    },

    async parseEvent(rawBody, signatureHeader) {
      const header = signatureHeader?.trim() ?? ''
      if (!/^[0-9a-f]{64}$/i.test(header)) throw new PaymentSignatureError('Missing or malformed demo-signature header')
      if (!timingSafeEqual(Buffer.from(header, 'hex'), Buffer.from(sign(rawBody), 'hex'))) {
        throw new PaymentSignatureError('The demo-signature does not match the body')
      }
      let parsed: z.infer<typeof DemoEventSchema>
      try {
        parsed = DemoEventSchema.parse(JSON.parse(rawBody))
      } catch {
        throw new PaymentEventError('The webhook body is not a demo payment event')
      }
      return { id: parsed.id, type: parsed.type, session: parsed.data.object, raw: parsed }
    },

    // The demo checkout took no money, so there is nothing to send back: it answers as a provider
    // would, so the order's refund path runs the same as with Stripe.
    async refundPayment({ paymentReference, amountCents }) {
      if (!paymentReference.startsWith('pi_demo_')) throw new PaymentRefundError('No such demo payment')
      if (!Number.isInteger(amountCents) || amountCents <= 0) throw new PaymentRefundError('Nothing to refund')
      return { id: `re_demo_${randomBytes(12).toString('hex')}` }
    },

    retrieveDemoCheckout(id) {
      return store.find(id)
    },

    async completeDemoCheckout(id, details = {}) {
      const record = await findOpen(id)
      if (record.expiresAt <= now()) return expire(record)
      const email = record.customerEmail ?? EmailSchema.safeParse(details.email).data ?? null
      const shippingAddress = record.collectShippingAddress
        ? (CompleteAddressSchema.safeParse(details.shippingAddress).data ?? null)
        : null
      if (!email) throw new DemoCheckoutError('details_required', 'Enter a valid e-mail address.')
      if (record.collectShippingAddress && !shippingAddress) {
        throw new DemoCheckoutError('details_required', 'Enter the street, city, state and zip to ship to.')
      }
      // As a provider's hosted page offers only the countries it was given.
      const countries = record.shippingCountries
      if (shippingAddress && countries.length > 0 && !countries.includes(shippingAddress.country)) {
        throw new DemoCheckoutError('details_required', 'Choose a country we ship to.')
      }
      const settlement: DemoSessionSettlement = {
        status: 'complete',
        paymentStatus: record.amountTotalCents > 0 ? 'paid' : 'no_payment_required',
        customerEmail: email,
        shippingAddress,
        paymentReference: `pi_demo_${randomBytes(12).toString('hex')}`,
        settledAt: now(),
      }
      const settled = await store.settle(id, settlement)
      if (!settled) throw alreadySettled(id)
      return deliver('checkout.completed', settled, fillSessionId(settled.successUrl, settled.id))
    },

    async cancelDemoCheckout(id) {
      return expire(await findOpen(id))
    },

    async expireLapsedDemoCheckouts(limit = 100) {
      const deliveries: DemoEventDelivery[] = []
      for (const record of await store.listLapsed(now(), limit)) {
        // Another instance may settle it first; that one sends the event.
        const delivery = await expire(record).catch((error: unknown) => {
          if (error instanceof DemoCheckoutError) return null
          throw error
        })
        if (delivery) deliveries.push(delivery)
      }
      return deliveries
    },

    signDemoEvent: sign,
  }
}

function alreadySettled(_id: string) {
  return new DemoCheckoutError(
    'already_settled',
    'This checkout session is no longer open, so nothing was charged. Go back and start the payment again.',
  )
}

function toOutcome(record: DemoSessionRecord): CheckoutOutcome {
  return {
    id: record.id,
    status: record.status,
    paymentStatus: record.paymentStatus,
    reference: { kind: record.reference.kind, id: record.reference.id },
    amountTotalCents: record.amountTotalCents,
    customerEmail: record.customerEmail,
    shippingAddress: record.shippingAddress,
    paymentReference: record.paymentReference,
  }
}
