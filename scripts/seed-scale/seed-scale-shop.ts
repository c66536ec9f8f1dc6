import { randomBytes } from 'node:crypto'
import { ADMIN_ROLE, CUSTOMER_ROLE, createDemoAccounts } from '#app/modules/accounts/index.server.ts'
import { getShopSettings } from '#app/modules/settings/index.server.ts'
import type { FileStorage } from '#app/modules/storage/index.server.ts'
import type { Database } from '#app/utils/db.server.ts'
import { demoProducts } from '#app/workflows/demo-seed/demo-content.ts'
import { isDatabaseEmpty, seedDemoShop } from '#app/workflows/demo-seed/seed-demo-shop.server.ts'
import { type BulkSession, openBulkSession, type StepTime } from './bulk-session.ts'
import type { ScaleCounts } from './options.ts'
import { createPools, scaleTimeline } from './pools.ts'
import { onEverySession, type ScaleRun, writeTimes } from './scale-run.ts'
import { seedCustomers } from './steps/customers.ts'
import { type ShopActor, seedOrders } from './steps/orders.ts'
import { seedProducts } from './steps/products.ts'
import { seedQuotes } from './steps/quotes.ts'
import { seedReviews } from './steps/reviews.ts'
import { extraCategoryNames } from './words.ts'

/** Refused: the database holds more than the demo shop, and the run was not forced. */
export class ShopNotEmptyError extends Error {
  name = 'ShopNotEmptyError'
  constructor(products: number) {
    super(
      `The database already has ${products.toLocaleString('en-US')} products, more than the demo shop's ${demoProducts.length}. ` +
        'Add --force to seed it anyway (every row is added; nothing is deleted).',
    )
  }
}

/** An account the run made through the app's own sign-up path, which can sign in. */
export type KnownAccount = { role: string; email: string; password: string }

export type SeedScaleResult = {
  tag: string
  steps: StepTime[]
  /** Empty when the shop already had accounts (sign in with those). */
  accounts: KnownAccount[]
  totals: { table: string; rows: number }[]
  databaseBytes: number
  ms: number
}

export type SeedScaleInput = {
  /** The app's handle on the database, registered as the process database (module functions use it). */
  database: Database
  /** The same database's URL, for the one connection the bulk load runs on. */
  url: string
  storage: FileStorage
  counts: ScaleCounts
  force: boolean
  now?: Date
  /** Told when each step is done. */
  log?: (line: string) => void
}

/** Batches written side by side: one per core of the two-core machine the seed was measured on. */
const CONNECTIONS = 2

const REPORTED_TABLES = [
  'products',
  'product_categories',
  'users',
  'orders',
  'order_lines',
  'order_events',
  'invoices',
  'invoice_items',
  'reviews',
  'quotes',
  'quote_items',
]

/**
 * Fills a PostgreSQL shop at scale, set-based (INSERT … SELECT over generate_series) in batches:
 * migrations as start-up applies them, the demo shop's content through its own seed workflow, a
 * known admin and customer through the app's account provisioning, then products, customers,
 * orders with lines, history and invoices, reviews (products' ratings follow) and quotes, and
 * ANALYZE. Every constraint, index and foreign key stays on.
 * @example const result = await seedScaleShop({ database, url, storage, counts: scaleCounts(1000), force: false })
 */
