import { and, eq, inArray, sql } from 'drizzle-orm'
import { ADMIN_ROLE, CUSTOMER_ROLE } from '#app/modules/accounts/roles.ts'
import { authAccounts, users } from '#app/modules/accounts/schema.server.ts'
import { products } from '#app/modules/catalog/schema.server.ts'
import { checkouts, orderLines, orders } from '#app/modules/orders/schema.server.ts'
import type { Cluster } from '#tests/deploy/cluster.ts'
import { insertProduct } from '#tests/factories/shop-records.ts'
import { KINDS, type Kind, loopbackAddress, percentile, Tally, VirtualUser } from './traffic.ts'

/**
 * Mixed traffic through the cluster's balancer for a fixed time: visitors browse and search,
 * customers price carts, sign in again now and then and buy a product of which there are too few
 * for all of them (through the demo checkout), admins read the back-office lists. Afterwards the
 * database must agree with what the clients were told: nothing sold twice, no order lost.
 */

export type LoadTestOptions = { seconds: number; connections: number }

export type KindFigures = { kind: Kind; requests: number; perSecond: number; p50: number; p99: number; max: number }

export type StockCheck = {
  initial: number
  left: number
  /** Units on paid orders of the scarce product, as the database has them. */
  sold: number
  /** Units still held by checkouts left open (a flow cut short by an error). */
  held: number
  /** Units the clients were told they bought (a payment answered with /success). */
  confirmed: number
  orders: number
  confirmedOrders: number
  /** Checkouts refused because the product had sold out meanwhile: the limit at work. */
  soldOutAnswers: number
}

export type LoadTestResult = LoadTestOptions & {
  /** The time the traffic took, from the first request to the last answer. */
  elapsedSeconds: number
  requests: number
  perSecond: number
  kinds: KindFigures[]
  errors: number
  serverErrors: number
  problems: [string, number][]
  statuses: [number, number][]
  mix: { visitors: number; customers: number; admins: number }
  stock: StockCheck
  /** What failed: empty when the run passed. */
  failures: string[]
}

/** The share of checkouts a customer cancels at the demo provider instead of paying. */
const CANCELLED_CHECKOUTS = 0.15

export const LIMITS = { seconds: { min: 1, max: 600 }, connections: { min: 1, max: 1000 } } as const

const SEARCH_TERMS = ['mount', 'bracket', 'phone', 'holder', 'stand', 'case', 'hook', 'clip']
const BROWSE_PAGES = ['/', '/products', '/guides', '/policies', '/about', '/services', '/updates']
const ADMIN_LISTS = ['/admin/orders', '/admin/products', '/admin/users', '/admin/invoices', '/admin/reviews']
/** The checkout page asks for a parcel's address; the demo customers give this one. */
const ADDRESS = {
  name: 'Load Tester',
  street: '1 Printer Way',
  line2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '+1 512 555 0100',
}
/**
 * Per virtual user, within the shop's own per-client limits, which would answer 429 otherwise:
 * ten sign-ins a minute per address (auth rate limit) and five checkouts a minute per customer
 * (decision 018). A user keeps below them, as a person would.
 */
const SIGN_INS_PER_MINUTE = 1
const CHECKOUTS_PER_MINUTE = 4

type Shop = { password: string; productIds: string[]; scarce: { id: string; title: string; stock: number } }

/**
 * How the connections are shared out: a twentieth admins, a tenth customers, the rest visitors.
 * Each signed-in user costs a password hash (scrypt, slow on purpose) when it signs in, the
 * heaviest request the shop answers; most of a shop's visitors never sign in.
 */
export function mixOf(connections: number) {
  const admins = Math.max(1, Math.round(connections / 20))
  const customers = Math.max(1, Math.round(connections / 10))
  return { admins, customers, visitors: Math.max(0, connections - admins - customers) }
}

/**
 * The accounts and the scarce product, written straight to the cluster's database before the
 * traffic starts: each customer and admin its own account, all with the demo customer's password
 * (its hash copied, so no account needs the auth library here), signed in through the login form
 * by the traffic itself.
 */
