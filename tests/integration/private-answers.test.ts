import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningShop, requireProductionBuild, signIn, startShop } from '#tests/setup/server-process.ts'

const PRIVATE = 'private, no-store'

let shop: RunningShop
let customer: string
let admin: string
beforeAll(async () => {
  requireProductionBuild()
  // LOG_LEVEL=info: the request log is what one test reads.
  shop = await startShop({ demo: true, env: { LOG_LEVEL: 'info' } })
  customer = await signIn(shop, shop.demoAccount('customer'))
  admin = await signIn(shop, shop.demoAccount('Admin'))
}, 120_000)
afterAll(() => shop?.stop())

const get = (path: string, cookie?: string) =>
  fetch(`${shop.base}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} })

describe('answers with personal data are never stored by a cache', () => {
  test('every answer to a signed-in person, pages, data requests and resources alike', async () => {
    for (const path of ['/products', '/account', '/account.data', '/order', '/accounting?tab=uploads', '/search?q=a']) {
      const response = await get(path, customer)
      expect(response.status, path).toBeLessThan(500)
      expect(response.headers.get('cache-control'), path).toBe(PRIVATE)
    }
    for (const path of ['/admin', '/admin/orders.data', '/admin/orders.csv', '/add-product']) {
      const response = await get(path, admin)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe(PRIVATE)
    }
  })

  test('the signed-in pages, even asked without a session (their redirects and refusals)', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const path of [
      '/account',
      '/admin/users',
      `/invoices/${unknown}`,
      `/resources/receipts/${unknown}`,
      `/files/models/${unknown}`,
      '/api/auth/get-session',
    ]) {
      const response = await get(path)
      expect(response.status, path).toBeLessThan(500)
      expect(response.headers.get('cache-control'), path).toBe(PRIVATE)
    }
  })

  test('signing in: the answer that sets the session', async () => {
    const { email, password } = shop.demoAccount('customer')
    const response = await fetch(`${shop.base}/auth`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: shop.base, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'login', email, password }),
    })
    expect(response.headers.getSetCookie().length).toBeGreaterThan(0)
    expect(response.headers.get('cache-control')).toBe(PRIVATE)
  })

  test('public pages for visitors and the catalogue pictures stay cacheable', async () => {
    const page = await get('/products')
    expect(page.headers.get('cache-control') ?? '').not.toContain('private')
    const picture = /\/images\/[^"?\s]+/.exec(await page.text())?.[0]
    expect(picture).toBeDefined()
    const image = await get(picture as string, customer)
    expect(image.status).toBe(200)
    expect(image.headers.get('cache-control') ?? '').not.toContain('private')
  })
})

describe('the request log', () => {
  test('keeps no reset or verification token, and no query value', async () => {
    const secrets = ['ResetToken4f9a', 'VerifyToken77c1', 'CallbackToken2b8e', 'UpdateToken93d0', 'search-term-5e21']
    await get(`/api/auth/reset-password/${secrets[0]}?callbackURL=%2Fupdate-password`)
    await get(`/api/auth/verify-email?token=${secrets[1]}&callbackURL=%2Fauth%2Fcallback`)
    await get(`/auth/callback?type=reset&token=${secrets[2]}`)
    await get(`/update-password?token=${secrets[3]}`)
    await get(`/search?q=${secrets[4]}`)
    let log = ''
    for (let attempt = 0; attempt < 50 && !log.includes('/search?q='); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      log = shop.output().stdout
    }
    expect(log).toContain('"url":"/api/auth/reset-password/[redacted]?callbackURL=[redacted]"')
    expect(log).toContain('"url":"/api/auth/verify-email?token=[redacted]&callbackURL=[redacted]"')
    expect(log).toContain('"url":"/auth/callback?type=[redacted]&token=[redacted]"')
    expect(log).toContain('"url":"/search?q=[redacted]"')
    for (const secret of secrets) expect(log).not.toContain(secret)
  })
  test('is JSON lines, each with the request id its answer carried, the balancer’s id when it sent one', async () => {
    const rendered = await get('/guides')
    const cached = await get('/guides')
    expect(cached.headers.get('x-page-cache')).toBe('hit')
    const fromBalancer = await fetch(`${shop.base}/about`, { headers: { 'x-request-id': 'haproxy-7f3a-0001' } })
    const made = await fetch(`${shop.base}/about`, { headers: { 'x-request-id': 'made up by a client <script>' } })
    const ids = [rendered, cached, fromBalancer, made].map((response) => response.headers.get('x-request-id') ?? '')
    expect(ids[2]).toBe('haproxy-7f3a-0001')
    expect(new Set(ids).size).toBe(4)
    for (const id of [ids[0], ids[1], ids[3]]) expect(id).toMatch(/^[0-9a-f-]{36}$/)
    let lines: { req?: { id?: string } }[] = []
    for (let attempt = 0; attempt < 50; attempt++) {
      lines = shop
        .output()
        .stdout.split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line))
      if (ids.every((id) => lines.some((line) => line.req?.id === id))) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    for (const id of ids) expect(lines.filter((line) => line.req?.id === id)).toHaveLength(1)
  })

  test('a mail kept in the outbox is logged without its link: a reset link is a key to the account', async () => {
    const { email } = shop.demoAccount('customer')
    const response = await fetch(`${shop.base}/auth`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: shop.base, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'reset-password', email }),
    })
    expect(response.status).toBeLessThan(500)
    let log = ''
    for (let attempt = 0; attempt < 50 && !log.includes('"template":"reset-password"'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      log = shop.output().stdout
    }
    const line = log.split('\n').find((entry) => entry.includes('"template":"reset-password"')) ?? ''
    expect(line).toContain('Mail kept in the outbox')
    expect(line).not.toMatch(/reset-password\/[A-Za-z0-9]/)
    expect(line).not.toContain('"link"')
  })
})
