import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { demoSignatureHeader } from '#app/modules/payments/index.server.ts'
import * as cartPricing from '#app/routes/resources/cart-pricing.ts'
import * as checkoutSession from '#app/routes/resources/checkout.ts'
import * as newsletter from '#app/routes/resources/newsletter.ts'
import * as searchSuggestions from '#app/routes/resources/search-suggestions.ts'
import * as contact from '#app/routes/store/contact.tsx'
import * as demoCheckout from '#app/routes/store/demo-checkout.tsx'
import * as feedback from '#app/routes/store/feedback.tsx'
import * as guideDetail from '#app/routes/store/guide-detail.tsx'
import * as policyDetail from '#app/routes/store/policy-detail.tsx'
import * as productDetail from '#app/routes/store/product-detail.tsx'
import * as search from '#app/routes/store/search.tsx'
import * as success from '#app/routes/store/success.tsx'
import * as webhooks from '#app/routes/webhooks/payments.ts'
import { startCartCheckout } from '#app/workflows/checkout/start-cart-checkout.server.ts'
import {
  insertGuide,
  insertGuideCategory,
  insertPolicy,
  insertProduct,
  insertPromotion,
} from '#tests/factories/shop-records.ts'
import {
  anyForm,
  anyJson,
  expectNoPrototypePollution,
  type FormEntries,
  fineText,
  formBody,
  fuzzRoute,
  hugeText,
  idText,
  invalidFormBody,
  nastyText,
  numberText,
  oddJsonValue,
  PROTOTYPE_KEYS,
} from '#tests/setup/fuzz.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'

vi.mock('#app/wiring/viewer.server.ts', async (importOriginal) => {
  const { rememberedViewerModule } = await import('#tests/setup/remembered-viewer.ts')
  return rememberedViewerModule(importOriginal as never)
})

// A thousand bodies per property take a while on a busy machine.
vi.setConfig({ testTimeout: 180_000 })

// Issue 10: every storefront action and endpoint that reads input, asked with generated bodies.
// A 5xx, a thrown error or a console.error fails; all-invalid inputs must change nothing.

let database: TestDatabase
let customer = ''
const ids = { mount: '', stand: '', guide: '', policy: '', session: '' }

beforeAll(async () => {
  database = await createTestDatabase()
  customer = (await createTestAccount(database, 'customer')).cookie
  const { db } = database
  ids.mount = (
    await insertProduct(db, {
      title: 'Bike Phone Mount',
      priceCents: 1500,
      priceType: 'tiered',
      tieredPricing: [{ quantity: 5, priceCents: 1300 }],
      variations: [{ id: 'black', name: 'Matte Black', priceModifierCents: 250 }],
      stockQuantity: 40,
    })
  ).id
  ids.stand = (await insertProduct(db, { title: 'Headphone Stand', priceCents: 2000, stockQuantity: 3 })).id
  const category = await insertGuideCategory(db, { name: 'Installation' })
  ids.guide = (await insertGuide(db, { title: 'Fitting the mount', categoryId: category.id })).id
  ids.policy = (await insertPolicy(db, { slug: 'returns', title: 'Returns', content: 'Within 30 days.' })).id
  await insertPromotion(db, { name: 'Summer Sale', code: 'SUMMER15', value: 15 })
  // An open demo checkout of a guest: its page asks for an e-mail and an address.
  const started = await startCartCheckout({
    items: [{ cartId: 'a', id: ids.stand, quantity: 1 }],
    expectedTotalCents: 2500,
    viewer: null,
    browserToken: 'fuzz-guest',
    clientAddress: '192.0.2.1',
    publicUrl: 'http://localhost:3000',
  })
  if (!('url' in started)) throw new Error(started.message)
  ids.session = started.url.replace('/demo-checkout/', '')
})

afterAll(async () => {
  expectNoPrototypePollution()
  await database.close()
})

const email = fc.oneof(fc.emailAddress(), fc.constantFrom('casey@example.com', 'a@b', '@', 'a@b.c '))
const words = fc.oneof(fc.lorem({ maxCount: 6 }), fc.constantFrom('Great mount 👍', 'مرحبا بكم', 'Line one\nline two'))
const queryOf = (entries: FormEntries) => new URLSearchParams(entries).toString()

