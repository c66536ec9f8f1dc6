import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  freePort,
  requireProductionBuild,
  startServer,
  startShop,
  waitUntilReady,
} from '#tests/setup/server-process.ts'

beforeAll(requireProductionBuild)

describe('the server process', () => {
  test('an unreachable DATABASE_URL stops start-up with one clear line', async () => {
    const server = startServer({
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/shop',
      PORT: String(await freePort()),
      SESSION_SECRET: 'x'.repeat(40),
    })
    expect(await server.exited).toBe(1)
    const { stderr } = server.output()
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toMatch(
      /^Start-up failed: Cannot connect to the database in DATABASE_URL \(127\.0\.0\.1:1\/shop\): /,
    )
    expect(stderr).not.toMatch(/\n\s+at /)
  }, 60_000)

  test('a malformed variable is named', async () => {
    const server = startServer({ DATABASE_URL: 'mysql://localhost/shop', PORT: String(await freePort()) })
    expect(await server.exited).toBe(1)
    expect(server.output().stderr.trim()).toBe(
      'Start-up failed: Invalid environment variable DATABASE_URL: must be a postgres:// or postgresql:// connection URL',
    )
  }, 60_000)

  test('a shop on https without a payment provider refuses to start, unless demo payments are asked for', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-live-'))
    const port = await freePort()
    const live = { DATA_DIR: dataDir, PORT: String(port), DEMO_DATA: 'false', PUBLIC_URL: 'https://shop.example.com' }
    const refused = startServer(live)
    expect(await refused.exited).toBe(1)
    expect(refused.output().stderr.trim()).toBe(
      'Start-up failed: Missing environment variable STRIPE_SECRET_KEY: a shop on https takes real payments (set DEMO_PAYMENTS=true to run the demo checkout on purpose)',
    )
    const demo = startServer({ ...live, DEMO_PAYMENTS: 'true' })
    await waitUntilReady(port, demo.child)
    demo.child.kill('SIGTERM')
    expect(await demo.exited).toBe(0)
  }, 120_000)

  test('serves, reports ready, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-server-'))
    const port = await freePort()
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), DEMO_DATA: 'false' })
    await waitUntilReady(port, server.child)
    const health = await fetch(`http://127.0.0.1:${port}/healthz`)
    expect(await health.text()).toBe('ok')
    const home = await fetch(`http://127.0.0.1:${port}/`)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('Practical 3D Solutions')
    expect(home.headers.get('content-encoding')).toBe('gzip')
    // The policy allows no <base>, plugins or framing (ASVS V3.4.3, docs/security.md).
    const policy = home.headers.get('content-security-policy') ?? ''
    for (const directive of ["base-uri 'none'", "object-src 'none'", "frame-ancestors 'none'", "default-src 'self'"]) {
      expect(policy).toContain(directive)
    }
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 120_000)

  test('keeps public pages for visitors as stored bytes, their scripts allowed by hash', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-cache-'))
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), DEMO_DATA: 'false' })
    try {
      await waitUntilReady(port, server.child)
      const first = await fetch(`${base}/products`)
      const firstBody = await first.text()
      expect(first.headers.get('x-page-cache')).toBe('miss')
      const second = await fetch(`${base}/products`)
      const secondBody = await second.text()
      expect(second.headers.get('x-page-cache')).toBe('hit')
      expect(second.headers.get('content-type')).toMatch(/^text\/html/)

      // The same bytes for everyone: no nonce to write in, one strong validator, a copy a CDN may keep.
      expect(secondBody).toBe(firstBody)
      expect(secondBody).not.toContain('nonce=')
      expect(second.headers.get('etag')).toMatch(/^"[\w-]+"$/)
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
      expect(second.headers.get('cache-control')).toMatch(/^public, max-age=0, must-revalidate, s-maxage=\d+$/)
      expect(second.headers.get('cdn-cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/)
      expect(second.headers.get('vary')).toBe('Accept-Encoding, Cookie')
      // Every inline script is allowed by its hash, and only those: no nonce source at all.
      const policy = second.headers.get('content-security-policy') ?? ''
      expect(policy).not.toContain("'nonce-")
      const inline = [...secondBody.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
        ([, code]) => code,
      )
      expect(inline.length).toBeGreaterThan(0)
      for (const code of inline) {
        expect(policy).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`)
      }
      // A browser that has the page is told so, without the page.
      const revalidated = await fetch(`${base}/products`, {
        headers: { 'if-none-match': second.headers.get('etag') ?? '' },
      })
      expect(revalidated.status).toBe(304)
      expect(await revalidated.text()).toBe('')

      // Someone with a session is never served the shared copy; neither is a private page.
      const signedIn = await fetch(`${base}/products`, { headers: { cookie: 'layerworks.session_token=abc' } })
      expect(signedIn.status).toBe(200)
      expect(signedIn.headers.get('x-page-cache')).toBeNull()
      expect(signedIn.headers.get('cache-control')).toBe('private, no-store')
      expect(signedIn.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[\w+/=]+'/)
      const account = await fetch(`${base}/account`, { redirect: 'manual' })
      expect(account.headers.get('x-page-cache')).toBeNull()

      // A visitor's write changes nothing visitors see: the copy stays (page-cache.test.ts has more).
      const subscribed = await fetch(`${base}/resources/newsletter`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'cache@example.com', redirectTo: '/products' }),
      })
      expect(subscribed.status).toBe(303)
      const afterWrite = await fetch(`${base}/products`)
      expect(afterWrite.headers.get('x-page-cache')).toBe('hit')
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  }, 120_000)

  test('an invalid TRUST_PROXY stops start-up with one clear line', async () => {
    const server = startServer({ TRUST_PROXY: 'true', PORT: String(await freePort()) })
    expect(await server.exited).toBe(1)
    expect(server.output().stderr.trim()).toBe(
      'Start-up failed: Invalid environment variable TRUST_PROXY: must be a hop count like 1, loopback, or a comma-separated list of proxy addresses or CIDR ranges (like 10.0.0.0/8)',
    )
  }, 60_000)

  test('without TRUST_PROXY a client cannot pick its address with X-Forwarded-For', async () => {
    const shop = await startShop()
    try {
      // Ten sign-ins a minute per client address; a new X-Forwarded-For each time changes nothing.
      const answers = []
      for (let n = 1; n <= 11; n++) {
        answers.push(await signInOver(shop.base, `stranger-${n}@example.com`, 'Wrong-pass-1!', `203.0.113.${n}`))
      }
      expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(401))
      expect(answers[10]?.status).toBe(429)
      expect(answers[10]?.body).toContain('Too many requests')
      expect(answers[10]?.body).toContain('You have tried to sign in too many times.')
    } finally {
      await shop.stop()
    }
  }, 120_000)

  test('with TRUST_PROXY=1 the proxy tells the address, and rotating it does not unlock an account', async () => {
    const shop = await startShop({ demo: true, env: { TRUST_PROXY: '1' } })
    try {
      // Honoured: twelve clients, one sign-in each, none over the per-address limit.
      for (let n = 1; n <= 12; n++) {
        const answer = await signInOver(shop.base, `visitor-${n}@example.com`, 'Wrong-pass-1!', `203.0.113.${n}`)
        expect(answer.status).toBe(401)
      }
      // Twelve wrong passwords for one account from twelve addresses: the last ones are refused.
      const { email, password } = shop.demoAccount('customer')
      const answers = []
      for (let n = 1; n <= 12; n++) {
        answers.push(await signInOver(shop.base, email, `Wrong-pass-${n}!`, `198.51.100.${n}`))
      }
      expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(401), 429, 429])
      expect(answers[11]?.body).toContain('Too many requests')
      expect(answers[11]?.body).toContain('Too many failed sign-ins for this email address.')
      // Even the right password, from yet another address, waits for the window to pass.
      const right = await signInOver(shop.base, email, password, '192.0.2.1')
      expect(right.status).toBe(429)
      expect(right.body).toContain('Too many failed sign-ins for this email address.')
    } finally {
      await shop.stop()
    }
  }, 120_000)
})

/** Posts the login form as a browser without JavaScript would, through a proxy saying `forwardedFor`. */
async function signInOver(base: string, email: string, password: string, forwardedFor: string) {
  const response = await fetch(`${base}/auth`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      origin: base,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': forwardedFor,
    },
    body: new URLSearchParams({ intent: 'login', email, password }),
  })
  return { status: response.status, body: await response.text() }
}
