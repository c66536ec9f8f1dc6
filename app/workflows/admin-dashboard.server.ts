import { newCustomersCounts } from '#app/modules/accounts/index.server.ts'
import { type LowStockProduct, lowStockSummary } from '#app/modules/catalog/index.server.ts'
import { newContactMessagesCount } from '#app/modules/contact/index.server.ts'
import { dailyPaidRevenueRows, unpaidInvoiceTotalsColumn } from '#app/modules/invoices/index.server.ts'
import {
  dailyPaidOrdersRows,
  ordersToFulfilCount,
  type TopProductDto,
  topProductsByRevenue,
} from '#app/modules/orders/index.server.ts'
import { quotesAwaitingAnswerCount } from '#app/modules/quotes/index.server.ts'
import { reviewsAwaitingApprovalCount } from '#app/modules/reviews/index.server.ts'
import { type CalendarDay, calendarDay, daysBetween, shiftDay } from '#app/rules/calendar.ts'
import { getDb } from '#app/utils/db.server.ts'
import { selectFigures } from '#app/utils/list-queries.server.ts'

/** The chart's span, and the longest period a revenue figure covers. */
export const CHART_DAYS = 30
const LOW_STOCK_SHOWN = 10
const TOP_PRODUCTS_SHOWN = 5

/** Paid revenue over a period ending today, against the period of the same length just before it. */
export type RevenueFigure = {
  days: number
  from: CalendarDay
  to: CalendarDay
  cents: number
  previousCents: number
}

export type DashboardDay = { day: CalendarDay; revenueCents: number; orders: number }

export type Dashboard = {
  today: CalendarDay
  timeZone: string
  revenue: RevenueFigure[]
  /** Test payments (the demo checkout) over the chart's days: shown apart, never counted as revenue. */
  testCents: number
  chart: DashboardDay[]
  ordersToFulfil: number
  unpaidInvoices: { count: number; totalCents: number }
  quotesAwaitingAnswer: number
  /** Contact messages nobody has answered or archived yet. */
  newMessages: number
  reviewsAwaitingApproval: number
  lowStock: { products: LowStockProduct[]; total: number }
  newCustomers: { from: CalendarDay; count: number; previous: number }
  topProducts: TopProductDto[]
}

/**
 * Everything the back-office dashboard shows, read at `now` in the shop's time zone: one statement
 * for the chart's days and every count, one per list, run side by side (decision 033). Revenue is
 * read per day for twice the chart's span once, and each period's figure (today, 7 and 30 days,
 * and the periods before them) is summed from it.
 * @example const dashboard = await readDashboard({ now: new Date(), timeZone: 'Europe/Berlin' })
 */
export async function readDashboard({ now, timeZone }: { now: Date; timeZone: string }): Promise<Dashboard> {
  const today = calendarDay(now, timeZone)
  const chartFrom = shiftDay(today, -(CHART_DAYS - 1))
  const chartPeriod = { from: chartFrom, to: today, timeZone }
  const db = await getDb()
  const [figures, lowStock, topProducts] = await Promise.all([
    // The chart's days and the cards' counts, each a subquery on its own index or rollup, in one
    // round trip.
    selectFigures(db, {
      revenueDays: dailyPaidRevenueRows({ from: shiftDay(chartFrom, -CHART_DAYS), to: today, timeZone }),
      orderDays: dailyPaidOrdersRows(chartPeriod),
      ordersToFulfil: ordersToFulfilCount(),
      unpaidInvoices: unpaidInvoiceTotalsColumn(),
      quotes: quotesAwaitingAnswerCount(now),
      newMessages: newContactMessagesCount(),
      reviews: reviewsAwaitingApprovalCount(),
      customers: newCustomersCounts(chartPeriod).count,
      previousCustomers: newCustomersCounts(chartPeriod).previous,
    }),
    lowStockSummary({ limit: LOW_STOCK_SHOWN }),
    topProductsByRevenue({ ...chartPeriod, limit: TOP_PRODUCTS_SHOWN }),
  ])
  const { revenueDays, orderDays, ...counts } = figures
  const revenueOn = new Map(revenueDays.map((row) => [row.day, row.revenueCents]))
  const ordersOn = new Map(orderDays.map((row) => [row.day, row.orders]))
  const sumRevenue = (from: CalendarDay, to: CalendarDay) =>
    daysBetween(from, to).reduce((sum, day) => sum + (revenueOn.get(day) ?? 0), 0)
  const revenue = [1, 7, CHART_DAYS].map((days): RevenueFigure => {
    const from = shiftDay(today, -(days - 1))
    return {
      days,
      from,
      to: today,
      cents: sumRevenue(from, today),
      previousCents: sumRevenue(shiftDay(from, -days), shiftDay(from, -1)),
    }
  })
  return {
    today,
    timeZone,
    revenue,
    testCents: revenueDays.filter((row) => row.day >= chartFrom).reduce((sum, row) => sum + row.testCents, 0),
    chart: daysBetween(chartFrom, today).map((day) => ({
      day,
      revenueCents: revenueOn.get(day) ?? 0,
      orders: ordersOn.get(day) ?? 0,
    })),
    ordersToFulfil: counts.ordersToFulfil,
    unpaidInvoices: counts.unpaidInvoices,
    quotesAwaitingAnswer: counts.quotes,
    newMessages: counts.newMessages,
    reviewsAwaitingApproval: counts.reviews,
    lowStock,
    newCustomers: { from: chartFrom, count: counts.customers, previous: counts.previousCustomers },
    topProducts,
  }
}