async function prepareShop(cluster: Cluster, mix: ReturnType<typeof mixOf>): Promise<Shop> {
  const demo = cluster.demoAccount('customer')
  const [credential] = await cluster.db
    .select({ password: authAccounts.password })
    .from(authAccounts)
    .innerJoin(users, eq(users.id, authAccounts.userId))
    .where(and(eq(users.email, demo.email), eq(authAccounts.providerId, 'credential')))
  if (!credential?.password) throw new Error('the demo customer has no password to copy')
  const people = [
    ...Array.from({ length: mix.customers }, (_, n) => ({
      email: `load-customer-${n}@example.com`,
      role: CUSTOMER_ROLE,
    })),
    ...Array.from({ length: mix.admins }, (_, n) => ({ email: `load-admin-${n}@example.com`, role: ADMIN_ROLE })),
  ]
  for (let at = 0; at < people.length; at += 200) {
    const batch = people.slice(at, at + 200)
    const created = await cluster.db
      .insert(users)
      .values(batch.map(({ email, role }) => ({ email, role, name: email.split('@')[0], emailVerified: true })))
      .returning({ id: users.id })
    await cluster.db.insert(authAccounts).values(
      created.map(({ id }) => ({
        userId: id,
        accountId: id,
        providerId: 'credential',
        password: credential.password,
      })),
    )
  }
  const listed = await cluster.db.select({ id: products.id }).from(products).where(eq(products.status, 'visible'))
  // Fewer than the customers will try to buy in the first seconds, so it sells out under load.
  const stock = Math.max(3, mix.customers)
  const scarce = await insertProduct(cluster.db, {
    title: 'Load Test Limited Edition Stand',
    priceCents: 1500,
    stockQuantity: stock,
  })
  return { password: demo.password, productIds: listed.map((row) => row.id), scarce: { ...scarce, stock } }
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T

/** At most `perMinute` events in any minute: the times of the last ones are kept. */
class Pace {
  private readonly times: number[] = []
  constructor(private readonly perMinute: number) {}
  allows() {
    const now = Date.now()
    while (this.times.length > 0 && (this.times[0] ?? 0) <= now - 60_000) this.times.shift()
    return this.times.length < this.perMinute
  }
  note() {
    this.times.push(Date.now())
  }
}

type Counters = { confirmedUnits: number; confirmedOrders: number; soldOut: number }

/** The run: prepares the shop, sends the traffic until the time is up, then checks the stock. */
export async function runLoadTest(cluster: Cluster, options: LoadTestOptions): Promise<LoadTestResult> {
  const { seconds, connections } = options
  const mix = mixOf(connections)
  const shop = await prepareShop(cluster, mix)
  await warmUp(cluster, shop)
  const tally = new Tally()
  const counters: Counters = { confirmedUnits: 0, confirmedOrders: 0, soldOut: 0 }
  const base = cluster.balancer
  const started = performance.now()
  const deadline = Date.now() + seconds * 1000
  const running = () => Date.now() < deadline
  const vus: VirtualUser[] = []
  const user = () => {
    const vu = new VirtualUser(base, loopbackAddress(vus.length), tally)
    vus.push(vu)
    return vu
  }

  const browse = (vu: VirtualUser) =>
    Math.random() < 0.4
      ? vu.send('browse', `/products/${pick(shop.productIds)}`, [200], { headers: PAGE_HEADERS })
      : vu.send('browse', pick(BROWSE_PAGES), [200], { headers: PAGE_HEADERS })
  const search = (vu: VirtualUser) =>
    Math.random() < 0.5
      ? vu.send('search', `/search?q=${pick(SEARCH_TERMS)}`, [200], { headers: PAGE_HEADERS })
      : vu.send('search', `/resources/search-suggestions?q=${pick(SEARCH_TERMS).slice(0, 3)}`, [200])
  const priceCart = async (vu: VirtualUser, items: CartItem[]) => {
    const answer = await vu.send('cart pricing', '/resources/cart-pricing', [200], json({ items }))
    return answer ? (JSON.parse(answer.body.toString()) as { totalCents: number; shipTo: { country: string } }) : null
  }
  const randomCart = (): CartItem[] =>
    Array.from({ length: 1 + Math.floor(Math.random() * 3) }, (_, n) => ({
      cartId: `line-${n}`,
      id: pick(shop.productIds),
      quantity: 1 + Math.floor(Math.random() * 3),
    }))
  const signIn = async (vu: VirtualUser, email: string) => {
    const answer = await vu.send('sign-in', '/auth', [302], {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'login', email, password: shop.password }).toString(),
    })
    if (answer && !vu.hasCookie('session_token')) tally.problem('sign-in: answered without a session cookie')
    return answer !== null
  }

  /**
   * Prices a cart of the scarce product, starts its checkout and pays, or cancels it at the demo
   * provider `cancelling` of the time.
   */
  const buy = async (vu: VirtualUser, cancelling = CANCELLED_CHECKOUTS) => {
    const quantity = Math.random() < 0.7 ? 1 : 2
    const items = [{ cartId: 'scarce', id: shop.scarce.id, title: shop.scarce.title, quantity }]
    const priced = await priceCart(vu, items)
    if (!priced) return
    const started = await vu.send(
      'checkout start',
      '/resources/checkout-session',
      [200, 409],
      json({ items, expectedTotalCents: priced.totalCents, country: priced.shipTo.country }),
    )
    if (!started) return
    const answer = JSON.parse(started.body.toString()) as { url?: string; message?: string }
    if (started.status === 409) {
      // Refused: sold out, or fewer left than asked. Any other refusal is a failure of the test.
      if (/sold out|out of stock|left in stock/.test(answer.message ?? '')) counters.soldOut++
      else tally.problem(`checkout start: 409 ${answer.message}`)
      return
    }
    if (!answer.url?.startsWith('/demo-checkout/')) {
      tally.problem(`checkout start: no demo checkout in ${started.body.toString().slice(0, 200)}`)
      return
    }
    const cancel = Math.random() < cancelling
    const form = cancel ? { intent: 'cancel' } : { intent: 'pay', ...ADDRESS, country: priced.shipTo.country }
    const settled = await vu.send('demo payment', answer.url, [302], {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    })
    if (!settled || cancel) return
    if (!String(settled.headers.location ?? '').includes('/success')) {
      tally.problem(`demo payment: sent to ${settled.headers.location} instead of /success`)
      return
    }
    counters.confirmedUnits += quantity
    counters.confirmedOrders++
  }

  // Arrivals spread over the first third of the run, not all at one instant: a sign-in hashes a
  // password (scrypt, on purpose slow), and a hundred at once is a stampede no shop sees.
  const arrive = () => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(20_000, seconds * 333)))
  const visitor = async () => {
    const vu = user()
    await arrive()
    while (running()) {
      const roll = Math.random()
      if (roll < 0.6) await browse(vu)
      else if (roll < 0.85) await search(vu)
      else await priceCart(vu, randomCart())
    }
  }
  const customer = async (n: number) => {
    const vu = user()
    const email = `load-customer-${n}@example.com`
    const signIns = new Pace(SIGN_INS_PER_MINUTE)
    const checkoutsPace = new Pace(CHECKOUTS_PER_MINUTE)
    await arrive()
    signIns.note()
    if (!(await signIn(vu, email))) return
    // They came to buy: the first thing each customer does, paid, never cancelled, so even a short
    // run with one customer sells (a cancelled first checkout left a 3-second run with none sold).
    checkoutsPace.note()
    await buy(vu, 0)
    while (running()) {
      const roll = Math.random()
      if (roll < 0.15 && checkoutsPace.allows()) {
        checkoutsPace.note()
        await buy(vu)
      } else if (roll < 0.18 && signIns.allows()) {
        signIns.note()
        await signIn(vu, email)
      } else if (roll < 0.5) await browse(vu)
      else if (roll < 0.7) await search(vu)
      else await priceCart(vu, randomCart())
    }
  }
  const admin = async (n: number) => {
    const vu = user()
    await arrive()
    if (!(await signIn(vu, `load-admin-${n}@example.com`))) return
    await vu.send('admin list', pick(ADMIN_LISTS), [200], { headers: PAGE_HEADERS })
    while (running()) {
      if (Math.random() < 0.8) await vu.send('admin list', pick(ADMIN_LISTS), [200], { headers: PAGE_HEADERS })
      else await browse(vu)
    }
  }

  try {
    await Promise.all([
      ...Array.from({ length: mix.visitors }, () => visitor()),
      ...Array.from({ length: mix.customers }, (_, n) => customer(n)),
      ...Array.from({ length: mix.admins }, (_, n) => admin(n)),
    ])
  } finally {
    for (const vu of vus) vu.close()
  }
  const elapsedSeconds = (performance.now() - started) / 1000
  const stock = await checkStock(cluster, shop, counters)
  return summarize({ options, mix, tally, elapsedSeconds, stock })
}

