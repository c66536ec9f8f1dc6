import { beforeAll, describe, expect, test } from 'vitest'
import * as account from '#app/routes/account/account.tsx'
import * as adminGuides from '#app/routes/admin/guides/guides.tsx'
import * as adminOrders from '#app/routes/admin/orders/orders.tsx'
import * as ordersExport from '#app/routes/admin/orders/orders-export.ts'
import * as adminProducts from '#app/routes/admin/products/products.tsx'
import * as adminPromotions from '#app/routes/admin/promotions/promotions.tsx'
import * as adminSettings from '#app/routes/admin/settings/settings.tsx'
import * as adminUsers from '#app/routes/admin/users/users.tsx'
import * as auth from '#app/routes/auth/auth.tsx'
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
import { insertPolicy, insertProduct } from '#tests/factories/shop-records.ts'
import { callRoute, type RouteCall, type RouteHandler, type RouteOutcome } from '#tests/setup/route-calls.ts'
import { signedInAccountsForFile } from '#tests/setup/signed-in-test.ts'

// Issue 10: PostgreSQL (and PGlite) refuse a NUL character in text, so every one that reached a
// query used to answer 500. Each is now a clear answer: a refused form names the problem, a search
// term is cleaned, an id that cannot exist is not found.
const NUL = '\u0000'
const { database, admin, customer } = signedInAccountsForFile()
let productId = ''

beforeAll(async () => {
  productId = (await insertProduct(database.db, { title: 'Bike Phone Mount', priceCents: 1500, stockQuantity: 5 })).id
  await insertPolicy(database.db, { slug: 'returns', title: 'Returns', content: 'Within 30 days.' })
})

const toastOf = (outcome: RouteOutcome) =>
  (outcome.data as { toast?: { title?: string; description?: string } } | null)?.toast ?? null

type Case = { name: string; handler: RouteHandler; call: () => RouteCall; check: (outcome: RouteOutcome) => void }

const refusedWith = (status: number, description: string) => (outcome: RouteOutcome) => {
  expect(outcome.status).toBe(status)
  expect(toastOf(outcome)?.description).toBe(description)
}

