import { and, count, desc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm'
import type { CalendarDay, DayRange } from '#app/rules/calendar.ts'
import { dayOf, withinDays } from '#app/utils/calendar-sql.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { countUpToLimit, selectCounts } from '#app/utils/list-queries.server.ts'
import { orderLines, orders } from './schema.server.ts'

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
 * How many orders wait to be sent (counted up to the lists' limit, rules/list-counts.ts).
 * @example await countOrdersToFulfil() // 4
 */
export async function countOrdersToFulfil(): Promise<number> {
  const db = await getDb()
  const { value } = await selectCounts(db, { value: countUpToLimit(orders, isToFulfil) })
  return value
}

/**
 * How many orders were paid for real on each day from `from` to `to`; days without one are left out.
 * @example await dailyPaidOrders({ from: '2026-10-27', to: '2026-11-25', timeZone: 'UTC' }) // [{ day: '2026-11-25', orders: 2 }]
 */
export async function dailyPaidOrders(period: Period): Promise<DailyOrdersDto[]> {
  const db = await getDb()
  return (
    db
      .select({ day: dayOf(orders.paidAt, period.timeZone), orders: count() })
      .from(orders)
      .where(paidWithin(period))
      // By position: the day's expression carries a parameter, which GROUP BY would not match.
      .groupBy(sql.raw('1'))
      .orderBy(sql.raw('1'))
  )
}

/**
 * The products that sold for the most in orders paid for real over a period (orders refunded in
 * full left out), best first.
 * @example await topProductsByRevenue({ from, to, timeZone: 'UTC', limit: 5 }) // [{ productId, title: 'Bike Mount', quantity: 3, revenueCents: 7500 }]
 */
export async function topProductsByRevenue({ limit, ...period }: Period & { limit: number }): Promise<TopProductDto[]> {
  const db = await getDb()
  const revenue = sql<number>`sum(${orderLines.totalPriceCents})`.mapWith(Number)
  const rows = await db
    .select({
      productId: orderLines.productId,
      // The newest line's title: a product renamed since is listed under its latest name.
      title: sql<string>`(array_agg(${orderLines.title} order by ${orders.paidAt} desc))[1]`,
      quantity: sql<number>`sum(${orderLines.quantity})`.mapWith(Number),
      revenueCents: revenue,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(paidWithin(period), ne(orders.paymentStatus, 'refunded'), isNotNull(orderLines.productId)))
    .groupBy(orderLines.productId)
    .orderBy(desc(revenue), orderLines.productId)
    .limit(limit)
  return rows.map((row) => ({ ...row, productId: row.productId as string }))
}
