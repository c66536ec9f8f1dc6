import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import { dailyPaidRevenue, unpaidInvoiceTotals } from '#app/modules/invoices/index.server.ts'
import { invoices } from '#app/modules/invoices/schema.server.ts'
import { dailyPaidOrders, topProductsByRevenue } from '#app/modules/orders/index.server.ts'
import { orderLines, orders } from '#app/modules/orders/schema.server.ts'
import type { DayRange } from '#app/rules/calendar.ts'
import { dateOf, withinDays } from '#app/utils/calendar-sql.server.ts'
import { insertInvoice, insertPaidOrder, insertProduct } from '#tests/factories/shop-records.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'

// The dashboard's figures are summed from rollups the database's triggers keep (decision 033).
// Here they are checked against the aggregates they replace, read straight from the orders and
// invoices, after every kind of write the shop makes: payment, refund, void, delete, a line
// changed, a product deleted, a payment time moved across midnight. Kathmandu's day starts at
// 18:15 UTC, so a quarter-hour bucket is all that separates two of its days.

let database: TestDatabase
const periods: DayRange[] = [
  { from: '2031-02-01', to: '2031-04-10', timeZone: 'Asia/Kathmandu' },
  { from: '2031-03-19', to: '2031-03-21', timeZone: 'Asia/Kathmandu' },
  { from: '2031-03-01', to: '2031-03-30', timeZone: 'America/New_York' },
  { from: '2031-03-20', to: '2031-03-20', timeZone: 'UTC' },
]

beforeAll(async () => {
  database = await createTestDatabase()
})

afterAll(async () => {
  await database?.close()
})

/** Paid revenue per day as read before the rollup: every paid invoice of the period. */
async function directRevenue({ from, to, timeZone }: DayRange) {
  const net = sql`${invoices.totalCents} - ${invoices.refundedCents}`
  const rows = await database.db
    .select({
      day: sql<string>`(${dateOf(invoices.paymentDate, timeZone)})::text`,
      revenueCents: sql<number>`coalesce(sum(${net}) filter (where not ${invoices.testPayment}), 0)`.mapWith(Number),
      testCents: sql<number>`coalesce(sum(${net}) filter (where ${invoices.testPayment}), 0)`.mapWith(Number),
    })
    .from(invoices)
    .where(and(eq(invoices.status, 'paid'), withinDays(invoices.paymentDate, { from, to, timeZone })))
    .groupBy(sql.raw('1'))
    .orderBy(sql.raw('1'))
  // A day whose payments were all given back shows as no payment, in the rollup and the chart alike.
  return rows.filter((row) => row.revenueCents !== 0 || row.testCents !== 0)
}

