import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/schema.server.ts'
import { products } from '#app/modules/catalog/schema.server.ts'
import { orders } from '#app/modules/orders/schema.server.ts'
import { insertInvoice, insertPaidOrder } from '#tests/factories/shop-records.ts'
import { eventStreamOf } from '#tests/setup/event-stream.ts'
import { requireProductionBuild, signIn } from '#tests/setup/server-process.ts'
import { type Cluster, startCluster } from './cluster.ts'
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres.ts'

// The two-instance shop on a PostgreSQL server of this test's own (never the machine's shared one),
// which the test stops and starts again under steady traffic: while it is down the shop says 503,
// never 500 and never hangs; when it is back the shop recovers by itself, its live invoice events
// and page-cache clearing (LISTEN) included, and an order committed before is still there.

let postgres: PrivatePostgres | undefined
let cluster: Cluster | undefined
let customer = ''
let admin = ''

beforeAll(async () => {
  requireProductionBuild()
  postgres = startPrivatePostgres()
  cluster = await startCluster({ serverUrl: postgres.url, env: { SHUTDOWN_DELAY_SECONDS: '0' } })
  customer = await signIn({ base: cluster.balancer }, cluster.demoAccount('customer'))
  admin = await signIn({ base: cluster.balancer }, cluster.demoAccount('Admin'))
}, 180_000)

afterAll(async () => {
  try {
    // The database server may be down if a test failed while it was: dropping the shop's database
    // then fails, and removing the private server's directory takes it along anyway.
    await cluster?.stop().catch((error) => console.warn(`cluster stop: ${error.message}`))
  } finally {
    postgres?.remove()
  }
}, 60_000)

function started() {
  if (!cluster || !postgres) throw new Error('not started')
  return { cluster, postgres }
}

type Seen = { path: string; status: number | string; ms: number; retryAfter: string | null }

/** One request, bounded in time: a hang shows as 'timeout', never as a stuck test. */
async function ask(base: string, path: string, cookie?: string): Promise<Seen> {
  const startedAt = Date.now()
  try {
    const response = await fetch(`${base}${path}`, {
      redirect: 'manual',
      headers: cookie ? { cookie } : {},
      signal: AbortSignal.timeout(8000),
    })
    await response.arrayBuffer()
    return {
      path,
      status: response.status,
      ms: Date.now() - startedAt,
      retryAfter: response.headers.get('retry-after'),
    }
  } catch (error) {
    const name = (error as Error).name
    return {
      path,
      status: name === 'TimeoutError' ? 'timeout' : String(error),
      ms: Date.now() - startedAt,
      retryAfter: null,
    }
  }
}

