import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { emptyAddress } from '#app/rules/address.ts'
import { customerAddress } from '#tests/factories/shop-records.ts'
import { PaymentEventError, PaymentRefundError, PaymentSignatureError } from './errors.ts'
import { createStripeProvider, type StripePaymentProvider } from './stripe-provider.server.ts'
import type { CreateCheckoutInput } from './types.ts'

const secretKey = 'sk_test_stand_in_0000000000'
const webhookSecret = 'whsec_test_stand_in_secret'
const now = new Date('2030-03-04T05:06:07Z')
const nowSeconds = Math.floor(now.getTime() / 1000)

type RecordedRequest = Record<'method' | 'path' | 'authorization' | 'idempotencyKey', string> & {
  form: Record<string, string>
}

/** A local stand-in for the part of Stripe's HTTP API the adapter uses. */
let server: Server
let requests: RecordedRequest[] = []
/** The requests Stripe received, as `METHOD /path`. */
const calls = () => requests.map((request) => `${request.method} ${request.path}`)
let provider: StripePaymentProvider

const paidSession = {
  id: 'cs_test_paid',
  object: 'checkout.session',
  mode: 'payment',
  status: 'complete',
  payment_status: 'paid',
  amount_total: 2625,
  currency: 'usd',
  client_reference_id: 'cart-42',
  metadata: { reference_kind: 'cart', reference_id: 'cart-42' },
  customer_email: null,
  customer_details: { email: 'guest@example.com', name: 'Grace Guest', address: null },
  collected_information: {
    shipping_details: {
      name: 'Grace Guest',
      address: {
        line1: '1 Printer Way',
        line2: 'Unit 3',
        city: 'Austin',
        state: 'TX',
        postal_code: '78701',
        country: 'US',
      },
    },
  },
  payment_intent: 'pi_test_123',
  url: null,
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` })
  response.end(JSON.stringify(body))
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  let body = ''
  for await (const chunk of request) body += chunk
  const path = request.url ?? ''
  const form = Object.fromEntries(new URLSearchParams(body))
  requests.push({
    method: request.method ?? '',
    path,
    authorization: request.headers.authorization ?? '',
    idempotencyKey: String(request.headers['idempotency-key'] ?? ''),
    form,
  })

  if (request.method === 'POST' && path === '/v1/coupons') {
    return answer(response, 200, {
      id: 'co_test_once',
      object: 'coupon',
      amount_off: Number(form.amount_off),
      currency: form.currency,
      duration: form.duration,
      name: form.name,
      max_redemptions: Number(form.max_redemptions),
      valid: true,
    })
  }
  if (request.method === 'POST' && path === '/v1/refunds') {
    if (form.payment_intent === 'pi_refunded') {
      return answer(response, 400, {
        error: {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: 'Charge has already been refunded.',
        },
      })
    }
    return answer(response, 200, {
      id: 're_test_1',
      object: 'refund',
      amount: Number(form.amount),
      payment_intent: form.payment_intent,
      status: 'succeeded',
    })
  }
  if (request.method === 'POST' && path === '/v1/checkout/sessions') {
    return answer(response, 200, {
      id: 'cs_test_created',
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      expires_at: Number(form.expires_at),
      url: 'https://checkout.stripe.com/c/pay/cs_test_created',
    })
  }
  if (request.method === 'GET' && path === '/v1/checkout/sessions/cs_test_paid') {
    return answer(response, 200, paidSession)
  }
  if (request.method === 'POST' && path === '/v1/checkout/sessions/cs_test_open/expire') {
    return answer(response, 200, { ...paidSession, id: 'cs_test_open', status: 'expired', payment_status: 'unpaid' })
  }
  if (request.method === 'POST' && path === '/v1/checkout/sessions/cs_test_paid/expire') {
    // What Stripe answers for a session that is no longer open.
    return answer(response, 400, {
      error: {
        type: 'invalid_request_error',
        message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
      },
    })
  }
  return answer(response, 404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such checkout.session: '${path.split('/').pop()}'`,
    },
  })
}