/**
 * Each page and endpoint once on each instance before the clock starts, as the admin: the first
 * request of a kind loads its code, which is start-up, not load.
 */
async function warmUp(cluster: Cluster, shop: Shop) {
  const account = cluster.demoAccount('Admin')
  const items = [{ cartId: 'warm', id: shop.productIds[0] ?? shop.scarce.id, quantity: 1 }]
  const warm = async (instance: Cluster['instances'][number]) => {
    const vu = new VirtualUser(instance.base, '127.0.0.1', new Tally())
    try {
      for (const page of [...BROWSE_PAGES, `/products/${shop.scarce.id}`, '/search?q=mount']) {
        await vu.send('browse', page, [200], { headers: PAGE_HEADERS })
      }
      await vu.send('search', '/resources/search-suggestions?q=mou', [200])
      await vu.send('cart pricing', '/resources/cart-pricing', [200], json({ items }))
      await vu.send('sign-in', '/auth', [302], {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'login', ...account }).toString(),
      })
      for (const page of ADMIN_LISTS) await vu.send('admin list', page, [200], { headers: PAGE_HEADERS })
    } finally {
      vu.close()
    }
  }
  await Promise.all(cluster.instances.map(warm))
}

type CartItem = { cartId: string; id: string; quantity: number; title?: string }

