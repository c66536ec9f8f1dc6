import { and, count, eq, sql } from 'drizzle-orm'
import type { CalendarDay, DayRange } from '#app/rules/calendar.ts'
import { dayOf, withinDays } from '#app/utils/calendar-sql.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { invoices } from './schema.server.ts'

/** What was paid on one day of the shop's calendar: real money net of refunds, and test payments apart. */
export type DailyRevenueDto = { day: CalendarDay; revenueCents: number; testCents: number }

/**
 * Paid revenue per day of the shop's calendar from `from` to `to` (both included): the totals of
 * invoices paid on that day less what was refunded of them, test payments (the demo checkout)
 * counted apart. Only days with a payment are returned. One query on the paid-date index.
 * @example await dailyPaidRevenue({ from: '2026-10-27', to: '2026-11-25', timeZone: 'UTC' }) // [{ day: '2026-11-25', revenueCents: 4200, testCents: 0 }]
 */
export async function dailyPaidRevenue({ from, to, timeZone }: DayRange): Promise<DailyRevenueDto[]> {
  const db = await getDb()
  const net = sql`${invoices.totalCents} - ${invoices.refundedCents}`
  return (
    db
      .select({
        day: dayOf(invoices.paymentDate, timeZone),
        revenueCents: sql<number>`coalesce(sum(${net}) filter (where not ${invoices.testPayment}), 0)`.mapWith(Number),
        testCents: sql<number>`coalesce(sum(${net}) filter (where ${invoices.testPayment}), 0)`.mapWith(Number),
      })
      .from(invoices)
      .where(and(eq(invoices.status, 'paid'), withinDays(invoices.paymentDate, { from, to, timeZone })))
      // By position: the day's expression carries a parameter, which GROUP BY would not match.
      .groupBy(sql.raw('1'))
      .orderBy(sql.raw('1'))
  )
}

/**
 * How many invoices wait for payment and what they add up to.
 * @example await unpaidInvoiceTotals() // { count: 3, totalCents: 12900 }
 */
export async function unpaidInvoiceTotals(): Promise<{ count: number; totalCents: number }> {
  const db = await getDb()
  const [row] = await db
    .select({ count: count(), totalCents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)`.mapWith(Number) })
    .from(invoices)
    .where(eq(invoices.status, 'unpaid'))
  return { count: row?.count ?? 0, totalCents: row?.totalCents ?? 0 }
}
