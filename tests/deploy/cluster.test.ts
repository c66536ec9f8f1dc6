import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/schema.server.ts'
import { products } from '#app/modules/catalog/schema.server.ts'
import { documents } from '#app/modules/documents/schema.server.ts'
import { insertInvoice } from '#tests/factories/shop-records.ts'
import { eventStreamOf } from '#tests/setup/event-stream.ts'
import { requireProductionBuild, signIn } from '#tests/setup/server-process.ts'
import { type Cluster, type Instance, send, startCluster } from './cluster.ts'

// Two instances of the production build on one PostgreSQL database behind Debian's haproxy with
// deploy/haproxy.cfg: what one instance does, the other sees, and the balancer's clients are told
// apart by their own addresses.

let cluster: Cluster
let customer: string
let admin: string
beforeAll(async () => {
  requireProductionBuild()
  // Four tries a minute per client for the auth forms, so the limit test is short; the two
  // sign-ins below come from 127.0.0.1 and the limit test from other addresses.
  cluster = await startCluster({ env: { AUTH_RATE_LIMIT_MAX: '4', SHUTDOWN_DELAY_SECONDS: '3' } })
  customer = await signIn({ base: cluster.balancer }, cluster.demoAccount('customer'))
  admin = await signIn({ base: cluster.balancer }, cluster.demoAccount('Admin'))
}, 180_000)
afterAll(() => cluster?.stop())

