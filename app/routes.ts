import { index, prefix, type RouteConfig, route } from '@react-router/dev/routes'

// One explicit table, in the order of the storefront specification's route table (§2).
export default [
  index('routes/store/home.tsx'),
  route('services', 'routes/store/services.tsx'),
  route('products', 'routes/store/products.tsx'),
  route('products/:productId', 'routes/store/product-detail.tsx'),
  route('contact', 'routes/store/contact.tsx'),
  route('feedback', 'routes/store/feedback.tsx'),
  route('about', 'routes/store/about.tsx'),
  route('cart', 'routes/store/cart.tsx'),
  route('updates', 'routes/store/updates.tsx'),
  route('guides', 'routes/store/guides.tsx'),
  route('guides/:guideId', 'routes/store/guide-detail.tsx'),
  route('policies', 'routes/store/policies.tsx'),
  route('policies/:policyId', 'routes/store/policy-detail.tsx'),
  route('search', 'routes/store/search.tsx'),
  route('test-products', 'routes/store/test-products.tsx'),
  route('etsy', 'routes/store/etsy.tsx'),
  route('success', 'routes/store/success.tsx'),
  route('checkout', 'routes/store/checkout.tsx'),
  route('accounting', 'routes/store/accounting.tsx'),
  route('demo-checkout/:sessionId', 'routes/store/demo-checkout.tsx'),
  route('add-product', 'routes/admin/add-product.tsx'),

  route('login', 'routes/auth/login.tsx'),
  route('register', 'routes/auth/register.tsx'),
  route('auth', 'routes/auth/auth.tsx'),
  route('auth/callback', 'routes/auth/auth-callback.tsx'),
  route('update-password', 'routes/auth/update-password.tsx'),
  route('logout', 'routes/auth/logout.tsx'),

  route('account', 'routes/account/account.tsx'),
  route('invoices/:invoiceId', 'routes/account/invoice-detail.tsx'),

  ...prefix('admin', [
    index('routes/admin/dashboard.tsx'),
    route('outbox', 'routes/admin/mail-outbox.tsx'),
    route('invoices', 'routes/admin/invoices.tsx'),
    route('reviews', 'routes/admin/reviews.tsx'),
    route('updates', 'routes/admin/updates.tsx'),
    route('*', 'routes/admin/admin-not-found.tsx'),
  ]),

  ...prefix('resources', [
    route('search-suggestions', 'routes/resources/search-suggestions.ts'),
    route('newsletter', 'routes/resources/newsletter.ts'),
    route('cart-pricing', 'routes/resources/cart-pricing.ts'),
    route('checkout-session', 'routes/resources/checkout.ts'),
    route('invoices/:invoiceId/events', 'routes/resources/invoice-events.ts'),
  ]),
  route('webhooks/payments/:provider', 'routes/webhooks/payments.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  route('images/*', 'routes/resources/images.ts'),
  route('api/auth/*', 'routes/resources/auth-api.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
