// `npm run bench -- --scale`: the pages that read the most rows, timed on PostgreSQL with a shop
// of 1,000 products and one of 100,000 (made by `npm run seed:scale`), side by side. Each shop is
// seeded once into its own database and kept for later runs (its seed's report, with the
// passwords of its admin and customer, is kept in data/bench-scale/).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { type RunningShop, root, signIn, startShop } from '#tests/setup/server-process.ts'
import { fail } from './load.ts'
import { type Figure, markdownTable, verdict } from './report.ts'
import { type ServerSamples, type ServerTimes, sampleServerTimes, serverTimesOf } from './server-times.ts'

export const SCALE_SIZES = [1_000, 100_000] as const
const P95_GOAL_MS = 25
const QUERIES_GOAL = 5
/**
 * How much slower the large shop's median may be and still count as flat: noise on a shared
 * machine. Flat compares medians, since it asks whether a page's cost grows with the data; a p95
 * of 100 answers is the sixth-slowest, which the machine's own pauses decide as much as the page
 * (the same page at the same size moved 7-10 ms between runs).
 */
const FLAT_FACTOR = 1.5
const FLAT_SLACK_MS = 3
/**
 * Timed requests per page. A p95 of 40 was their third-slowest answer, so three pauses of the
 * garbage collector decided it and single pages moved by 10 ms from run to run; of 100 it is the
 * sixth-slowest, the same quantile read with less noise.
 */
export const REQUESTS_PER_PAGE = 100
/**
 * Requests per page before the timed ones, as the main bench warms up: the first answers of a
 * fresh server pay for compiling its code and for PostgreSQL reading the page's index blocks from
 * disk, which is start-up, not the page (it put the small shop, measured first, above the large).
 */
export const WARM_UP_REQUESTS = 5
/**
 * Each page's timed requests come in this many runs, one page after the other in each, so that a
 * burst of other work on the machine is shared by the pages measured while it lasts rather than
 * landing on one: measured in one run of 100, /admin/users' p95 went from 15.3 to 27.6 ms and back
 * to 14.2 between runs with no change to its code.
 */
export const RUNS_PER_PAGE = 4
/** The deep page of the product list the issue names; a smaller shop is measured on its last full one. */
const DEEP_PAGE = 500

const seedFolder = path.join(root, 'data/bench-scale')

type Account = { email: string; password: string }
type SeededShop = { products: number; url: string; admin: Account; customer: Account }
type Target = { label: string; path: string; as: 'customer' | 'admin' }
export type ScaleRow = { label: string; small: ServerTimes; large: ServerTimes }

/** The PostgreSQL server the shops live on: BENCH_POSTGRES_URL, else the local one CI has. */
function serverUrl() {
  return process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
}

function databaseUrl(name: string) {
  const url = new URL(serverUrl())
  url.pathname = `/${name}`
  return url.toString()
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl() })
  try {
    await client.connect()
  } catch (error) {
    fail(`cannot reach PostgreSQL at ${serverUrl()} (set BENCH_POSTGRES_URL): ${(error as Error).message}`)
  }
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** The admin and customer a seed made, read from its report (the only place it prints them). */
export function accountsOfSeedReport(report: string): { admin: Account; customer: Account } | null {
  const section = report.split('Accounts that can sign in')[1]
  if (!section) return null
  const accounts = new Map<string, Account>()
  for (const line of section.split('\n')) {
    const [role, email, password] = line.trim().split(/\s{2,}/)
    if (role && email?.includes('@') && password) accounts.set(role.toLowerCase(), { email, password })
  }
  const admin = accounts.get('admin')
  const customer = accounts.get('customer')
  return admin && customer ? { admin, customer } : null
}

function runSeed(url: string, products: number, reportFile: string) {
  return new Promise<void>((resolve, reject) => {
    const out = createWriteStream(reportFile)
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/seed-scale/run.ts', '--products', String(products)],
      { cwd: root, env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child.stdout.pipe(out)
    child.stderr.pipe(process.stderr)
    child.stdout.on('data', (chunk: Buffer) => {
      const line = chunk.toString().trim()
      if (line && !line.includes('\n')) console.info(`  seed ${products}: ${line}`)
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`seed:scale --products ${products} exited with ${code}`)),
    )
  })
}

/**
 * The shop of `products` products, seeded now unless an earlier run seeded it (its database is
 * there and its report names the accounts). A half-made shop is dropped and made again.
 */