beforeAll(async () => {
  server = createServer((request, response) => {
    handle(request, response).catch(() => answer(response, 500, { error: { type: 'api_error' } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  provider = createStripeProvider({
    secretKey,
    webhookSecret,
    stripeOptions: { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 },
    now: () => now,
  })
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  requests = []
})

const cartCheckout: CreateCheckoutInput = {
  reference: { kind: 'cart', id: 'cart-42' },
  lines: [
    { name: 'Phone Mount', unitAmountCents: 1250, quantity: 2, description: 'Black PLA' },
    { name: 'Cable Clip', unitAmountCents: 199, quantity: 5 },
  ],
  discount: { code: 'SUMMER15', amountCents: 524 },
  shippingCents: 500,
  customerEmail: 'ada@example.com',
  collectShippingAddress: true,
  successUrl: 'https://shop.test/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://shop.test/cart',
}

/** The fields of the line item at `index` (its unit amount in cents). */
function lineItemFields(index: number, line: { quantity: string; unitAmount: string; name: string }) {
  return {
    [`line_items[${index}][quantity]`]: line.quantity,
    [`line_items[${index}][price_data][currency]`]: 'usd',
    [`line_items[${index}][price_data][unit_amount]`]: line.unitAmount,
    [`line_items[${index}][price_data][product_data][name]`]: line.name,
  }
}

/** The fields that tie a session, and the payment it makes, to the shop's cart or invoice. */
function referenceFields(kind: 'cart' | 'invoice', id: string) {
  return {
    client_reference_id: id,
    'metadata[reference_kind]': kind,
    'metadata[reference_id]': id,
    'payment_intent_data[metadata][reference_kind]': kind,
    'payment_intent_data[metadata][reference_id]': id,
  }
}

describe('createCheckout', () => {
  test('sends server-built line items, the discount as a one-off coupon, shipping, e-mail, URLs and metadata', async () => {
    const session = await provider.createCheckout(cartCheckout)

    expect(session).toEqual({
      id: 'cs_test_created',
      url: 'https://checkout.stripe.com/c/pay/cs_test_created',
      provider: 'stripe',
      expiresAt: new Date((nowSeconds + 32 * 60) * 1000),
    })
    expect(calls()).toEqual(['POST /v1/coupons', 'POST /v1/checkout/sessions'])
    expect(requests.every((request) => request.authorization === `Bearer ${secretKey}`)).toBe(true)

    expect(requests[0].form).toEqual({
      amount_off: '524',
      currency: 'usd',
      duration: 'once',
      name: 'SUMMER15',
      max_redemptions: '1',
    })
    expect(requests[1].form).toEqual({
      mode: 'payment',
      ...lineItemFields(0, { quantity: '2', unitAmount: '1250', name: 'Phone Mount' }),
      'line_items[0][price_data][product_data][description]': 'Black PLA',
      ...lineItemFields(1, { quantity: '5', unitAmount: '199', name: 'Cable Clip' }),
      'shipping_options[0][shipping_rate_data][type]': 'fixed_amount',
      'shipping_options[0][shipping_rate_data][display_name]': 'Standard shipping',
      'shipping_options[0][shipping_rate_data][fixed_amount][amount]': '500',
      'shipping_options[0][shipping_rate_data][fixed_amount][currency]': 'usd',
      'discounts[0][coupon]': 'co_test_once',
      customer_email: 'ada@example.com',
      'shipping_address_collection[allowed_countries][0]': 'US',
      success_url: 'https://shop.test/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.test/cart',
      ...referenceFields('cart', 'cart-42'),
      expires_at: String(nowSeconds + 32 * 60),
    })
  })

  test('an invoice without discount, shipping or e-mail sends neither coupon nor shipping option', async () => {
    await provider.createCheckout({
      reference: { kind: 'invoice', id: 'inv-7' },
      lines: [{ name: 'Invoice inv-7', unitAmountCents: 4200, quantity: 1 }],
      discount: null,
      shippingCents: 0,
      customerEmail: null,
      collectShippingAddress: false,
      successUrl: 'https://shop.test/checkout?status=success&invoice=inv-7',
      cancelUrl: 'https://shop.test/checkout?status=cancel&invoice=inv-7',
      expiresInMinutes: 90,
    })

    expect(calls()).toEqual(['POST /v1/checkout/sessions'])
    expect(requests[0].form).toEqual({
      mode: 'payment',
      ...lineItemFields(0, { quantity: '1', unitAmount: '4200', name: 'Invoice inv-7' }),
      success_url: 'https://shop.test/checkout?status=success&invoice=inv-7',
      cancel_url: 'https://shop.test/checkout?status=cancel&invoice=inv-7',
      ...referenceFields('invoice', 'inv-7'),
      expires_at: String(nowSeconds + 90 * 60),
    })
  })

  test('a zero discount sends no coupon', async () => {
    await provider.createCheckout({ ...cartCheckout, discount: { code: 'NOTHING', amountCents: 0 } })
    expect(requests.map((request) => request.path)).toEqual(['/v1/checkout/sessions'])
    expect(requests[0].form['discounts[0][coupon]']).toBeUndefined()
  })

  test.each([
    [undefined, 32 * 60],
    [5, 32 * 60],
    [31, 32 * 60],
    [45, 45 * 60],
    [5000, 24 * 3600 - 120],
  ])('expiresInMinutes %s gives expires_at now + %i s, inside what Stripe accepts', async (minutes, seconds) => {
    await provider.createCheckout({ ...cartCheckout, discount: null, expiresInMinutes: minutes })
    expect(requests[0].form.expires_at).toBe(String(nowSeconds + seconds))
  })

  test.each([
    ['a discount above the subtotal', { discount: { code: 'BIG', amountCents: 3496 } }],
    ['fractional cents', { lines: [{ name: 'Mount', unitAmountCents: 12.5, quantity: 1 }] }],
    ['a zero quantity', { lines: [{ name: 'Mount', unitAmountCents: 1250, quantity: 0 }] }],
    ['no lines', { lines: [] }],
    ['a relative success URL', { successUrl: '/success' }],
  ])('refuses %s before calling Stripe', async (_name, change) => {
    await expect(provider.createCheckout({ ...cartCheckout, ...change })).rejects.toThrow()
    expect(requests).toEqual([])
  })
})

describe('expireCheckout', () => {
  test('expires an open session', async () => {
    expect(await provider.expireCheckout('cs_test_open')).toBe(true)
    expect(calls()).toEqual(['POST /v1/checkout/sessions/cs_test_open/expire'])
  })

  test('a session that is no longer open is refused: false, not an error', async () => {
    expect(await provider.expireCheckout('cs_test_paid')).toBe(false)
  })
})

/** What the provider reads from `paidSession`. */
const paidOutcome = {
  id: 'cs_test_paid',
  status: 'complete',
  paymentStatus: 'paid',
  reference: { kind: 'cart', id: 'cart-42' },
  amountTotalCents: 2625,
  customerEmail: 'guest@example.com',
  shippingAddress: { ...customerAddress, name: 'Grace Guest', line2: 'Unit 3', country: 'US' },
  paymentReference: 'pi_test_123',
}

describe('retrieveCheckout', () => {
  test('maps a paid session to its outcome', async () => {
    expect(await provider.retrieveCheckout('cs_test_paid')).toEqual(paidOutcome)
    expect(calls()).toEqual(['GET /v1/checkout/sessions/cs_test_paid'])
  })

  test('an unknown session is null', async () => {
    expect(await provider.retrieveCheckout('cs_test_unknown')).toBeNull()
  })
})

describe('parseEvent', () => {
  const stripe = new Stripe(secretKey)
  const eventPayload = (type: string, object: unknown = paidSession, id = 'evt_test_1') =>
    JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: nowSeconds,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    })
  const sign = (payload: string, secret = webhookSecret) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret })

  test('a correctly signed checkout.session.completed parses to checkout.completed with its session', async () => {
    const payload = eventPayload('checkout.session.completed')
    const event = await provider.parseEvent(payload, sign(payload))
    expect(event.id).toBe('evt_test_1')
    expect(event.type).toBe('checkout.completed')
    expect(event.session).toEqual(paidOutcome)
    expect(event.raw).toMatchObject({ id: 'evt_test_1', type: 'checkout.session.completed' })
  })

  test.each([
    ['checkout.session.async_payment_succeeded', 'checkout.async_payment_succeeded'],
    ['checkout.session.async_payment_failed', 'checkout.async_payment_failed'],
    ['checkout.session.expired', 'checkout.expired'],
  ])('%s parses to %s', async (stripeType, type) => {
    const payload = eventPayload(stripeType)
    const event = await provider.parseEvent(payload, sign(payload))
    expect(event.type).toBe(type)
    expect(event.session?.id).toBe('cs_test_paid')
  })

  test('an older API version with top-level shipping_details still gives the address', async () => {
    const { collected_information: _, ...older } = paidSession
    const payload = eventPayload('checkout.session.completed', {
      ...older,
      shipping_details: {
        name: 'Grace',
        address: { line1: '9 Old Rd', city: 'Waco', state: 'TX', postal_code: '76701' },
      },
    })
    const event = await provider.parseEvent(payload, sign(payload))
    expect(event.session?.shippingAddress).toEqual({
      ...emptyAddress,
      name: 'Grace',
      street: '9 Old Rd',
      city: 'Waco',
      state: 'TX',
      zip: '76701',
    })
  })

  test('another event type is "other", without a session', async () => {
    const payload = eventPayload('payment_intent.succeeded', { id: 'pi_test_123', object: 'payment_intent' })
    const event = await provider.parseEvent(payload, sign(payload))
    expect(event).toMatchObject({ id: 'evt_test_1', type: 'other', session: null })
  })

  test('a wrong secret, a tampered body and a missing header throw PaymentSignatureError', async () => {
    const payload = eventPayload('checkout.session.completed')
    await expect(provider.parseEvent(payload, sign(payload, 'whsec_someone_else'))).rejects.toBeInstanceOf(
      PaymentSignatureError,
    )
    const tampered = payload.replace('"amount_total":2625', '"amount_total":1')
    expect(tampered).not.toBe(payload)
    await expect(provider.parseEvent(tampered, sign(payload))).rejects.toBeInstanceOf(PaymentSignatureError)
    await expect(provider.parseEvent(payload, null)).rejects.toBeInstanceOf(PaymentSignatureError)
    await expect(provider.parseEvent(payload, '')).rejects.toBeInstanceOf(PaymentSignatureError)
    await expect(provider.parseEvent(payload, 'garbage')).rejects.toBeInstanceOf(PaymentSignatureError)
  })

  test('a signature too old to be trusted is refused', async () => {
    const payload = eventPayload('checkout.session.completed')
    const old = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    })
    await expect(provider.parseEvent(payload, old)).rejects.toBeInstanceOf(PaymentSignatureError)
  })

  test('without a configured webhook secret every event is refused', async () => {
    const unconfigured = createStripeProvider({ secretKey, webhookSecret: '' })
    const payload = eventPayload('checkout.session.completed')
    const emptyKeySignature = stripe.webhooks.generateTestHeaderString({ payload, secret: '' })
    await expect(unconfigured.parseEvent(payload, emptyKeySignature)).rejects.toBeInstanceOf(PaymentSignatureError)
  })

  test('a correctly signed body that is not JSON is a PaymentEventError, not a crash', async () => {
    const payload = 'not json'
    const error = await provider.parseEvent(payload, sign(payload)).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PaymentEventError)
    expect(error).not.toBeInstanceOf(PaymentSignatureError)
  })
})

describe('refundPayment', () => {
  test('refunds part of a payment intent once, with the idempotency key', async () => {
    const refund = await provider.refundPayment({
      paymentReference: 'pi_test_paid',
      amountCents: 1250,
      idempotencyKey: 'order-refund:abc:0:1250',
      reason: 'Damaged in transit',
    })
    expect(refund).toEqual({ id: 're_test_1' })
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      idempotencyKey: 'order-refund:abc:0:1250',
      form: { payment_intent: 'pi_test_paid', amount: '1250', 'metadata[reason]': 'Damaged in transit' },
    })
  })

  test("Stripe's refusal is a PaymentRefundError with its reason; a zero amount never reaches Stripe", async () => {
    await expect(
      provider.refundPayment({ paymentReference: 'pi_refunded', amountCents: 100, idempotencyKey: 'k1' }),
    ).rejects.toThrow(new PaymentRefundError('Charge has already been refunded.'))
    await expect(
      provider.refundPayment({ paymentReference: 'pi_test_paid', amountCents: 0, idempotencyKey: 'k2' }),
    ).rejects.toBeInstanceOf(PaymentRefundError)
    expect(requests.filter((request) => request.path === '/v1/refunds')).toHaveLength(1)
  })
})