export async function seedScaleShop(input: SeedScaleInput): Promise<SeedScaleResult> {
  const started = performance.now()
  const log = input.log ?? (() => {})
  const { db } = input.database
  const base: StepTime[] = []
  const timed = async <T>(label: string, work: () => Promise<T>, rows: (result: T) => number = () => 0) => {
    const at = performance.now()
    const result = await work()
    const step = { label, rows: rows(result), ms: performance.now() - at }
    base.push(step)
    log(describeStep(step))
    return result
  }

  await timed('migrations', () => input.database.migrate())
  const sessions = await Promise.all(Array.from({ length: CONNECTIONS }, () => openBulkSession(input.url)))
  const [session] = sessions
  try {
    const [{ products }] = await session.query<{ products: number }>('select count(*)::int as products from products')
    if (products > demoProducts.length && !input.force) throw new ShopNotEmptyError(products)
    const demoShop = await isDatabaseEmpty(db)
    if (demoShop) {
      await timed('demo shop (content, categories)', () => seedDemoShop(db, input.storage, { now: input.now }))
    }
    await getShopSettings()
    const accounts = await timed(
      'accounts (admin, customer)',
      () => createDemoAccounts(),
      (made) => made.length,
    )
    const run: ScaleRun = {
      sessions,
      tag: randomBytes(3).toString('hex'),
      timeline: scaleTimeline(input.now ?? new Date()),
      counts: input.counts,
      log,
    }
    await backdate(run, { demoShop, accountIds: accounts.map((account) => account.id) })
    await seedCatalogue(run, log)
    await step(run, log, 'users (customers)', () => seedCustomers(run, CUSTOMER_ROLE))
    await onEverySession(run, (each) =>
      createPools(each, { tag: run.tag, timeline: run.timeline, customerRole: CUSTOMER_ROLE }),
    )
    const actor = await shopActor(session)
    await step(run, log, 'orders', () => seedOrders(run, actor))
    await step(run, log, 'reviews', () => seedReviews(run))
    await step(run, log, 'quotes', () => seedQuotes(run))
    // VACUUM as well as ANALYZE: it sets the visibility map, so counts and lists read their indexes
    // alone (Index Only Scan) at once, as they will once autovacuum has passed on a live shop.
    await step(run, log, 'vacuum analyze', () => session.write('vacuum analyze', 'vacuum analyze').then(() => {}))
    return {
      tag: run.tag,
      steps: [...base, ...writeTimes(run)],
      accounts: accounts.map(({ role, email, password }) => ({ role, email, password })),
      totals: await countRows(session),
      databaseBytes: Number((await session.query('select pg_database_size(current_database()) as bytes'))[0].bytes),
      ms: performance.now() - started,
    }
  } finally {
    await Promise.all(sessions.map((each) => each.close()))
  }
}

/** Runs one step and says how long it took in all, with the rows of the table it is named after. */
async function step(run: ScaleRun, log: (line: string) => void, label: string, work: () => Promise<void>) {
  const at = performance.now()
  await work()
  const rows = writeTimes(run).find((time) => time.label === label)?.rows ?? 0
  log(describeStep({ label: `${label} (all)`, rows, ms: performance.now() - at }))
}

/** The demo shop's categories and nine more, then the products spread over them with the demo images. */
async function seedCatalogue(run: ScaleRun, log: (line: string) => void) {
  const [session] = run.sessions
  await session.query(
    `insert into product_categories (name, position)
     select name, (select coalesce(max(position), -1) from product_categories) + ordinality::int
     from unnest($1::text[]) with ordinality as extra(name, ordinality)
     on conflict (name) do nothing`,
    [extraCategoryNames],
  )
  const ids = async (table: string) =>
    (await session.query<{ id: string }>(`select id from ${table} order by position, name`)).map((row) => row.id)
  const imageSets = (
    await session.query<{ images: string[] }>(
      `select images from products where images <> '[]'::jsonb group by images order by min(created_at)`,
    )
  ).map((row) => row.images)
  const refs = {
    categoryIds: await ids('product_categories'),
    shippingCategoryIds: await ids('shipping_categories'),
    imageSets,
  }
  if (refs.shippingCategoryIds.length === 0) throw new Error('The shop has no shipping categories to use')
  await step(run, log, 'products', () => seedProducts(run, refs))
}

/**
 * What this run made through the app's own paths (the demo products, the two accounts) was there
 * when the shop opened: the history written next is about them too, and never comes before them.
 */
async function backdate(run: ScaleRun, made: { demoShop: boolean; accountIds: string[] }) {
  const [session] = run.sessions
  const { now, products, customers } = run.timeline
  if (made.demoShop) {
    await session.query(
      'update products set created_at = created_at - $1::interval, updated_at = updated_at - $1::interval',
      [`${Math.round((now.getTime() - products.from.getTime()) / 1000)} seconds`],
    )
  }
  await session.query('update users set created_at = $1, updated_at = $1 where id = any($2::uuid[])', [
    customers.from,
    made.accountIds,
  ])
}

/** The admin the back-office events name: the first admin account, or the shop itself. */
async function shopActor(session: BulkSession): Promise<ShopActor> {
  const [admin] = await session.query<{ id: string; email: string }>(
    'select id, email from users where role = $1 order by created_at limit 1',
    [ADMIN_ROLE],
  )
  return admin ? { id: admin.id, label: admin.email } : { id: null, label: 'Shop' }
}

async function countRows(session: BulkSession) {
  const rows = await session.query<{ table: string; rows: number }>(
    `${REPORTED_TABLES.map(
      (table, position) => `select '${table}' as table, count(*)::int as rows, ${position} as position from ${table}`,
    ).join(' union all ')} order by position`,
  )
  return rows.map(({ table, rows }) => ({ table, rows }))
}

/** One step as a line of the progress log. */
export function describeStep({ label, rows, ms }: StepTime): string {
  const count = rows ? `${rows.toLocaleString('en-US')} rows, ` : ''
  return `${label}: ${count}${(ms / 1000).toFixed(1)} s`
}