const cases: Case[] = [
  {
    name: 'a search term is cleaned',
    handler: search.loader,
    call: () => ({ url: '/search?q=Bike%00Phone' }),
    check: (outcome) =>
      expect(outcome.data).toMatchObject({ q: 'Bike Phone', products: [{ title: 'Bike Phone Mount' }] }),
  },
  {
    name: 'a search suggestion term is cleaned',
    handler: searchSuggestions.loader,
    call: () => ({ url: '/resources/search-suggestions?q=Bike%00' }),
    check: (outcome) => expect(outcome.data).toMatchObject({ products: [{ title: 'Bike Phone Mount' }] }),
  },
  {
    name: 'a policy address',
    handler: policyDetail.loader,
    call: () => ({ url: '/policies/returns%00', params: { policyId: `returns${NUL}` } }),
    check: (outcome) => expect(outcome).toMatchObject({ status: 404, data: { policy: null } }),
  },
  {
    name: 'a product address',
    handler: productDetail.loader,
    call: () => ({ url: '/products/x', params: { productId: `${productId}${NUL}` } }),
    check: (outcome) => expect(outcome).toMatchObject({ status: 404, data: { product: null } }),
  },
  {
    name: 'a guide address',
    handler: guideDetail.loader,
    call: () => ({ url: '/guides/x', params: { guideId: `x${NUL}` } }),
    check: (outcome) => expect(outcome).toMatchObject({ status: 404, data: { guide: null } }),
  },
  {
    name: 'the success page’s session_id',
    handler: success.loader,
    call: () => ({ url: '/success?session_id=cs_%00x' }),
    check: (outcome) => expect(outcome).toMatchObject({ status: 200, data: { order: null } }),
  },
  {
    name: 'a demo checkout address',
    handler: demoCheckout.loader,
    call: () => ({ url: '/demo-checkout/x', params: { sessionId: `cs_demo_${NUL}` } }),
    check: (outcome) => expect(outcome).toMatchObject({ status: 404, data: { session: null } }),
  },
  {
    name: 'the demo checkout page’s form',
    handler: demoCheckout.action,
    call: () => ({ url: '/demo-checkout/x', params: { sessionId: `cs_demo_${NUL}` }, form: { intent: 'pay' } }),
    check: (outcome) => expect(outcome.status).toBe(404),
  },
  {
    name: 'the contact form',
    handler: contact.action,
    call: () => ({
      url: '/contact',
      form: { name: `Casey${NUL}`, email: 'casey@example.com', subject: 'Quote', message: 'Line one\nline two' },
    }),
    check: (outcome) => {
      expect(outcome.status).toBe(400)
      expect(outcome.data).toMatchObject({ fieldErrors: { name: 'Name contains a character that is not allowed.' } })
    },
  },
  {
    name: 'the newsletter',
    handler: newsletter.action,
    call: () => ({ url: '/resources/newsletter', form: { email: `casey${NUL}@example.com`, _js: '1' } }),
    check: (outcome) =>
      expect(outcome).toMatchObject({
        status: 400,
        data: {
          ok: false,
          toast: { title: 'Invalid Email', description: 'Please enter a valid email address.' },
          fieldErrors: { email: 'Please enter a valid email address.' },
        },
      }),
  },
  {
    name: 'sign-in',
    handler: auth.action,
    call: () => ({ url: '/auth', form: { intent: 'login', email: `casey${NUL}@example.com`, password: 'x' } }),
    check: refusedWith(400, 'Please enter a valid email address.'),
  },
  {
    name: 'a reset request',
    handler: auth.action,
    call: () => ({ url: '/auth', form: { intent: 'reset-password', email: `casey${NUL}@example.com` } }),
    check: refusedWith(400, 'Please enter a valid email address.'),
  },
  {
    name: 'registration',
    handler: auth.action,
    call: () => ({
      url: '/auth',
      form: {
        intent: 'register',
        fullName: `Casey${NUL}`,
        email: 'new@example.com',
        password: 'Aa1!aaaa',
        confirmPassword: 'Aa1!aaaa',
      },
    }),
    check: refusedWith(400, 'Full name contains a character that is not allowed.'),
  },
  {
    name: 'a new password’s link token',
    handler: auth.action,
    call: () => ({
      url: '/auth',
      form: { intent: 'update-password', token: `t${NUL}`, password: 'Aa1!aaaa', confirmPassword: 'Aa1!aaaa' },
    }),
    check: refusedWith(400, 'The link you used is invalid or has expired.'),
  },
  {
    name: 'a product review',
    handler: productDetail.action,
    call: () => ({
      url: '/products/x',
      params: { productId },
      cookie: customer.cookie,
      form: { rating: '5', title: `Great${NUL}`, comment: 'Solid print.' },
    }),
    check: refusedWith(400, 'Title contains a character that is not allowed.'),
  },
  {
    name: 'a review on the reviews page',
    handler: feedback.action,
    call: () => ({
      url: '/feedback',
      cookie: customer.cookie,
      form: { rating: '5', title: 'Great', comment: `Solid${NUL} print.` },
    }),
    check: refusedWith(400, 'Comment contains a character that is not allowed.'),
  },
  {
    name: 'the account profile',
    handler: account.action,
    call: () => ({
      url: '/account',
      cookie: customer.cookie,
      form: { intent: 'update-profile', fullName: 'Casey', street: `1 Main St${NUL}`, city: '', state: '', zip: '' },
    }),
    check: refusedWith(400, 'Street contains a character that is not allowed.'),
  },
  ...(
    [
      ['orders', adminOrders.loader, '/admin/orders?q=a%00b'],
      ['products', adminProducts.loader, '/admin/products?q=a%00b'],
      ['users', adminUsers.loader, '/admin/users?q=a%00b'],
    ] as const
  ).map(
    ([list, handler, url]): Case => ({
      name: `the admin ${list} search`,
      handler,
      call: () => ({ url, cookie: admin.cookie }),
      check: (outcome) => {
        expect(outcome.status).toBe(200)
        expect(outcome.data).toMatchObject({ q: 'a b' })
        expect((outcome.data as { error?: unknown }).error ?? null).toBeNull()
      },
    }),
  ),
  {
    name: 'the admin orders export search',
    // The file is read to its end: a query that fails would break the download half-way.
    handler: async (args) => {
      const response = await ordersExport.loader(args)
      return new Response(await response.text(), { status: response.status })
    },
    call: () => ({ url: '/admin/orders.csv?q=a%00b', cookie: admin.cookie }),
    check: (outcome) => expect(outcome.status).toBe(200),
  },
  {
    name: 'a promotion code in the cart',
    handler: cartPricing.action,
    call: () => ({
      url: '/resources/cart-pricing',
      body: JSON.stringify({ items: [{ cartId: 'a', id: productId, quantity: 1 }], promoCode: `SUMMER15${NUL}` }),
    }),
    check: (outcome) =>
      expect(outcome).toMatchObject({ status: 200, data: { promoValid: false, discountCents: 0, totalCents: 2000 } }),
  },
  {
    name: 'a cart line’s ids',
    handler: cartPricing.action,
    call: () => ({
      url: '/resources/cart-pricing',
      body: JSON.stringify({ items: [{ cartId: `a${NUL}`, id: productId, quantity: 1 }] }),
    }),
    check: (outcome) => expect(outcome).toMatchObject({ status: 400 }),
  },
  {
    name: 'a promotion code at checkout',
    handler: checkoutSession.action,
    call: () => ({
      url: '/resources/checkout-session',
      body: JSON.stringify({
        items: [{ cartId: 'a', id: productId, quantity: 1 }],
        promoCode: `X${NUL}`,
        expectedTotalCents: 1,
      }),
    }),
    check: (outcome) =>
      expect(outcome).toMatchObject({
        status: 409,
        data: { message: 'Prices in your cart have changed. Please review the new total and try again.' },
      }),
  },
  {
    name: 'the admin promotion form',
    handler: adminPromotions.action,
    call: () => ({
      url: '/admin/promotions',
      cookie: admin.cookie,
      form: {
        intent: 'create',
        name: `Summer${NUL}`,
        code: 'SUMMER',
        type: 'percentage',
        value: '10',
        startDate: '2025-01-01',
        endDate: '2025-02-01',
      },
    }),
    check: refusedWith(400, 'Name contains a character that is not allowed.'),
  },
  {
    name: 'an admin category name',
    handler: adminSettings.action,
    call: () => ({
      url: '/admin/settings',
      cookie: admin.cookie,
      form: { intent: 'add-category', kind: 'product', name: `Mounts${NUL}` },
    }),
    check: refusedWith(400, 'A category name contains a character that is not allowed.'),
  },
  {
    name: 'an admin guide keeps the line breaks of its description',
    handler: adminGuides.action,
    call: () => ({
      url: '/admin/guides',
      cookie: admin.cookie,
      form: { intent: 'create', title: 'Fit', description: `One\r\n\tTwo${NUL}`, categoryId: productId },
    }),
    check: refusedWith(400, 'Description contains a character that is not allowed.'),
  },
]

describe('a control character is a clear answer, never a 500', () => {
  test.each(cases)('$name', async ({ handler, call, check }) => {
    check(await callRoute(handler, call()))
  })
})