describe('PostgreSQL restarted under steady traffic', () => {
  test('503 while it is down, recovery by itself within seconds, nothing committed lost', async () => {
    const { cluster, postgres } = started()
    const [buyer] = await cluster.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, cluster.demoAccount('customer').email))
    const [product] = await cluster.db.select({ id: products.id, title: products.title }).from(products).limit(1)
    // An order committed before the restart, and an unpaid invoice whose page is open on B.
    const order = await insertPaidOrder(cluster.db, {
      paidAt: new Date(),
      userId: buyer.id,
      lines: [{ product, quantity: 2, unitPriceCents: 1250 }],
    })
    const invoice = await insertInvoice(cluster.db, {
      userId: buyer.id,
      email: buyer.email,
      items: [{ description: 'Restart-proof bracket', quantity: 1, unitPriceCents: 3100 }],
    })
    const stream = await fetch(`${cluster.b.base}/resources/invoices/${invoice.id}/events`, {
      headers: { cookie: customer, accept: 'text/event-stream' },
    })
    expect(stream.status).toBe(200)
    const events = eventStreamOf(stream)

    // Steady traffic straight to each instance (the shop's own answers) and through the balancer:
    // signed-in pages need the database on every request.
    const pages = ['/account', `/account/orders/${order.id}`, '/products']
    const seen: (Seen & { phase: string })[] = []
    let phase = 'before'
    let running = true
    const visitor = async (n: number) => {
      const bases = [cluster.a.base, cluster.b.base, cluster.balancer]
      for (let i = n; running; i++) {
        const result = await ask(bases[i % bases.length], pages[i % pages.length], customer)
        seen.push({ ...result, phase })
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    const visitors = Array.from({ length: 4 }, (_, n) => visitor(n))
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      expect(seen.filter((s) => s.phase === 'before').every((s) => s.status === 200)).toBe(true)

      postgres.stop()
      phase = 'down'
      // Each instance says it is not ready, and a page that needs the database is a 503 asking to
      // come back, from the instance itself.
      for (const instance of cluster.instances) {
        await expect.poll(async () => (await ask(instance.base, '/readyz')).status, { timeout: 10_000 }).toBe(503)
        const page = await ask(instance.base, '/account', customer)
        expect(page.status, instance.label).toBe(503)
        expect(page.retryAfter, instance.label).toBe('5')
        expect((await ask(instance.base, '/products')).status, instance.label).toBe(503)
      }
      await new Promise((resolve) => setTimeout(resolve, 2000))

      postgres.start()
      const backAt = Date.now()
      phase = 'recovering'
      for (const instance of cluster.instances) {
        await expect.poll(async () => (await ask(instance.base, '/readyz')).status, { timeout: 15_000 }).toBe(200)
        await expect
          .poll(async () => (await ask(instance.base, '/account', customer)).status, { timeout: 15_000 })
          .toBe(200)
      }
      // The balancer's health checks put them back (two good checks a second apart).
      await expect
        .poll(async () => (await ask(cluster.balancer, '/account', customer)).status, { timeout: 15_000 })
        .toBe(200)
      const recoveredInMs = Date.now() - backAt
      console.info(`recovered ${recoveredInMs} ms after PostgreSQL was back`)
      expect(recoveredInMs).toBeLessThan(15_000)
      phase = 'after'
      await new Promise((resolve) => setTimeout(resolve, 2000))
    } finally {
      running = false
      await Promise.all(visitors)
    }

    const down = seen.filter((s) => s.phase === 'down')
    expect(down.length).toBeGreaterThan(5)
    // While down: only 503s (the instance's with Retry-After, or the balancer's once its checks took
    // both out) or a 200 finished just before; never a 500, never a hang.
    expect(seen.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([])
    expect(Math.max(...seen.map((s) => s.ms))).toBeLessThan(8000)
    expect(down.some((s) => s.status === 503)).toBe(true)
    // After: everything answers again, with no step taken by anyone.
    const after = seen.filter((s) => s.phase === 'after')
    expect(after.length).toBeGreaterThan(5)
    expect(after.filter((s) => s.status !== 200)).toEqual([])

    // The order committed before the restart is there, in the database and on the customer's page.
    const [kept] = await cluster.db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(eq(orders.id, order.id))
    expect(kept?.id).toBe(order.id)
    const orderPage = await fetch(`${cluster.balancer}/account/orders/${order.id}`, { headers: { cookie: customer } })
    expect(orderPage.status).toBe(200)
    expect(await orderPage.text()).toContain(String(kept.number))

    // B listens again: an invoice paid through A reaches the page open on B since before the restart…
    try {
      await events.readUntil('event: ready')
      const paid = await fetch(`${cluster.a.base}/admin/invoices`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: cluster.a.base, cookie: admin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'set-status', invoiceId: invoice.id, status: 'paid' }),
      })
      expect(paid.status).toBe(200)
      await events.readUntil('event: invoice\ndata: {"status":"paid"}')
    } finally {
      await events.close()
    }

    // …and a product change on A clears the page B keeps.
    const page = `/products/${product.id}`
    await fetch(`${cluster.b.base}${page}`)
    expect((await fetch(`${cluster.b.base}${page}`)).headers.get('x-page-cache')).toBe('hit')
    const hidden = await fetch(`${cluster.a.base}/admin/products`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: cluster.a.base, cookie: admin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'set-visibility', productId: product.id, status: 'hidden' }),
    })
    expect(hidden.status).toBe(200)
    await expect.poll(async () => (await fetch(`${cluster.b.base}${page}`)).status).toBe(404)
  }, 120_000)
})
