import { and, desc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm'
import { type CalendarDay, type DayRange, shiftDay } from '#app/rules/calendar.ts'
import { dateOf, dayStart, withinDays } from '#app/utils/calendar-sql.server.ts'
import { type Db, getDb } from '#app/utils/db.server.ts'
import { countUpToLimit, jsonRows, selectCounts, selectFigures } from '#app/utils/list-queries.server.ts'
import { orderLines, orders, paidOrderBuckets, productSalesBuckets, productSalesMonths } from './schema.server.ts'

/**
 * An order the shop still has to send: paid for real (a test payment is never shipped, DESIGN 9),
 * not refunded in full, and not yet shipped or cancelled.
 */
export const isToFulfil = and(
  inArray(orders.status, ['pending', 'processing']),
  inArray(orders.paymentStatus, ['paid', 'partially_refunded']),
) as SQL

/** Orders paid for real on one day of the shop's calendar. */
export type DailyOrdersDto = { day: CalendarDay; orders: number }

/** A product's sales over a period: the lines' totals before order discounts. */
export type TopProductDto = { productId: string; title: string; quantity: number; revenueCents: number }

type Period = DayRange

/** Paid for real between the starts of `from` and of the day after `to`, in the shop's time zone. */
function paidWithin({ from, to, timeZone }: Period): SQL {
  return and(
    isNotNull(orders.paidAt),
    eq(orders.testPayment, false),
    withinDays(orders.paidAt, { from, to, timeZone }),
  ) as SQL
}

/**
 * How many orders wait to be sent (counted up to the lists' limit, rules/list-counts.ts), as a
 * column: the dashboard reads it in one statement with its other counts (utils/list-queries).
 * @example await selectCounts(db, { toFulfil: ordersToFulfilCount() })
 */
export function ordersToFulfilCount(): SQL<number> {
  return countUpToLimit(orders, isToFulfil)
}

/**
 * How many orders wait to be sent (counted up to the lists' limit, rules/list-counts.ts).
 * @example await countOrdersToFulfil() // 4
 */
export async function countOrdersToFulfil(): Promise<number> {
  const db = await getDb()
  const { value } = await selectCounts(db, { value: ordersToFulfilCount() })
  return value
}

/**
 * How many orders were paid for real on each day from `from` to `to`; days without one are left out.
 * Summed from the quarter-hour rollup the orders' trigger keeps (decision 033).
 * @example await dailyPaidOrders({ from: '2026-10-27', to: '2026-11-25', timeZone: 'UTC' }) // [{ day: '2026-11-25', orders: 2 }]
 */
export async function dailyPaidOrders(period: Period): Promise<DailyOrdersDto[]> {
  const db = await getDb()
  const { days } = await selectFigures(db, { days: dailyPaidOrdersRows(period) })
  return days
}

/**
 * {@link dailyPaidOrders} as a column, for one statement of several figures (selectFigures).
 * @example await selectFigures(db, { orders: dailyPaidOrdersRows({ from, to, timeZone }) })
 */
export function dailyPaidOrdersRows(period: Period): SQL<DailyOrdersDto[]> {
  const buckets = paidOrderBuckets
  return jsonRows<DailyOrdersDto>(sql`
    select ${dateOf(buckets.bucketStart, period.timeZone)} as "day", sum(${buckets.orders}) as "orders"
    from ${buckets} where ${withinDays(buckets.bucketStart, period)}
    -- By position: the day's expression carries a parameter, which GROUP BY would not match.
    group by 1 having sum(${buckets.orders}) > 0 order by 1`)
}

/** How many of each month's best sellers are weighed as candidates for a period's top products. */
const CANDIDATES_PER_MONTH = 300

/**
 * The products that sold for the most in orders paid for real over a period (orders refunded in
 * full left out), best first, summed from the quarter-hour rollup the triggers on orders and their
 * lines keep (decision 033). Summing every product that sold in 30 days costs as much as the
 * catalogue is large, so the products are first looked for among each month's best sellers
 * (`product_sales_months`, read on its index): no product outside them sold for more than the sum
 * of the months' last candidates, and once the period's last listed product sold for more than
 * that the list is exact. Otherwise (sales spread evenly) every product's sales are summed.
 * Each product's title is its newest line's in the period: a product renamed since is listed
 * under its latest name.
 * @example await topProductsByRevenue({ from, to, timeZone: 'UTC', limit: 5 }) // [{ productId, title: 'Bike Mount', quantity: 3, revenueCents: 7500 }]
 */
export async function topProductsByRevenue({ limit, ...period }: Period & { limit: number }): Promise<TopProductDto[]> {
  const db = await getDb()
  const start = dayStart(period.from, period.timeZone)
  const end = dayStart(shiftDay(period.to, 1), period.timeZone)
  const within = sql`s.bucket_start >= ${start} and s.bucket_start < ${end}`
  const newestTitle = db
    .select({ title: orderLines.title })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(sql`${orderLines.productId} = top.product_id`, paidWithin(period), ne(orders.paymentStatus, 'refunded')))
    .orderBy(desc(orders.paidAt))
    .limit(1)
  const listed = (sales: SQL) => sql`
    select top.product_id, (${newestTitle}) as title, top.quantity, top.revenue_cents from (
      select * from (${sales}) as sales where quantity > 0
      order by revenue_cents desc, product_id limit ${limit}
    ) top order by top.revenue_cents desc, top.product_id`
  const everyProduct = sql`
    select s.product_id, sum(s.quantity) as quantity, sum(s.revenue_cents) as revenue_cents
    from ${productSalesBuckets} s where ${within} group by s.product_id`
  // One lookup per candidate on the product's index, rather than every product's sales.
  const candidates = sql`
    select c.product_id, t.quantity, t.revenue_cents from (select distinct product_id from best) c
    cross join lateral (
      select sum(s.quantity) as quantity, sum(s.revenue_cents) as revenue_cents
      from ${productSalesBuckets} s where s.product_id = c.product_id and ${within}
    ) t`
  const [first, ...rest] = await rowsOf<TopProductRow & { bound_cents: string; exhausted: boolean }>(
    db,
    sql`
    with months as (
      -- Through an array, so the planner expects a few months, not a thousand.
      select unnest(array(select generate_series(
        date_trunc('month', ${start}, 'UTC') at time zone 'UTC',
        (${end} - interval '1 microsecond') at time zone 'UTC',
        interval '1 month'
      ) at time zone 'UTC')) as month_start
    ), best as (
      select m.month_start, b.product_id, b.revenue_bound_cents
      from months m cross join lateral (
        select product_id, revenue_bound_cents from ${productSalesMonths} pm
        where pm.month_start = m.month_start order by pm.revenue_bound_cents desc limit ${CANDIDATES_PER_MONTH}
      ) b
    ), bounds as (
      select count(*) = ${CANDIDATES_PER_MONTH} as full_list,
        case when count(*) = ${CANDIDATES_PER_MONTH} then min(revenue_bound_cents) else 0 end as cents
      from best group by month_start
    ), summary as (
      select coalesce(sum(cents), 0) as bound_cents, not coalesce(bool_or(full_list), false) as exhausted from bounds
    ), top as (${listed(candidates)})
    select summary.bound_cents, summary.exhausted, top.* from summary left join top on true
    order by top.revenue_cents desc nulls last, top.product_id`,
  )
  const rows = first?.product_id ? [first, ...rest] : []
  const last = rows[limit - 1]
  const exact = first?.exhausted || (last !== undefined && Number(last.revenue_cents) > Number(last.bound_cents))
  const found = exact ? rows : await rowsOf<TopProductRow>(db, listed(everyProduct))
  return found.map((row) => ({
    productId: row.product_id,
    title: row.title,
    quantity: Number(row.quantity),
    revenueCents: Number(row.revenue_cents),
  }))
}

type TopProductRow = { product_id: string; title: string; quantity: string; revenue_cents: string }

async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] }
  return result.rows
}