/** What a browser sends for a page: compressed, as the shop serves it to browsers. */
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'br, gzip' }

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify(body),
})

/** The scarce product's stock, paid orders and open holds, as the database has them now. */
async function checkStock(cluster: Cluster, shop: Shop, counters: Counters): Promise<StockCheck> {
  const id = shop.scarce.id
  const [product] = await cluster.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, id))
  const [sold] = await cluster.db
    .select({
      units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::integer`,
      orders: sql<number>`count(distinct ${orders.id})::integer`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.productId, id), inArray(orders.paymentStatus, ['paid', 'test'])))
  const open = await cluster.db.select({ lines: checkouts.lines }).from(checkouts).where(eq(checkouts.status, 'open'))
  const held = open
    .flatMap((checkout) => checkout.lines)
    .filter((line) => line.productId === id)
    .reduce((sum, line) => sum + line.quantity, 0)
  return {
    initial: shop.scarce.stock,
    left: product?.stock ?? Number.NaN,
    sold: sold?.units ?? 0,
    held,
    confirmed: counters.confirmedUnits,
    orders: sold?.orders ?? 0,
    confirmedOrders: counters.confirmedOrders,
    soldOutAnswers: counters.soldOut,
  }
}

function summarize({
  options,
  mix,
  tally,
  elapsedSeconds,
  stock,
}: {
  options: LoadTestOptions
  mix: LoadTestResult['mix']
  tally: Tally
  elapsedSeconds: number
  stock: StockCheck
}): LoadTestResult {
  const kinds = KINDS.map((kind) => {
    const times = [...(tally.times.get(kind) ?? [])].sort((a, b) => a - b)
    return {
      kind,
      requests: times.length,
      perSecond: times.length / elapsedSeconds,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      max: times.at(-1) ?? 0,
    }
  })
  const serverErrors = tally.count(500)
  const failures: string[] = []
  if (tally.errors > 0) failures.push(`${tally.errors} requests failed or answered unexpectedly`)
  if (serverErrors > 0) failures.push(`${serverErrors} answers were 500`)
  if (stock.left < 0 || stock.sold > stock.initial) failures.push('the scarce product was oversold')
  if (stock.left + stock.sold + stock.held !== stock.initial) {
    failures.push(
      `stock does not add up: ${stock.left} left + ${stock.sold} sold + ${stock.held} held ≠ ${stock.initial}`,
    )
  }
  if (stock.sold !== stock.confirmed || stock.orders !== stock.confirmedOrders) {
    failures.push(
      `the database has ${stock.orders} orders for ${stock.sold} units, the clients were told ${stock.confirmedOrders} for ${stock.confirmed}`,
    )
  }
  const requests = tally.requests
  return {
    ...options,
    elapsedSeconds,
    requests,
    perSecond: requests / elapsedSeconds,
    kinds,
    errors: tally.errors,
    serverErrors,
    problems: [...tally.problems].sort((a, b) => b[1] - a[1]),
    statuses: [...tally.statuses].sort((a, b) => a[0] - b[0]),
    mix,
    stock,
    failures,
  }
}
