import { eq, type SQL, sql } from 'drizzle-orm'
import type { CalendarDay, DayRange } from '#app/rules/calendar.ts'
import { dateOf, withinDays } from '#app/utils/calendar-sql.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { jsonRows, selectFigures } from '#app/utils/list-queries.server.ts'
import { invoiceRevenueBuckets, invoiceStatusTotals } from './schema.server.ts'

/** What was paid on one day of the shop's calendar: real money net of refunds, and test payments apart. */
export type DailyRevenueDto = { day: CalendarDay; revenueCents: number; testCents: number }

/**
 * Paid revenue per day of the shop's calendar from `from` to `to` (both included): the totals of
 * invoices paid on that day less what was refunded of them, test payments (the demo checkout)
 * counted apart. Days without a payment are left out. Summed from the quarter-hour rollup the
 * invoices' trigger keeps (decision 033): at most 96 rows a day however many invoices were paid.
 * @example await dailyPaidRevenue({ from: '2026-10-27', to: '2026-11-25', timeZone: 'UTC' }) // [{ day: '2026-11-25', revenueCents: 4200, testCents: 0 }]
 */
export async function dailyPaidRevenue(range: DayRange): Promise<DailyRevenueDto[]> {
  const db = await getDb()
  const { days } = await selectFigures(db, { days: dailyPaidRevenueRows(range) })
  return days
}

/**
 * {@link dailyPaidRevenue} as a column, for one statement of several figures (selectFigures).
 * @example await selectFigures(db, { revenue: dailyPaidRevenueRows({ from, to, timeZone }) })
 */
export function dailyPaidRevenueRows({ from, to, timeZone }: DayRange): SQL<DailyRevenueDto[]> {
  const buckets = invoiceRevenueBuckets
  const net = (test: boolean) =>
    sql`coalesce(sum(${buckets.netCents}) filter (where ${buckets.testPayment} = ${test}), 0)`
  return jsonRows<DailyRevenueDto>(sql`
    select ${dateOf(buckets.bucketStart, timeZone)} as "day", ${net(false)} as "revenueCents", ${net(true)} as "testCents"
    from ${buckets} where ${withinDays(buckets.bucketStart, { from, to, timeZone })}
    -- By position: the day's expression carries a parameter, which GROUP BY would not match.
    group by 1
    -- A bucket whose invoices were all refunded, voided or deleted since is no payment any more.
    having bool_or(${buckets.netCents} <> 0)
    order by 1`)
}

/** How many invoices wait for payment and what they add up to. */
export type UnpaidInvoiceTotals = { count: number; totalCents: number }

/**
 * {@link unpaidInvoiceTotals} as one column, for one statement of several figures (selectFigures):
 * one row of the status totals the invoices' triggers keep (decision 033), however many invoices
 * wait. Before the first unpaid invoice there is no row: nothing waits.
 * @example await selectFigures(db, { unpaid: unpaidInvoiceTotalsColumn() })
 */
export function unpaidInvoiceTotalsColumn(): SQL<UnpaidInvoiceTotals> {
  const totals = invoiceStatusTotals
  return sql<UnpaidInvoiceTotals>`(select json_build_object('count', coalesce(max(${totals.invoices}), 0), 'totalCents', coalesce(max(${totals.totalCents}), 0))
    from ${totals} where ${eq(totals.status, 'unpaid')})`
}

/**
 * How many invoices wait for payment and what they add up to.
 * @example await unpaidInvoiceTotals() // { count: 3, totalCents: 12900 }
 */
export async function unpaidInvoiceTotals(): Promise<UnpaidInvoiceTotals> {
  const db = await getDb()
  const { unpaid } = await selectFigures(db, { unpaid: unpaidInvoiceTotalsColumn() })
  return unpaid
}