describe('storefront forms', () => {
  const contactFields = {
    name: nastyText(words),
    email: nastyText(email),
    subject: nastyText(words),
    message: nastyText(words),
    urgency: nastyText(fc.constantFrom('standard', 'rush', 'urgent')),
  }

  const validContact = {
    name: fineText(120),
    email: fc.emailAddress(),
    subject: fineText(200),
    message: fineText(5000, { multiline: true }),
    urgency: fc.constantFrom('standard', 'rush', 'urgent'),
  }

  test('contact: any form', async () => {
    await fuzzRoute({
      handler: contact.action,
      inputs: anyForm(validContact, contactFields),
      call: (form) => ({ url: '/contact', form }),
    })
  })

  test('contact: an invalid form is refused and stores nothing', async () => {
    await fuzzRoute({
      handler: contact.action,
      // Without the honeypot: a filled one is answered as sent.
      inputs: invalidFormBody(contactFields, ['name', 'email', 'subject', 'message']).map((form) =>
        form.filter(([name]) => name !== 'website'),
      ),
      call: (form) => ({ url: '/contact', form }),
      changesNothing: true,
      check: (outcome) => expect(outcome.status).toBe(400),
    })
  })

  const reviewFields = {
    rating: nastyText(fc.constantFrom('1', '3', '5'), numberText),
    title: nastyText(words),
    comment: nastyText(words),
    productId: idText(),
  }

  const validReview = {
    rating: fc.constantFrom('1', '2', '3', '4', '5'),
    title: fineText(120),
    comment: fineText(2000, { multiline: true }),
  }

  test('reviews page: any review', async () => {
    await fuzzRoute({
      handler: feedback.action,
      inputs: anyForm(validReview, reviewFields),
      call: (form) => ({ url: '/feedback', form, cookie: customer }),
    })
  })

  test('reviews page: an invalid review is refused and stores nothing', async () => {
    await fuzzRoute({
      handler: feedback.action,
      inputs: invalidFormBody(reviewFields, ['rating', 'title', 'comment']),
      call: (form) => ({ url: '/feedback', form, cookie: customer }),
      changesNothing: true,
      check: (outcome) => expect(outcome.status).toBe(400),
    })
  })

  test('product page: any review of any product address', async () => {
    await fuzzRoute({
      handler: productDetail.action,
      inputs: fc.tuple(idText(ids.mount, ids.stand), anyForm(validReview, reviewFields)),
      call: ([productId, form]) => ({ url: '/products/x', params: { productId }, form, cookie: customer }),
    })
  })

  test('product page: an invalid review is refused and stores nothing', async () => {
    await fuzzRoute({
      handler: productDetail.action,
      inputs: fc.tuple(idText(ids.mount), invalidFormBody(reviewFields, ['rating', 'title', 'comment'])),
      call: ([productId, form]) => ({ url: '/products/x', params: { productId }, form, cookie: customer }),
      changesNothing: true,
      check: (outcome) => expect([400, 404]).toContain(outcome.status),
    })
  })

  const newsletterFields = { email: nastyText(email), _js: fc.constantFrom('1', '0', '') }

  test('newsletter: any form', async () => {
    await fuzzRoute({
      handler: newsletter.action,
      inputs: anyForm({ email: fc.emailAddress(), _js: fc.constantFrom('1', '') }, newsletterFields),
      call: (form) => ({ url: '/resources/newsletter', form }),
    })
  })

  test('newsletter: an invalid address is refused and stores nothing', async () => {
    await fuzzRoute({
      handler: newsletter.action,
      inputs: invalidFormBody(newsletterFields, ['email']).map(
        (form): FormEntries => [...form.filter(([name]) => name !== '_js'), ['_js', '1']],
      ),
      call: (form) => ({ url: '/resources/newsletter', form }),
      changesNothing: true,
      check: (outcome) =>
        expect(outcome).toMatchObject({
          status: 400,
          data: { ok: false, toast: { title: 'Invalid Email', description: 'Please enter a valid email address.' } },
        }),
    })
  })
})

