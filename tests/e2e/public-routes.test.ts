import type { APIRequestContext } from '@playwright/test'
import { expect, test } from '../playwright-utils.ts'

// Every public route of the storefront route table (spec §2) answers, server-rendered.
const staticRoutes = [
  '/',
  '/auth',
  '/auth?tab=register',
  '/auth?tab=reset-password',
  '/auth/callback',
  '/update-password',
  '/services',
  '/products',
  '/contact',
  '/feedback',
  '/about',
  '/cart',
  '/updates',
  '/guides',
  '/policies',
  '/success?session_id=cs_test_123',
  '/search?q=mount',
  '/test-products',
  '/accounting',
  '/etsy',
]

async function firstLink(request: APIRequestContext, page: string, pattern: RegExp) {
  const html = await (await request.get(page)).text()
  const match = html.match(pattern)
  expect(match, `a link matching ${pattern} on ${page}`).not.toBeNull()
  return match?.[0] as string
}

test.describe('public routes', () => {
  for (const path of staticRoutes) {
    test(`${path} answers 200 with the page shell`, async ({ request }) => {
      const response = await request.get(path)
      expect(response.status()).toBe(200)
      const html = await response.text()
      expect(html).toContain('<header')
      expect(html).toContain('Get Quote')
    })
  }

  test('detail pages of a product, a guide and a policy answer 200', async ({ request }) => {
    const product = await firstLink(request, '/products', /\/products\/[0-9a-f-]{36}/)
    const guide = await firstLink(request, '/guides', /\/guides\/[0-9a-f-]{36}/)
    const policy = await firstLink(request, '/policies', /\/policies\/[a-z0-9-]+(?=")/)
    for (const path of [product, guide, policy]) {
      expect((await request.get(path)).status(), path).toBe(200)
    }
  })

  test('/login and /register redirect to the auth tabs', async ({ request }) => {
    const login = await request.get('/login', { maxRedirects: 0 })
    expect(login.status()).toBe(302)
    expect(login.headers().location).toBe('/auth?tab=login')
    const register = await request.get('/register', { maxRedirects: 0 })
    expect(register.status()).toBe(302)
    expect(register.headers().location).toBe('/auth?tab=register')
  })

  test('/checkout sends a visitor to log in and back', async ({ request }) => {
    const response = await request.get('/checkout?status=success', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/auth?tab=login&redirectTo=%2Fcheckout%3Fstatus%3Dsuccess')
  })

  test('the home page is rendered on the server with the demo products', async ({ request }) => {
    const html = await (await request.get('/')).text()
    expect(html).toContain('Practical 3D Solutions')
    expect(html).toContain('Shop Products')
    expect(html).toContain('Request Custom Quote')
    expect(html).toMatch(/href="\/products\/[0-9a-f-]{36}"/)
  })

  test('unknown addresses get a 404 page, not an error', async ({ page }) => {
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  })

  test('unknown product, guide and policy ids show their not-found states', async ({ page }) => {
    await page.goto('/products/00000000-0000-4000-8000-000000000000')
    await expect(page.getByText('Product not found')).toBeVisible()
    await page.goto('/guides/not-a-uuid')
    await expect(page.getByText('Guide not found')).toBeVisible()
    await page.goto('/policies/nothing-here')
    await expect(page.getByText('Policy not found')).toBeVisible()
  })

  test('health and readiness probes answer', async ({ request }) => {
    expect(await (await request.get('/healthz')).text()).toBe('ok')
    expect(await (await request.get('/readyz')).text()).toBe('ready')
  })

  test('responses carry the security headers', async ({ request }) => {
    const headers = (await request.get('/')).headers()
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    // A page kept for every visitor allows its inline scripts by their hashes; a page rendered for
    // one visitor, by that answer's nonce.
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/)
    expect((await request.get('/cart')).headers()['content-security-policy']).toMatch(
      /script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/,
    )
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['x-powered-by']).toBeUndefined()
  })

  test('a form post from another site is refused', async ({ request }) => {
    const response = await request.post('/resources/newsletter', {
      form: { email: 'csrf@example.com', _js: '1' },
      headers: { origin: 'https://evil.example' },
    })
    expect(response.status()).toBe(403)
  })

  test('hashed assets are cached for a year', async ({ request }) => {
    const html = await (await request.get('/')).text()
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0]
    expect(asset).toBeTruthy()
    const response = await request.get(asset as string)
    expect(response.headers()['cache-control']).toContain('immutable')
    expect(response.headers()['cache-control']).toContain('max-age=31536000')
  })
})
