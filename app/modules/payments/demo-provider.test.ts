import { beforeEach, describe, expect, test } from 'vitest'
import { emptyAddress } from '#app/rules/address.ts'
import {
  createDemoProvider,
  DemoCheckoutError,
  type DemoPaymentProvider,
  demoSignatureHeader,
} from './demo-provider.server.ts'
import { createMemoryDemoSessionStore, type DemoSessionStore } from './demo-session-store.server.ts'
import { PaymentEventError, PaymentRefundError, PaymentSignatureError } from './errors.ts'
import type { CreateCheckoutInput } from './types.ts'

const sessionSecret = 'test-session-secret-that-is-long-enough-000'
let clock = new Date('2030-03-04T05:06:07Z')
let store: DemoSessionStore
let provider: DemoPaymentProvider

beforeEach(() => {
  clock = new Date('2030-03-04T05:06:07Z')
  store = createMemoryDemoSessionStore()
  provider = createDemoProvider({ sessionSecret, store, now: () => clock })
})

const guestCart: CreateCheckoutInput = {
  reference: { kind: 'cart', id: 'cart-42' },
  lines: [
    { name: 'Phone Mount', unitAmountCents: 1250, quantity: 2 },
    { name: 'Cable Clip', unitAmountCents: 199, quantity: 5, description: 'Pack of 5' },
  ],
  discount: { code: 'SUMMER15', amountCents: 524 },
  shippingCents: 500,
  customerEmail: null,
  collectShippingAddress: true,
  successUrl: 'https://shop.test/success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://shop.test/cart',
}
const address = { ...emptyAddress, street: '1 Printer Way', city: 'Austin', state: 'TX', zip: '78701' }

async function expectDemoError(promise: Promise<unknown>, code: DemoCheckoutError['code']) {
  const error = await promise.catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(DemoCheckoutError)
  expect((error as DemoCheckoutError).code).toBe(code)
}

describe('createCheckout', () => {
  test('returns the demo page URL and keeps the lines and total for it', async () => {
    const session = await provider.createCheckout(guestCart)
    expect(session.provider).toBe('demo')
    expect(session.id).toMatch(/^cs_demo_[0-9a-f]{32}$/)
    expect(session.url).toBe(`/demo-checkout/${session.id}`)
    expect(session.expiresAt).toEqual(new Date(clock.getTime() + 30 * 60_000))

    const record = await provider.retrieveDemoCheckout(session.id)
    expect(record).toMatchObject({
      lines: guestCart.lines,
      discount: { code: 'SUMMER15', amountCents: 524 },
      shippingCents: 500,
      amountTotalCents: 2500 + 995 - 524 + 500,
      status: 'open',
    })
    expect(await provider.retrieveCheckout(session.id)).toEqual({
      id: session.id,
      status: 'open',
      paymentStatus: 'unpaid',
      reference: { kind: 'cart', id: 'cart-42' },
      amountTotalCents: 3471,
      customerEmail: null,
      shippingAddress: null,
      paymentReference: null,
    })
  })

  test('an unknown session is null', async () => {
    expect(await provider.retrieveCheckout('cs_demo_nope')).toBeNull()
    expect(await provider.retrieveDemoCheckout('cs_demo_nope')).toBeNull()
  })

  test('refuses a discount above the subtotal', async () => {
    await expect(
      provider.createCheckout({ ...guestCart, discount: { code: 'BIG', amountCents: 3496 } }),
    ).rejects.toThrow()
  })
})