describe('cart pricing and checkout (JSON)', () => {
  const cartLine = fc.record(
    {
      cartId: nastyText(fc.uuid()),
      id: idText(ids.mount, ids.stand),
      title: nastyText(words),
      quantity: fc.oneof(fc.integer({ min: 1, max: 50 }), oddJsonValue),
      selectedVariation: fc.oneof(
        fc.constant(null),
        fc.record({ id: nastyText(fc.constant('black')), name: nastyText(words) }, { requiredKeys: [] }),
        oddJsonValue,
      ),
    },
    { requiredKeys: [] },
  )
  const cartBody = (extra: Record<string, fc.Arbitrary<unknown>> = {}) =>
    fc.record(
      {
        items: fc.oneof({ arbitrary: fc.array(cartLine, { maxLength: 5 }), weight: 5 }, oddJsonValue),
        promoCode: fc.oneof(nastyText(fc.constantFrom('SUMMER15', 'summer15', ' Summer15 ')), oddJsonValue),
        ...extra,
      },
      { requiredKeys: [] },
    )
  const rawBodies = fc.constantFrom(
    '',
    '{"items": [',
    'null',
    '1e999',
    '{"items":[{"cartId":"a","id":"b","quantity":1e999}]}',
    '{"__proto__":{"polluted":1},"items":[],"constructor":{"prototype":{"polluted":1}}}',
    JSON.stringify({ items: Array.from({ length: 101 }, (_, i) => ({ cartId: `${i}`, id: 'x', quantity: 1 })) }),
  )
  const bodyText = (structured: fc.Arbitrary<unknown>) =>
    fc.oneof(
      { arbitrary: structured.map((body) => JSON.stringify(body)), weight: 6 },
      { arbitrary: anyJson.map((body) => JSON.stringify(body) ?? ''), weight: 1 },
      { arbitrary: fc.string(), weight: 1 },
      { arbitrary: rawBodies, weight: 1 },
      { arbitrary: hugeText, weight: 1 },
    )

  test('cart pricing: any body is priced or refused, and nothing is ever written', async () => {
    await fuzzRoute({
      handler: cartPricing.action,
      inputs: bodyText(cartBody()),
      call: (body) => ({ url: '/resources/cart-pricing', body }),
      changesNothing: true,
      check: (outcome) => expect([200, 400]).toContain(outcome.status),
    })
  })

  test('checkout: a cart whose total can never match is refused and reserves nothing', async () => {
    // A total of 0 never matches a cart with something in it (shipping alone is 5.00).
    const total = fc.oneof(
      { arbitrary: fc.constant(0), weight: 5 },
      fc.constantFrom(-1, 1.5, '2500', null, true, Number.MAX_SAFE_INTEGER + 2),
    )
    await fuzzRoute({
      handler: checkoutSession.action,
      inputs: bodyText(cartBody({ expectedTotalCents: total })),
      call: (body) => ({ url: '/resources/checkout-session', body }),
      changesNothing: true,
      check: (outcome) => expect([400, 409]).toContain(outcome.status),
    })
  })
})