/** A form post to one instance, as its own page would send it. */
function post(instance: Instance, path: string, cookie: string, form: Record<string, string>) {
  return fetch(`${instance.base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: instance.base, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  })
}

async function customerId() {
  const [row] = await cluster.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, cluster.demoAccount('customer').email))
  if (!row) throw new Error('no demo customer')
  return row.id
}

describe('two instances, one shop', () => {
  test('the balancer spreads requests over both instances and its request id reaches the log', async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${cluster.balancer}/healthz`)
      expect(response.status).toBe(200)
    }
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${cluster.balancer}/policies`)
      expect(response.status).toBe(200)
      ids.add(response.headers.get('x-request-id') ?? '')
    }
    // haproxy's unique-id, not one the instance made up (a UUID), on every answer.
    for (const id of ids) expect(id).toMatch(/^[0-9A-F]{20,}$/)
    const logged = (instance: Instance) =>
      [...ids].filter((id) => instance.output().stdout.includes(`"id":"${id}"`)).length
    await expect.poll(() => logged(cluster.a) + logged(cluster.b)).toBe(ids.size)
    expect(logged(cluster.a)).toBeGreaterThan(0)
    expect(logged(cluster.b)).toBeGreaterThan(0)
  })

  test('a customer signed in through the balancer is signed in on each instance', async () => {
    for (const base of [cluster.balancer, cluster.a.base, cluster.b.base]) {
      const account = await fetch(`${base}/account`, { redirect: 'manual', headers: { cookie: customer } })
      expect(account.status, base).toBe(200)
      const visitor = await fetch(`${base}/account`, { redirect: 'manual' })
      expect(visitor.status, base).toBe(302)
    }
  })

  test("an admin's product change on A clears the cached page on A and B", async () => {
    const [product] = await cluster.db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(eq(products.status, 'visible'))
      .limit(1)
    if (!product) throw new Error('no visible product')
    const page = `/products/${product.id}`
    for (const instance of cluster.instances) {
      await fetch(`${instance.base}${page}`)
      const kept = await fetch(`${instance.base}${page}`)
      expect(kept.headers.get('x-page-cache'), instance.label).toBe('hit')
      expect(await kept.text()).toContain(product.title)
    }
    const hidden = await post(cluster.a, '/admin/products', admin, {
      intent: 'set-visibility',
      productId: product.id,
      status: 'hidden',
    })
    expect(hidden.status).toBe(200)
    // B heard of it through PostgreSQL NOTIFY: its kept copy is gone and the product with it.
    await expect.poll(async () => (await fetch(`${cluster.b.base}${page}`)).status).toBe(404)
    expect((await fetch(`${cluster.a.base}${page}`)).status).toBe(404)
    expect((await fetch(`${cluster.balancer}${page}`)).status).toBe(404)
  })

  test('a file uploaded through A is served by B', async () => {
    const bytes = Buffer.from(`%PDF-1.4\n% receipt ${crypto.randomUUID()}\n%%EOF\n`)
    const form = new FormData()
    form.set('file', new File([bytes], 'cluster-receipt.pdf', { type: 'application/pdf' }))
    const uploaded = await fetch(`${cluster.a.base}/resources/receipts`, {
      method: 'POST',
      headers: { origin: cluster.a.base, cookie: customer, accept: 'application/json' },
      body: form,
    })
    expect(uploaded.status, await uploaded.clone().text()).toBe(200)
    const [receipt] = await cluster.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.userId, await customerId()), eq(documents.fileName, 'cluster-receipt.pdf')))
    if (!receipt) throw new Error('the upload left no receipt')
    const download = await fetch(`${cluster.b.base}/resources/receipts/${receipt.id}`, {
      headers: { cookie: customer },
    })
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true)
  })

  test("an invoice paid through A updates the customer's open invoice page on B at once", async () => {
    const invoice = await insertInvoice(cluster.db, {
      userId: await customerId(),
      email: cluster.demoAccount('customer').email,
      items: [{ description: '3D scan of a bracket', quantity: 1, unitPriceCents: 4500 }],
    })
    // The invoice page's live stream, open on B.
    const stream = await fetch(`${cluster.b.base}/resources/invoices/${invoice.id}/events`, {
      headers: { cookie: customer, accept: 'text/event-stream' },
    })
    expect(stream.status).toBe(200)
    const events = eventStreamOf(stream)
    try {
      await events.readUntil('event: ready')
      const paid = await post(cluster.a, '/admin/invoices', admin, {
        intent: 'set-status',
        invoiceId: invoice.id,
        status: 'paid',
      })
      expect(paid.status).toBe(200)
      await events.readUntil('event: invoice\ndata: {"status":"paid"}')
    } finally {
      await events.close()
    }
  })

  test('per-client limits count the client behind the balancer, not the balancer', async () => {
    const signInFrom = (from: string, attempt: number, headers: Record<string, string> = {}) =>
      send(`${cluster.balancer}/auth`, {
        method: 'POST',
        from,
        headers: { origin: cluster.balancer, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({
          intent: 'login',
          email: `nobody-${from}-${attempt}@example.com`,
          password: 'wrong-password-123',
        }).toString(),
      })
    const statuses: number[] = []
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await signInFrom('127.0.0.2', attempt)).status)
    expect(statuses.slice(0, 4)).not.toContain(429)
    expect(statuses[4]).toBe(429)
    // Another visitor is not held back by the first one's tries…
    expect((await signInFrom('127.0.0.3', 0)).status).not.toBe(429)
    // …and the first cannot get round the limit by naming another address: the balancer appends
    // the real one, and only the balancer is trusted.
    expect((await signInFrom('127.0.0.2', 6, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429)
  })
})

// Last: it stops instance A.
describe('faults', () => {
  test('SIGTERM to one instance under steady browsing through the balancer: no client sees a failure', async () => {
    const paths = ['/', '/products', '/guides', '/policies', '/search?q=bracket', '/about', '/account']
    const failures: string[] = []
    let answered = 0
    let browsing = true
    // Six visitors, one in three signed in (fresh renders, not the page cache), each asking again
    // as soon as an answer is read, until told to stop.
    const visitor = async (n: number) => {
      for (let i = n; browsing; i++) {
        const path = paths[i % paths.length]
        try {
          const response = await fetch(`${cluster.balancer}${path}`, {
            redirect: 'manual',
            headers: i % 3 === 0 ? { cookie: customer } : {},
          })
          await response.arrayBuffer()
          if (response.status >= 400) failures.push(`${path}: ${response.status}`)
          answered++
        } catch (error) {
          failures.push(`${path}: ${(error as Error).message}`)
        }
      }
    }
    const served = (instance: Instance) => instance.output().stdout.split('"msg":"request completed"').length - 1
    const visitors = Array.from({ length: 6 }, (_, n) => visitor(n))
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      const servedByA = served(cluster.a)
      expect(servedByA).toBeGreaterThan(0)
      cluster.a.child.kill('SIGTERM')
      // Draining: A still answers, but not ready, so haproxy's checks take it out before it closes.
      // (Polled: the signal is handled a moment after it is sent, on a busy machine a request later.)
      await expect
        .poll(async () => (await fetch(`${cluster.a.base}/readyz`)).status, { timeout: 2500, interval: 50 })
        .toBe(503)
      expect(await cluster.a.exited).toBe(0)
      // B alone carries the traffic for a while longer.
      const answeredBefore = answered
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(answered).toBeGreaterThan(answeredBefore)
    } finally {
      browsing = false
      await Promise.all(visitors)
    }
    expect(failures).toEqual([])
    expect(answered).toBeGreaterThan(10)
    expect(cluster.haproxyLog()).toMatch(/shopA is DOWN/)
  })
})