describe('completeDemoCheckout', () => {
  test('produces a signed checkout.completed event, as a provider webhook would', async () => {
    const { id } = await provider.createCheckout(guestCart)
    const delivery = await provider.completeDemoCheckout(id, { email: ' grace@example.com ', shippingAddress: address })

    expect(delivery.redirectUrl).toBe(`https://shop.test/success?session_id=${id}`)
    expect(delivery.event.type).toBe('checkout.completed')
    expect(delivery.event.id).toMatch(/^evt_demo_[0-9a-f]{32}$/)
    expect(delivery.event.session).toEqual({
      id,
      status: 'complete',
      paymentStatus: 'paid',
      reference: { kind: 'cart', id: 'cart-42' },
      amountTotalCents: 3471,
      customerEmail: 'grace@example.com',
      shippingAddress: address,
      paymentReference: expect.stringMatching(/^pi_demo_[0-9a-f]{24}$/),
    })

    // The webhook endpoint verifies and parses it like any provider event.
    const parsed = await provider.parseEvent(delivery.body, delivery.signature)
    expect(parsed).toEqual({
      id: delivery.event.id,
      type: 'checkout.completed',
      session: delivery.event.session,
      raw: JSON.parse(delivery.body),
    })
    expect(await provider.retrieveCheckout(id)).toEqual(delivery.event.session)
  })

  test('uses the e-mail given at creation and does not ask for an address when none is collected', async () => {
    const { id } = await provider.createCheckout({
      ...guestCart,
      reference: { kind: 'invoice', id: 'inv-7' },
      customerEmail: 'ada@example.com',
      collectShippingAddress: false,
    })
    const { event } = await provider.completeDemoCheckout(id, { email: 'other@example.com', shippingAddress: address })
    expect(event.session).toMatchObject({
      reference: { kind: 'invoice', id: 'inv-7' },
      customerEmail: 'ada@example.com',
      shippingAddress: null,
    })
  })

  test('asks for the e-mail and a complete shipping address, and changes nothing without them', async () => {
    const { id } = await provider.createCheckout(guestCart)
    await expectDemoError(provider.completeDemoCheckout(id, { shippingAddress: address }), 'details_required')
    await expectDemoError(
      provider.completeDemoCheckout(id, { email: 'not-an-email', shippingAddress: address }),
      'details_required',
    )
    await expectDemoError(
      provider.completeDemoCheckout(id, { email: 'grace@example.com', shippingAddress: { ...address, zip: ' ' } }),
      'details_required',
    )
    expect((await provider.retrieveCheckout(id))?.status).toBe('open')
  })

  test('pays once: a second completion is refused', async () => {
    const { id } = await provider.createCheckout(guestCart)
    await provider.completeDemoCheckout(id, { email: 'grace@example.com', shippingAddress: address })
    await expectDemoError(
      provider.completeDemoCheckout(id, { email: 'grace@example.com', shippingAddress: address }),
      'already_settled',
    )
  })

  test('two instances sharing one store settle a session once', async () => {
    const other = createDemoProvider({ sessionSecret, store, now: () => clock })
    const { id } = await provider.createCheckout(guestCart)
    const details = { email: 'grace@example.com', shippingAddress: address }
    const results = await Promise.allSettled([
      provider.completeDemoCheckout(id, details),
      other.completeDemoCheckout(id, details),
      other.cancelDemoCheckout(id),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
  })

  test('an unknown session is not_found', async () => {
    await expectDemoError(provider.completeDemoCheckout('cs_demo_nope', { email: 'a@b.co' }), 'not_found')
  })

  test('a session past its expiry expires instead of being paid', async () => {
    const { id } = await provider.createCheckout(guestCart)
    clock = new Date(clock.getTime() + 31 * 60_000)
    const delivery = await provider.completeDemoCheckout(id, { email: 'grace@example.com', shippingAddress: address })
    expect(delivery.event.type).toBe('checkout.expired')
    expect(delivery.event.session).toMatchObject({ status: 'expired', paymentStatus: 'unpaid', paymentReference: null })
    expect(delivery.redirectUrl).toBe('https://shop.test/cart')
  })
})

describe('cancelDemoCheckout', () => {
  test('expires the session with a checkout.expired event and returns to the cancel URL', async () => {
    const { id } = await provider.createCheckout(guestCart)
    const delivery = await provider.cancelDemoCheckout(id)
    expect(delivery.redirectUrl).toBe('https://shop.test/cart')
    expect(delivery.event.type).toBe('checkout.expired')
    expect(delivery.event.session).toMatchObject({
      id,
      status: 'expired',
      paymentStatus: 'unpaid',
      reference: { kind: 'cart', id: 'cart-42' },
    })
    expect(await provider.parseEvent(delivery.body, delivery.signature)).toMatchObject({ type: 'checkout.expired' })
    await expectDemoError(
      provider.completeDemoCheckout(id, { email: 'a@b.co', shippingAddress: address }),
      'already_settled',
    )
    await expectDemoError(provider.cancelDemoCheckout(id), 'already_settled')
  })
})

describe('expireLapsedDemoCheckouts', () => {
  test('expires only open sessions past their expiry, once', async () => {
    const short = await provider.createCheckout(guestCart)
    const long = await provider.createCheckout({ ...guestCart, expiresInMinutes: 120 })
    const paid = await provider.createCheckout(guestCart)
    await provider.completeDemoCheckout(paid.id, { email: 'a@b.co', shippingAddress: address })

    clock = new Date(clock.getTime() + 45 * 60_000)
    const deliveries = await provider.expireLapsedDemoCheckouts()
    expect(deliveries.map((delivery) => [delivery.event.type, delivery.event.session?.id])).toEqual([
      ['checkout.expired', short.id],
    ])
    expect(await provider.expireLapsedDemoCheckouts()).toEqual([])
    expect((await provider.retrieveCheckout(long.id))?.status).toBe('open')
  })
})

describe('parseEvent', () => {
  test('refuses a missing, malformed, wrong or foreign signature and a tampered body', async () => {
    const { id } = await provider.createCheckout(guestCart)
    const { body, signature } = await provider.completeDemoCheckout(id, { email: 'a@b.co', shippingAddress: address })
    const foreign = createDemoProvider({ sessionSecret: `${sessionSecret}-other`, store, now: () => clock })
    const tampered = body.replace('"amountTotalCents":3471', '"amountTotalCents":1')
    expect(tampered).not.toBe(body)

    for (const [rawBody, header] of [
      [body, null],
      [body, ''],
      [body, 'sha256=abc'],
      [body, '0'.repeat(64)],
      [tampered, signature],
    ] as const) {
      await expect(provider.parseEvent(rawBody, header)).rejects.toBeInstanceOf(PaymentSignatureError)
    }
    await expect(foreign.parseEvent(body, signature)).rejects.toBeInstanceOf(PaymentSignatureError)
    // The header is plain hex, so either case verifies.
    await expect(provider.parseEvent(body, signature.toUpperCase())).resolves.toMatchObject({
      type: 'checkout.completed',
    })
  })

  test('a correctly signed body that is not a demo event is a PaymentEventError', async () => {
    const other = await provider.createCheckout(guestCart)
    const { signature: _, body } = await provider.cancelDemoCheckout(other.id)
    const forged = JSON.stringify({ ...JSON.parse(body), type: 'checkout.refunded' })
    const signed = provider.signDemoEvent(forged)
    const error = await provider.parseEvent(forged, signed).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PaymentEventError)
    expect(error).not.toBeInstanceOf(PaymentSignatureError)
  })

  test('the signature travels in the demo-signature header', () => {
    expect(demoSignatureHeader).toBe('demo-signature')
  })
})

describe('refundPayment', () => {
  test('a demo payment is refunded (no money moves); anything else is refused', async () => {
    const demo = createDemoProvider({ sessionSecret: 'x'.repeat(32), store: createMemoryDemoSessionStore() })
    const refund = await demo.refundPayment({ paymentReference: 'pi_demo_abc', amountCents: 500, idempotencyKey: 'k' })
    expect(refund.id).toMatch(/^re_demo_[0-9a-f]{24}$/)
    await expect(
      demo.refundPayment({ paymentReference: 'pi_live_123', amountCents: 500, idempotencyKey: 'k' }),
    ).rejects.toBeInstanceOf(PaymentRefundError)
    await expect(
      demo.refundPayment({ paymentReference: 'pi_demo_abc', amountCents: -1, idempotencyKey: 'k' }),
    ).rejects.toBeInstanceOf(PaymentRefundError)
  })
})