/** The unpaid invoices' count and amount as read before the status totals: every unpaid invoice. */
async function directUnpaid() {
  const [row] = await database.db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      totalCents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)`.mapWith(Number),
    })
    .from(invoices)
    .where(eq(invoices.status, 'unpaid'))
  return row
}

const paidWithin = (period: DayRange) =>
  and(isNotNull(orders.paidAt), eq(orders.testPayment, false), withinDays(orders.paidAt, period))

async function directOrders(period: DayRange) {
  return database.db
    .select({
      day: sql<string>`(${dateOf(orders.paidAt, period.timeZone)})::text`,
      orders: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .where(paidWithin(period))
    .groupBy(sql.raw('1'))
    .orderBy(sql.raw('1'))
}

async function directTopProducts(period: DayRange, limit: number) {
  const revenue = sql<number>`sum(${orderLines.totalPriceCents})`.mapWith(Number)
  const rows = await database.db
    .select({
      productId: orderLines.productId,
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

async function expectFiguresAsDirect() {
  expect((await directTopProducts(periods[0] as DayRange, 5)).length).toBeGreaterThan(0)
  expect(await unpaidInvoiceTotals(), 'unpaid invoices').toEqual(await directUnpaid())
  for (const period of periods) {
    expect(await dailyPaidRevenue(period), `revenue ${JSON.stringify(period)}`).toEqual(await directRevenue(period))
    expect(await dailyPaidOrders(period), `orders ${JSON.stringify(period)}`).toEqual(await directOrders(period))
    for (const limit of [1, 5, 50]) {
      expect(await topProductsByRevenue({ ...period, limit }), `top ${JSON.stringify(period)}`).toEqual(
        await directTopProducts(period, limit),
      )
    }
  }
}

describe('dashboard rollups', () => {
  test('match the direct aggregates through payments, refunds, voids, deletes and moves', async () => {
    const { db } = database
    const mount = await insertProduct(db, { title: 'Bike Mount', priceCents: 1500 })
    const clip = await insertProduct(db, { title: 'Cable Clip', priceCents: 500 })
    const gear = await insertProduct(db, { title: 'Gear', priceCents: 2500 })
    const paid = (paidAt: string, lines: [typeof mount, number][], more: object = {}) =>
      insertPaidOrder(db, {
        paidAt: new Date(paidAt),
        lines: lines.map(([product, quantity]) => ({ product, quantity, unitPriceCents: product.priceCents })),
        ...more,
      })
    // 18:10 UTC is 23:55 in Kathmandu; 18:20 UTC is 00:05 the next day.
    const lateEvening = await paid('2031-03-19T18:10:00Z', [[mount, 2]])
    const justAfterMidnight = await paid('2031-03-19T18:20:00Z', [
      [clip, 3],
      [gear, 1],
    ])
    const refundedLater = await paid('2031-03-20T04:00:00Z', [[gear, 2]])
    const deletedLater = await paid('2031-03-05T12:00:00Z', [[clip, 1]])
    await paid('2031-03-20T18:14:59Z', [[mount, 1]], { refundedCents: 500 })
    await paid('2031-03-20T18:15:00Z', [[clip, 2]], { testPayment: true })
    await paid('2031-02-28T23:59:00Z', [[gear, 4]], { status: 'shipped' })
    const movedInvoice = await insertInvoice(db, {
      status: 'paid',
      totalCents: 4000,
      paymentDate: new Date('2031-03-16T18:14:00Z'),
    })
    const voided = await insertInvoice(db, {
      status: 'paid',
      totalCents: 700,
      paymentDate: new Date('2031-03-17T01:00:00Z'),
    })
    const unpaid = await insertInvoice(db, { status: 'unpaid', totalCents: 1200 })
    const quotes = await Promise.all(
      [900, 1100, 1300].map((totalCents) => insertInvoice(db, { status: 'quote', totalCents })),
    )
    await expectFiguresAsDirect()
    expect(await unpaidInvoiceTotals()).toEqual({ count: 1, totalCents: 1200 })

    // Several invoices in one statement: quotes sent as invoices, then one total changed and an
    // update that changes neither status nor total (the status totals' trigger is per statement).
    await db
      .update(invoices)
      .set({ status: 'unpaid' })
      .where(
        inArray(
          invoices.id,
          quotes.map((quote) => quote.id),
        ),
      )
    await db
      .update(invoices)
      .set({ totalCents: 1000 })
      .where(eq(invoices.id, quotes[0]?.id ?? ''))
    await db.update(invoices).set({ email: 'billing@example.com' })
    expect(await unpaidInvoiceTotals()).toEqual({ count: 4, totalCents: 1200 + 1000 + 1100 + 1300 })
    await expectFiguresAsDirect()

    // A full refund: the order leaves the top products, its invoice's revenue goes to zero.
    await db
      .update(orders)
      .set({ paymentStatus: 'refunded', refundedCents: 5000 })
      .where(eq(orders.id, refundedLater.id))
    await db
      .update(invoices)
      .set({ refundedCents: sql`${invoices.totalCents}` })
      .where(eq(invoices.orderId, refundedLater.id))
    // A partial refund, a void, a payment, a deleted invoice and order.
    await db.update(invoices).set({ refundedCents: 300 }).where(eq(invoices.orderId, lateEvening.id))
    await db.update(invoices).set({ status: 'void' }).where(eq(invoices.id, voided.id))
    await db
      .update(invoices)
      .set({ status: 'paid', paymentDate: new Date('2031-03-20T18:15:00Z') })
      .where(eq(invoices.id, unpaid.id))
    await db.delete(invoices).where(eq(invoices.orderId, deletedLater.id))
    await db.delete(orders).where(eq(orders.id, deletedLater.id))
    // Payment times moved across midnight, a line changed, a line added, a product deleted.
    await db
      .update(invoices)
      .set({ paymentDate: new Date('2031-03-16T18:16:00Z') })
      .where(eq(invoices.id, movedInvoice.id))
    await db
      .update(orders)
      .set({ paidAt: new Date('2031-03-19T18:16:00Z') })
      .where(eq(orders.id, lateEvening.id))
    await db
      .update(orderLines)
      .set({ quantity: 5, totalPriceCents: 2500 })
      .where(and(eq(orderLines.orderId, justAfterMidnight.id), eq(orderLines.productId, clip.id)))
    await db.insert(orderLines).values({
      orderId: justAfterMidnight.id,
      productId: mount.id,
      title: 'Bike Mount (renamed)',
      quantity: 1,
      unitPriceCents: 1500,
      totalPriceCents: 1500,
    })
    await db.delete(products).where(eq(products.id, gear.id))
    // An order paid, then its payment taken back (a test order turned real, and back).
    await db.update(orders).set({ testPayment: false, paymentStatus: 'paid' }).where(eq(orders.id, lateEvening.id))
    await expectFiguresAsDirect()
  })

  test('find the top products among each month’s best sellers, or by summing every product', async () => {
    // More products than the candidates read per month: a few best sellers over many small ones
    // (the candidates settle it), then sales spread evenly (every product summed).
    await database.db.execute(sql`
      with made as (
        insert into ${products} (title, price_cents, stock_quantity)
        select 'Bulk ' || n, 100 + n, 10 from generate_series(1, 420) as n returning id, price_cents, title
      ), placed as (
        insert into ${orders} (email, status, payment_status, total_cents, paid_at, created_at)
        select 'bulk@example.com', 'processing', 'paid', price_cents, t, t
        from (select *, timestamptz '2031-03-02T10:00:00Z' + (price_cents % 37) * interval '17 hours' as t from made) m
        returning id, total_cents
      )
      insert into ${orderLines} (order_id, product_id, title, quantity, unit_price_cents, total_price_cents)
      select placed.id, made.id, made.title, 1, made.price_cents, made.price_cents
      from placed join made on made.price_cents = placed.total_cents`)
    await expectFiguresAsDirect()
    const best = await insertProduct(database.db, { title: 'Best Seller', priceCents: 90000 })
    await insertPaidOrder(database.db, {
      paidAt: new Date('2031-03-18T09:00:00Z'),
      lines: [{ product: best, quantity: 3, unitPriceCents: 90000 }],
    })
    await expectFiguresAsDirect()
  })
})
