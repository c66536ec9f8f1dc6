import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'

// These tests start the real production server (`node server.js`), so they need `npm run build`
// first; `npm test` builds before running them.
const root = path.resolve(import.meta.dirname, '../..')

beforeAll(() => {
  if (!existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('No production build: run `npm run build` before these tests (npm test does).')
  }
})

/** A port nobody listens on right now, so parallel runs never collide. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['server.js'], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => ({ stdout, stderr }) }
}

async function waitUntilReady(port: number, child: ChildProcess) {
  for (let attempt = 0; attempt < 400; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('server did not become ready')
}

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
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 120_000)

  test('keeps public pages for visitors, with a fresh nonce each time, until a write', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-cache-'))
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), DEMO_DATA: 'false' })
    try {
      await waitUntilReady(port, server.child)
      const nonceOf = (response: Response) =>
        /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? ''

      const first = await fetch(`${base}/products`)
      const firstBody = await first.text()
      expect(first.headers.get('x-page-cache')).toBe('miss')
      const second = await fetch(`${base}/products`)
      const secondBody = await second.text()
      expect(second.headers.get('x-page-cache')).toBe('hit')
      expect(second.headers.get('content-type')).toMatch(/^text\/html/)

      // The kept copy carries this response's nonce, never the one it was rendered with.
      const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)]
      expect(firstNonce).not.toBe('')
      expect(secondNonce).not.toBe(firstNonce)
      expect(secondBody).toContain(`nonce="${secondNonce}"`)
      expect(secondBody).not.toContain(firstNonce)
      expect(secondBody.replaceAll(secondNonce, 'N')).toBe(firstBody.replaceAll(firstNonce, 'N'))

      // Someone with a session is never served the shared copy; neither is a private page.
      const signedIn = await fetch(`${base}/products`, { headers: { cookie: 'layerworks.session_token=abc' } })
      expect(signedIn.status).toBe(200)
      expect(signedIn.headers.get('x-page-cache')).toBeNull()
      const account = await fetch(`${base}/account`, { redirect: 'manual' })
      expect(account.headers.get('x-page-cache')).toBeNull()

      // A successful write clears the copy.
      const subscribed = await fetch(`${base}/resources/newsletter`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'cache@example.com', redirectTo: '/products' }),
      })
      expect(subscribed.status).toBe(303)
      const afterWrite = await fetch(`${base}/products`)
      expect(afterWrite.headers.get('x-page-cache')).toBe('miss')
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
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-no-proxy-'))
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), DEMO_DATA: 'false' })
    try {
      await waitUntilReady(port, server.child)
      // Ten sign-ins a minute per client address; a new X-Forwarded-For each time changes nothing.
      const answers = []
      for (let n = 1; n <= 11; n++) {
        answers.push(await signInOver(base, `stranger-${n}@example.com`, 'Wrong-pass-1!', `203.0.113.${n}`))
      }
      expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(401))
      expect(answers[10]?.status).toBe(429)
      expect(answers[10]?.body).toContain('Too many requests')
      expect(answers[10]?.body).toContain('You have tried to sign in too many times.')
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  }, 120_000)

  test('with TRUST_PROXY=1 the proxy tells the address, and rotating it does not unlock an account', async () => {
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-proxy-'))
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), DEMO_DATA: 'true', TRUST_PROXY: '1' })
    try {
      await waitUntilReady(port, server.child)
      // Honoured: twelve clients, one sign-in each, none over the per-address limit.
      for (let n = 1; n <= 12; n++) {
        const answer = await signInOver(base, `visitor-${n}@example.com`, 'Wrong-pass-1!', `203.0.113.${n}`)
        expect(answer.status).toBe(401)
      }
      // Twelve wrong passwords for one account from twelve addresses: the last ones are refused.
      const customer = readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8')
        .split('\n')
        .map((line) => line.split('\t'))
        .find(([role]) => role === 'customer')
      if (!customer?.[1] || !customer[2]) throw new Error('no demo customer')
      const [, email, password] = customer
      const answers = []
      for (let n = 1; n <= 12; n++) answers.push(await signInOver(base, email, `Wrong-pass-${n}!`, `198.51.100.${n}`))
      expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(401), 429, 429])
      expect(answers[11]?.body).toContain('Too many requests')
      expect(answers[11]?.body).toContain('Too many failed sign-ins for this email address.')
      // Even the right password, from yet another address, waits for the window to pass.
      const right = await signInOver(base, email, password, '192.0.2.1')
      expect(right.status).toBe(429)
      expect(right.body).toContain('Too many failed sign-ins for this email address.')
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
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
