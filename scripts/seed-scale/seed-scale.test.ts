import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resetAuth, signIn } from '#app/modules/accounts/index.server.ts'
import {
  countProductsByStatus,
  listAdminProducts,
  listVisibleProducts,
  retrieveProduct,
} from '#app/modules/catalog/index.server.ts'
import { findOrderIdOfInvoice, invoiceIdsOfOrders, retrieveInvoice } from '#app/modules/invoices/index.server.ts'
import { invoiceStatuses } from '#app/modules/invoices/schema.server.ts'
import {
  findOrderNumber,
  getOrderDetail,
  listAllOrders,
  listOrderEvents,
  listOrdersOfUserPage,
} from '#app/modules/orders/index.server.ts'
import { orderPaymentStatuses, orderStatuses } from '#app/modules/orders/schema.server.ts'
import { listQuotesOfUser } from '#app/modules/quotes/index.server.ts'
import { quoteStatuses } from '#app/modules/quotes/schema.server.ts'
import { listApprovedReviews, productRatingSummary } from '#app/modules/reviews/index.server.ts'
import { createLocalDiskStorage } from '#app/modules/storage/index.server.ts'
import { COUNT_LIMIT } from '#app/rules/list-counts.ts'
import { demoProducts } from '#app/workflows/demo-seed/demo-content.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { scaleCounts } from './options.ts'
import { type SeedScaleResult, ShopNotEmptyError, seedScaleShop } from './seed-scale-shop.ts'

const PRODUCTS = 200
const counts = scaleCounts(PRODUCTS)
let database: TestDatabase
let storageDir: string
let url: string
let result: SeedScaleResult

beforeAll(async () => {
  const server = process.env.TEST_DATABASE_URL
  if (!server) {
    throw new Error(
      'TEST_DATABASE_URL is not set: the scale seed is tested on a real PostgreSQL server only. Run ' +
        'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --config scripts/seed-scale/vitest.config.ts',
    )
  }
  resetAuth()
  database = await createTestDatabase()
  const parsed = new URL(server)
  parsed.pathname = `/${database.name}`
  url = parsed.toString()
  storageDir = await mkdtemp(path.join(tmpdir(), 'seed-scale-'))
  result = await seedScaleShop({ database, url, storage: createLocalDiskStorage(storageDir), counts, force: false })
}, 300_000)

afterAll(async () => {
  await database?.close()
  if (storageDir) await rm(storageDir, { recursive: true, force: true })
})

/** Runs a query on the seeded database and answers its rows. */
async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows
}

async function one<Row>(query: ReturnType<typeof sql>): Promise<Row> {
  const [row] = await rows<Row>(query)
  return row
}