describe('addresses and query strings', () => {
  const readOnly = { changesNothing: true } as const

  test('search: any query string', async () => {
    await fuzzRoute({
      ...readOnly,
      handler: search.loader,
      inputs: formBody({ q: nastyText(words, fc.constant('Mount')) }),
      call: (query) => ({ url: `/search?${queryOf(query)}` }),
    })
  })

  test('search suggestions: any query string', async () => {
    await fuzzRoute({
      ...readOnly,
      handler: searchSuggestions.loader,
      inputs: formBody({ q: nastyText(words, fc.constant('Mount')) }),
      call: (query) => ({ url: `/resources/search-suggestions?${queryOf(query)}` }),
    })
  })

  test('success page: any session_id', async () => {
    await fuzzRoute({
      ...readOnly,
      handler: success.loader,
      inputs: formBody({ session_id: nastyText(fc.constant(ids.session), fc.constant('cs_demo_0')) }),
      call: (query) => ({ url: `/success?${queryOf(query)}` }),
      check: (outcome) => expect(outcome.status).toBe(200),
    })
  })

  test('policy, product and guide pages: any address', async () => {
    const pages = [
      [policyDetail.loader, 'policyId', fc.constantFrom('returns', ids.policy)],
      [productDetail.loader, 'productId', fc.constantFrom(ids.mount, ids.stand)],
      [guideDetail.loader, 'guideId', fc.constant(ids.guide)],
    ] as const
    await fuzzRoute({
      ...readOnly,
      handler: (args: { params: { page: string; id: string } } & Record<string, unknown>) => {
        const [loader, name] = pages[Number(args.params.page)]
        return loader({ ...args, params: { [name]: args.params.id } } as never)
      },
      inputs: fc
        .integer({ min: 0, max: 2 })
        .chain((page) =>
          idText(...[]).chain((nasty) =>
            fc.oneof(fc.constant(nasty), pages[page][2]).map((id) => ({ page: String(page), id })),
          ),
        ),
      call: (params) => ({ url: '/page', params }),
      check: (outcome) => expect([200, 404]).toContain(outcome.status),
    })
  })

  test('demo checkout page: any address', async () => {
    await fuzzRoute({
      ...readOnly,
      handler: demoCheckout.loader,
      inputs: nastyText(fc.constant(ids.session), fc.constant('cs_demo_0')),
      call: (sessionId) => ({ url: '/demo-checkout/x', params: { sessionId } }),
      check: (outcome) => expect([200, 404, 410]).toContain(outcome.status),
    })
  })

  test('demo checkout page form: pay with invalid details, or an unknown session, changes nothing', async () => {
    const detailFields = {
      intent: fc.constantFrom('pay', 'pay', 'pay', 'refund', ''),
      email: nastyText(email),
      street: nastyText(words),
      city: nastyText(words),
      state: nastyText(words),
      zip: nastyText(fc.constantFrom('78701', '10115')),
    }
    const ownSession = invalidFormBody(detailFields, ['email', 'street', 'city', 'state', 'zip'])
      .map((form): FormEntries => [...form.filter(([name]) => name !== 'intent'), ['intent', 'pay']])
      .map((form) => ({ sessionId: ids.session, form }))
    const unknownSession = fc
      .tuple(
        nastyText(fc.constant('cs_demo_0')),
        formBody({ ...detailFields, intent: nastyText(fc.constantFrom('pay', 'cancel')) }),
      )
      .map(([sessionId, form]) => ({ sessionId, form }))
    await fuzzRoute({
      handler: demoCheckout.action,
      inputs: fc.oneof(ownSession, unknownSession),
      call: ({ sessionId, form }) => ({ url: '/demo-checkout/x', params: { sessionId }, form }),
      changesNothing: true,
      check: (outcome) => expect([400, 404, 410]).toContain(outcome.status),
    })
  })

  test('payment webhook: any body and signature is refused and changes nothing', async () => {
    await fuzzRoute({
      handler: async (args: { request: Request; params: Record<string, string> }) => {
        const headers = new Headers(args.request.headers)
        headers.set(demoSignatureHeader, args.params.signature)
        const request = new Request(args.request.url, { method: 'POST', headers, body: await args.request.text() })
        return webhooks.action({ ...args, request, params: { provider: args.params.provider } } as never)
      },
      inputs: fc.record({
        provider: nastyText(fc.constantFrom('demo', 'stripe')),
        // What an HTTP header can hold: printable ASCII.
        signature: fc.oneof(
          fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }),
          fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) }),
        ),
        body: fc.oneof(
          anyJson.map((body) => JSON.stringify(body) ?? ''),
          fc.string(),
          hugeText,
        ),
      }),
      call: ({ provider, signature, body }) => ({
        url: '/webhooks/payments/demo',
        params: { provider, signature },
        body,
      }),
      changesNothing: true,
      check: (outcome) => expect([400, 404, 413]).toContain(outcome.status),
    })
  })

  test('prototype keys were only ever data', () => {
    expect(PROTOTYPE_KEYS).toContain('__proto__')
    expectNoPrototypePollution()
  })
})