export async function seededShop(products: number): Promise<SeededShop> {
  const name = `shop_bench_${products}`
  const url = databaseUrl(name)
  const reportFile = path.join(seedFolder, `${name}.seed.txt`)
  const exists = await onServer(
    async (client) => ((await client.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0,
  )
  const earlier = exists && existsSync(reportFile) ? accountsOfSeedReport(readFileSync(reportFile, 'utf8')) : null
  if (earlier) return { products, url, ...earlier }

  console.info(`Seeding ${products.toLocaleString('en-US')} products into ${name} (kept for later runs)…`)
  await onServer(async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`)
    await client.query(`create database "${name}"`)
  })
  mkdirSync(seedFolder, { recursive: true })
  await runSeed(url, products, reportFile)
  const accounts = accountsOfSeedReport(readFileSync(reportFile, 'utf8'))
  if (!accounts) fail(`the seed of ${name} printed no accounts (see ${reportFile})`)
  return { products, url, ...accounts }
}

/**
 * Follows the list's rel="next" links from `start` to page `page`. A shop with fewer pages stops
 * at its last full page, the one before the last: the last may hold a few products, and a page of
 * fewer cards renders faster, which would flatter the small shop against the large one.
 */
async function deepPage(shop: RunningShop, start: string, page: number, cookie: string) {
  let current = start
  let previous = start
  let reached = 1
  while (reached < page) {
    const html = await (await fetch(`${shop.base}${current}`, { headers: { cookie } })).text()
    const next = /<(?:a|link)\b[^>]*\brel="next"[^>]*>/.exec(html)?.[0].match(/href="([^"]+)"/)?.[1]
    if (!next) return reached > 1 ? { path: previous, reached: reached - 1 } : { path: current, reached }
    // The link may be absolute (the canonical origin): only its path and query are followed.
    const url = new URL(next.replaceAll('&amp;', '&'), shop.base)
    previous = current
    current = `${url.pathname}${url.search}`
    reached++
  }
  return { path: current, reached }
}

async function sampleIds(shop: RunningShop, cookie: string) {
  const html = await (await fetch(`${shop.base}/products`, { headers: { cookie } })).text()
  const productId = html.match(/href="\/products\/([0-9a-f-]{36})"/)?.[1]
  const categoryId = html.match(/category=([0-9a-f-]{36})/)?.[1]
  if (!productId) fail('no product link on /products')
  if (!categoryId) fail('no category link on /products')
  return { productId, categoryId }
}

/** The pages the issue lists, with the filters and searches a shop owner uses most. */
function targetsOf(ids: { productId: string; categoryId: string }, deep: { path: string; reached: number }): Target[] {
  return [
    { label: '/products (first page)', path: '/products', as: 'customer' },
    { label: `/products (page ${deep.reached})`, path: deep.path, as: 'customer' },
    { label: '/products?category=<id>', path: `/products?category=${ids.categoryId}`, as: 'customer' },
    { label: '/products/<id>', path: `/products/${ids.productId}`, as: 'customer' },
    { label: 'header suggestions ?q=mount', path: '/resources/search-suggestions?q=mount', as: 'customer' },
    { label: '/search?q=phone mount', path: '/search?q=phone%20mount', as: 'customer' },
    { label: '/order (products to order)', path: '/order', as: 'customer' },
    { label: '/order?q=mount', path: '/order?q=mount', as: 'customer' },
    { label: '/quotes (products to quote)', path: '/quotes', as: 'customer' },
    { label: '/account?tab=orders', path: '/account?tab=orders', as: 'customer' },
    { label: '/account?tab=invoices', path: '/account?tab=invoices', as: 'customer' },
    { label: '/admin (dashboard)', path: '/admin', as: 'admin' },
    { label: '/admin/products', path: '/admin/products', as: 'admin' },
    { label: '/admin/products?q=mount', path: '/admin/products?q=mount', as: 'admin' },
    { label: '/admin/products?filter=hidden', path: '/admin/products?filter=hidden', as: 'admin' },
    { label: '/admin/orders', path: '/admin/orders', as: 'admin' },
    { label: '/admin/orders?status=to-fulfil', path: '/admin/orders?status=to-fulfil', as: 'admin' },
    { label: '/admin/orders?q=customer@example.com', path: '/admin/orders?q=customer%40example.com', as: 'admin' },
    { label: '/admin/orders (last 30 days)', path: `/admin/orders?from=${daysAgo(30)}`, as: 'admin' },
    { label: '/admin/invoices', path: '/admin/invoices', as: 'admin' },
    { label: '/admin/invoices?status=unpaid', path: '/admin/invoices?status=unpaid', as: 'admin' },
    { label: '/admin/invoices?q=casey', path: '/admin/invoices?q=casey', as: 'admin' },
    { label: '/admin/quotes', path: '/admin/quotes', as: 'admin' },
    { label: '/admin/users', path: '/admin/users', as: 'admin' },
    { label: '/admin/users?q=example', path: '/admin/users?q=example', as: 'admin' },
    { label: '/admin/users?role=customer', path: '/admin/users?role=customer', as: 'admin' },
  ]
}

function daysAgo(days: number) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * Every listed page of one shop, timed by the server itself (Server-Timing), one request at a time,
 * in `RUNS_PER_PAGE` runs over all the pages.
 */
export async function measureShop(seeded: SeededShop, requests = REQUESTS_PER_PAGE) {
  console.info(`Starting the production server on the ${seeded.products.toLocaleString('en-US')}-product shop…`)
  const shop = await startShop({
    // A production server on PostgreSQL needs its own session secret; one per run will do.
    env: {
      DATABASE_URL: seeded.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      SERVER_TIMING: 'true',
    },
  })
  try {
    const cookies = { customer: await signIn(shop, seeded.customer), admin: await signIn(shop, seeded.admin) }
    const ids = await sampleIds(shop, cookies.customer)
    const deep = await deepPage(shop, '/products', DEEP_PAGE, cookies.customer)
    const targets = targetsOf(ids, deep)
    const headersOf = (target: Target) => ({ 'accept-encoding': 'br, gzip', cookie: cookies[target.as] })
    for (const target of targets) {
      await sampleServerTimes(`${shop.base}${target.path}`, headersOf(target), WARM_UP_REQUESTS)
    }
    const pageSamples = new Map<Target, ServerSamples>(targets.map((target) => [target, { durations: [], queries: 0 }]))
    const perRun = Math.ceil(requests / RUNS_PER_PAGE)
    for (let run = 0; run < RUNS_PER_PAGE; run++) {
      for (const target of targets) {
        await sampleServerTimes(`${shop.base}${target.path}`, headersOf(target), perRun, pageSamples.get(target))
      }
    }
    const times = new Map<string, ServerTimes>()
    for (const [target, sampled] of pageSamples) {
      const measured = serverTimesOf(sampled)
      // The deep page is one row of the table whatever page a shop reaches, so both sizes line up.
      times.set(target.label.startsWith('/products (page') ? '/products (deep page)' : target.label, measured)
      console.info(
        `  ${target.label}: p50 ${measured.p50.toFixed(1)} ms, p95 ${measured.p95.toFixed(1)} ms, ${measured.queries} queries`,
      )
    }
    return { times, deepReached: deep.reached }
  } finally {
    await shop.stop()
  }
}

const isFlat = (row: ScaleRow) => row.large.p50 <= Math.max(row.small.p50 * FLAT_FACTOR, row.small.p50 + FLAT_SLACK_MS)
const meetsGoal = (row: ScaleRow) => row.large.p95 <= P95_GOAL_MS && row.large.queries <= QUERIES_GOAL && isFlat(row)

/** The figures for the goals table: one per page, on the large shop against the small one. */
export function scaleFigures(rows: ScaleRow[]): Figure[] {
  return rows.map((row) => ({
    what: `at scale ${row.label}: p95 server time, SQL queries (100k products; 1k)`,
    value: `${row.large.p95.toFixed(1)} ms, ${row.large.queries} (${row.small.p95.toFixed(1)} ms, ${row.small.queries})`,
    goal: `≤ ${P95_GOAL_MS} ms, ≤ ${QUERIES_GOAL}, flat`,
    verdict: verdict(meetsGoal(row)),
  }))
}

export function scaleTable(rows: ScaleRow[]) {
  return markdownTable(
    ['Page', '1k p50', '1k p95', '1k SQL', '100k p50', '100k p95', '100k SQL', 'Verdict'],
    rows.map((row) => [
      `\`${row.label}\``,
      row.small.p50.toFixed(1),
      row.small.p95.toFixed(1),
      String(row.small.queries),
      row.large.p50.toFixed(1),
      row.large.p95.toFixed(1),
      String(row.large.queries),
      verdict(meetsGoal(row)),
    ]),
  )
}

/** Seeds (once) and measures both shops; answers one row per page. */
export async function measureAtScale() {
  const [small, large] = await Promise.all(SCALE_SIZES.map((products) => seededShop(products)))
  const smallRun = await measureShop(small)
  const largeRun = await measureShop(large)
  const rows: ScaleRow[] = []
  for (const [label, largeTimes] of largeRun.times) {
    const smallTimes = smallRun.times.get(label)
    if (smallTimes) rows.push({ label, small: smallTimes, large: largeTimes })
  }
  return { rows, deepPages: { small: smallRun.deepReached, large: largeRun.deepReached } }
}