describe('seedScaleShop --products 200', () => {
  test('adds the counts asked for to the demo shop and reports them', async () => {
    const demoReviews = 16
    const expected = {
      products: PRODUCTS + demoProducts.length,
      users: counts.customers + 2,
      orders: counts.orders,
      reviews: counts.reviews + demoReviews,
      quotes: counts.quotes,
    }
    const found = await one<Record<keyof typeof expected, number>>(sql`
      select (select count(*) from products)::int as products, (select count(*) from users)::int as users,
        (select count(*) from orders)::int as orders, (select count(*) from reviews)::int as reviews,
        (select count(*) from quotes)::int as quotes`)
    expect(found).toEqual(expected)
    const reported = Object.fromEntries(result.totals.map(({ table, rows }) => [table, rows]))
    expect(reported).toMatchObject(expected)
    expect(result.steps.find((step) => step.label === 'orders')?.rows).toBe(counts.orders)
    expect(result.databaseBytes).toBeGreaterThan(0)
  })

  test('spreads products over statuses, categories, tiers and variations, sharing the demo images', async () => {
    const spread = await one<Record<string, number>>(sql`
      select count(*) filter (where status = 'visible')::int as visible,
        count(*) filter (where status = 'hidden')::int as hidden,
        count(*) filter (where status = 'archived')::int as archived,
        count(distinct category_id)::int as categories,
        count(*) filter (where price_type = 'tiered')::int as tiered,
        count(*) filter (where variations <> '[]'::jsonb)::int as varied,
        count(*) filter (where stock_quantity = 0)::int as sold_out,
        count(*) filter (where images = '[]'::jsonb)::int as without_images
      from products where sku like ${`S${result.tag}-%`}`)
    expect(spread.visible).toBeGreaterThan(PRODUCTS * 0.7)
    expect(spread.hidden).toBeGreaterThan(0)
    expect(spread.archived).toBeGreaterThan(0)
    expect(spread.categories).toBeGreaterThanOrEqual(10)
    expect(spread.tiered).toBeGreaterThan(PRODUCTS * 0.1)
    expect(spread.varied).toBeGreaterThan(PRODUCTS * 0.2)
    expect(spread.sold_out).toBeGreaterThan(0)
    expect(spread.without_images).toBe(0)
    const unknownImages = await one<{ n: number }>(sql`
      select count(*)::int as n from products as seeded, jsonb_array_elements_text(seeded.images) as image
      where seeded.sku like ${`S${result.tag}-%`}
        and not exists (select 1 from products as demo, jsonb_array_elements_text(demo.images) as known
                        where demo.sku like 'LW-%' and known = image)`)
    expect(unknownImages.n).toBe(0)
  })

  test('gives every order 1-4 lines and one invoice of the same total, items adding up to it', async () => {
    const broken = await one<Record<string, number>>(sql`
      select
        (select count(*) from orders o where (select count(*) from order_lines l where l.order_id = o.id) not between 1 and 4)::int as line_counts,
        (select count(*) from orders o where (select count(*) from invoices i where i.order_id = o.id) <> 1)::int as invoice_counts,
        (select count(*) from orders o join invoices i on i.order_id = o.id
          where i.total_cents <> o.total_cents or i.user_id is distinct from o.user_id)::int as invoice_totals,
        (select count(*) from orders o
          where o.subtotal_cents <> (select sum(total_price_cents) from order_lines l where l.order_id = o.id)
             or o.total_cents <> o.subtotal_cents - o.discount_cents + o.shipping_cents)::int as order_totals,
        (select count(*) from order_lines where total_price_cents <> quantity * unit_price_cents)::int as line_totals,
        (select count(*) from invoices i
          where i.total_cents <> (select coalesce(sum(quantity * unit_price_cents), 0) from invoice_items t
                                  where t.invoice_id = i.id))::int as item_totals,
        (select count(*) from orders where refunded_cents > 0 and payment_status not in ('refunded', 'partially_refunded'))::int as refunds,
        (select count(*) from orders where (payment_status = 'unpaid') <> (paid_at is null))::int as paid_dates`)
    expect(broken).toEqual({
      line_counts: 0,
      invoice_counts: 0,
      invoice_totals: 0,
      order_totals: 0,
      line_totals: 0,
      item_totals: 0,
      refunds: 0,
      paid_dates: 0,
    })
  })

  test('fills the dashboard rollups as the orders and invoices it writes add up (decision 033)', async () => {
    // The database's triggers keep them, for the seed as for the shop: each must equal its aggregate.
    const mismatched = await one<Record<string, number>>(sql`
      select
        (select count(*) from (
          select quarter_hour_of(payment_date) as b, test_payment as t, sum(total_cents - refunded_cents) as s
          from invoices where status = 'paid' and payment_date is not null group by 1, 2) a
          full join invoice_revenue_buckets r on r.bucket_start = a.b and r.test_payment = a.t
          where coalesce(a.s, 0) <> coalesce(r.net_cents, 0))::int as revenue,
        (select count(*) from (
          select quarter_hour_of(paid_at) as b, count(*) as n from orders
          where paid_at is not null and not test_payment group by 1) a
          full join paid_order_buckets r on r.bucket_start = a.b
          where coalesce(a.n, 0) <> coalesce(r.orders, 0))::int as paid_orders,
        (select count(*) from (
          select quarter_hour_of(o.paid_at) as b, l.product_id as p, sum(l.quantity) as q, sum(l.total_price_cents) as s
          from order_lines l join orders o on o.id = l.order_id
          where o.paid_at is not null and not o.test_payment and o.payment_status <> 'refunded' and l.product_id is not null
          group by 1, 2) a
          full join product_sales_buckets r on r.bucket_start = a.b and r.product_id = a.p
          where (coalesce(a.q, 0), coalesce(a.s, 0)) <> (coalesce(r.quantity, 0), coalesce(r.revenue_cents, 0)))::int as product_sales,
        (select count(*) from (
          select date_trunc('month', bucket_start, 'UTC') as m, product_id as p, sum(greatest(revenue_cents, 0)) as s
          from product_sales_buckets group by 1, 2) a
          full join product_sales_months r on r.month_start = a.m and r.product_id = a.p
          where coalesce(a.s, 0) <> coalesce(r.revenue_bound_cents, 0))::int as product_months,
        (select count(*) from (
          select status as s, count(*) as n, sum(total_cents) as c from invoices group by 1) a
          full join invoice_status_totals r on r.status = a.s
          where (coalesce(a.n, 0), coalesce(a.c, 0)) <> (coalesce(r.invoices, 0), coalesce(r.total_cents, 0)))::int as status_totals,
        (select count(*) from paid_order_buckets)::int as buckets`)
    expect(mismatched).toEqual({
      revenue: 0,
      paid_orders: 0,
      product_sales: 0,
      product_months: 0,
      status_totals: 0,
      buckets: expect.any(Number),
    })
    expect(mismatched.buckets).toBeGreaterThan(0)
  })

  test('numbers the orders as one run of the sequence, in the order they were placed', async () => {
    const numbers = await one<{
      first: number
      last: number
      distinct: number
      out_of_order: number
      next: number
    }>(sql`
      select min(number)::int as first, max(number)::int as last, count(distinct number)::int as distinct,
        (select count(*) from (select number, lag(number) over (order by created_at, number) as before from orders) s
         where number < before)::int as out_of_order,
        (select last_value from orders_number_seq)::int as next
      from orders`)
    expect(numbers.first).toBe(1001)
    expect(numbers.last - numbers.first + 1).toBe(counts.orders)
    expect(numbers.distinct).toBe(counts.orders)
    expect(numbers.out_of_order).toBe(0)
    expect(numbers.next).toBe(numbers.last)
  })

  test('spreads orders over every status and invoices over paid, unpaid and void, across two years', async () => {
    const statuses = await rows<{ status: string }>(sql`select distinct status from orders`)
    const payments = await rows<{ status: string }>(sql`select distinct payment_status as status from orders`)
    const invoices = await rows<{ status: string }>(sql`select distinct status from invoices`)
    const quotes = await rows<{ status: string }>(sql`select distinct status from quotes`)
    const sorted = (found: { status: string }[]) => found.map((row) => row.status).sort()
    expect(sorted(statuses)).toEqual([...orderStatuses].sort())
    expect(sorted(payments)).toEqual([...orderPaymentStatuses].sort())
    expect(sorted(invoices)).toEqual(invoiceStatuses.filter((status) => status !== 'quote').sort())
    expect(sorted(quotes)).toEqual([...quoteStatuses].sort())
    const span = await one<{ days: number; last_days: number }>(sql`
      select extract(day from max(created_at) - min(created_at))::int as days,
        extract(day from now() - max(created_at))::int as last_days from orders`)
    expect(span.days).toBeGreaterThan(700)
    expect(span.last_days).toBeLessThanOrEqual(2)
    const tooEarly = await one<{ n: number }>(sql`
      select count(*)::int as n from orders o join users u on u.id = o.user_id where o.created_at < u.created_at`)
    expect(tooEarly.n).toBe(0)
  })

  test("keeps each product's rating and review count those of its approved reviews", async () => {
    const mismatched = await one<{ n: number; rated: number }>(sql`
      select count(*) filter (where p.rating <> coalesce(s.rating, 0) or p.review_count <> coalesce(s.n, 0))::int as n,
        count(s.product_id)::int as rated
      from products p
      left join (select product_id, round(avg(rating)::numeric, 1) as rating, count(*)::int as n
                 from reviews where approved group by product_id) s on s.product_id = p.id`)
    expect(mismatched.n).toBe(0)
    expect(mismatched.rated).toBeGreaterThan(PRODUCTS / 4)
    const [busiest] = await rows<{ id: string }>(
      sql`select id from products where sku like ${`S${result.tag}-%`} order by review_count desc limit 1`,
    )
    const product = await retrieveProduct(busiest.id)
    const summary = await productRatingSummary(busiest.id)
    expect(summary.reviewCount).toBeGreaterThan(1)
    expect({ rating: product?.rating, reviewCount: product?.reviewCount }).toEqual(summary)
    const pending = await one<{ n: number }>(sql`select count(*)::int as n from reviews where not approved`)
    expect(pending.n).toBeGreaterThan(0)
    expect(pending.n).toBeLessThan(counts.reviews * 0.2)
  })

  test('answers the catalogue through the catalog module', async () => {
    const byStatus = await countProductsByStatus()
    expect(byStatus.all).toBe(PRODUCTS + demoProducts.length)
    expect(byStatus.visible + byStatus.hidden + byStatus.archived).toBe(byStatus.all)
    const page = await listAdminProducts({ filter: 'all', limit: 25, offset: 25 })
    expect(page.total).toBe(byStatus.all)
    expect(page.products).toHaveLength(25)
    const visible = await listVisibleProducts({ limit: 12 })
    expect(visible).toHaveLength(12)
    expect(visible.every((product) => product.status === 'visible' && product.images.length > 0)).toBe(true)
    const [tiered] = await rows<{ id: string }>(sql`
      select id from products where sku like ${`S${result.tag}-%`} and price_type = 'tiered' and variations <> '[]'::jsonb limit 1`)
    const product = await retrieveProduct(tiered.id)
    expect(product?.tieredPricing.map((tier) => tier.quantity)).toEqual([1, 10, 50])
    expect(product?.variations.length).toBeGreaterThan(1)
  })

  test("answers the known customer's orders, invoices and quotes through their modules", async () => {
    const customer = result.accounts.find((account) => account.role === 'customer')
    expect(customer).toBeDefined()
    const { id } = await one<{ id: string }>(sql`select id from users where email = ${customer?.email}`)
    const orders = (await listOrdersOfUserPage(id)).rows
    expect(orders.length).toBeGreaterThan(3)
    expect(orders.every((order) => order.items.length >= 1)).toBe(true)
    const detail = await getOrderDetail(orders[0].id)
    expect(detail?.lines.length).toBe(orders[0].items.length)
    expect((await listOrderEvents(orders[0].id))[0]).toMatchObject({ kind: 'placed', message: 'Order placed' })
    const invoiceOf = await invoiceIdsOfOrders(
      id,
      orders.map((order) => order.id),
    )
    for (const order of orders) {
      const invoice = await retrieveInvoice(invoiceOf[order.id] ?? '')
      expect(invoice?.totalCents).toBe(order.totalCents)
      const items = invoice?.items ?? []
      expect(items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0)).toBe(invoice?.totalCents)
      const orderId = await findOrderIdOfInvoice(invoice?.id ?? '')
      expect((await findOrderNumber(orderId ?? ''))?.number).toBe(order.number)
    }
    const quotes = await listQuotesOfUser(id)
    expect(quotes.every((quote) => quote.items.length >= 1)).toBe(true)
    const all = await listAllOrders({ limit: 50 })
    // The list counts up to its limit and says '1,000+' past it (rules/list-counts.ts).
    expect(all.total).toBe(Math.min(counts.orders, COUNT_LIMIT + 1))
    expect(all.orders).toHaveLength(50)
    expect((await listApprovedReviews({ limit: 20 })).length).toBe(20)
  })

  test('makes an admin and a customer who can sign in with the printed passwords', async () => {
    expect(result.accounts.map((account) => account.role).sort()).toEqual(['Admin', 'customer'])
    for (const account of result.accounts) {
      expect(await signIn({ email: account.email, password: account.password })).toMatchObject({ ok: true })
    }
  })

  test('refuses a shop that already has more than the demo products, and changes nothing', async () => {
    const before = await one<{ n: number }>(sql`select count(*)::int as n from orders`)
    await expect(
      seedScaleShop({ database, url, storage: createLocalDiskStorage(storageDir), counts, force: false }),
    ).rejects.toThrow(ShopNotEmptyError)
    expect(await one<{ n: number }>(sql`select count(*)::int as n from orders`)).toEqual(before)
  })
})
