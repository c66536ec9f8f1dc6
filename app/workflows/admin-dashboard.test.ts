import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contactMessages } from '#app/modules/contact/schema.server.ts'
import {
  insertInvoice,
  insertPaidOrder,
  insertProduct,
  insertQuote,
  insertReview,
  insertUser,
} from '#tests/factories/shop-records.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { type Dashboard, readDashboard } from './admin-dashboard.server.ts'

// The dashboard's figures against a month of history written for it, counted in a shop whose
// day is not UTC's: New York, where 03:30 UTC is still the evening before.

let database: TestDatabase
let dashboard: Dashboard
const now = new Date('2031-03-20T15:00:00Z') // 11:00 in New York
const timeZone = 'America/New_York'
const ids = { mount: '', clip: '' }

beforeAll(async () => {
  database = await createTestDatabase()
  const { db } = database
  const mount = await insertProduct(db, {
    title: 'Bike Mount',
    priceCents: 1500,
    stockQuantity: 40,
    lowStockThreshold: 3,
  })
  const clip = await insertProduct(db, { title: 'Cable Clip', priceCents: 500, stockQuantity: 2, lowStockThreshold: 3 })
  await insertProduct(db, { title: 'Old Case', status: 'archived', stockQuantity: 0, lowStockThreshold: 3 })
  ids.mount = mount.id
  ids.clip = clip.id
  const paid = (paidAt: string, product: typeof mount, quantity: number, more: object = {}) =>
    insertPaidOrder(db, {
      paidAt: new Date(paidAt),
      lines: [{ product, quantity, unitPriceCents: product.priceCents }],
      ...more,
    })
  await paid('2031-03-20T14:00:00Z', mount, 2) // today: 30.00
  await paid('2031-03-20T03:30:00Z', clip, 1) // 23:30 on the 19th in New York: 5.00
  await paid('2031-03-15T12:00:00Z', mount, 1, { refundedCents: 500 }) // 15.00, 5.00 given back
  await paid('2031-03-18T12:00:00Z', clip, 1, { refundedCents: 500 }) // refunded in full
  await paid('2031-03-05T12:00:00Z', clip, 4) // 20.00, in the 30 days, not the 7
  await paid('2031-02-10T12:00:00Z', mount, 1, { status: 'shipped' }) // the 30 days before
  await paid('2031-03-20T13:00:00Z', mount, 66, { testPayment: true }) // the demo checkout: 990.00
  await insertInvoice(db, { status: 'paid', totalCents: 4000, paymentDate: new Date('2031-03-16T12:00:00Z') })
  await insertInvoice(db, { status: 'unpaid', totalCents: 1200 })
  await insertInvoice(db, { status: 'unpaid', totalCents: 800 })
  await insertInvoice(db, { status: 'quote', totalCents: 9900 })

  const customer = await insertUser(db, { createdAt: new Date('2031-03-01T12:00:00Z') })
  await insertUser(db, { createdAt: new Date('2031-03-19T12:00:00Z') })
  await insertUser(db, { createdAt: new Date('2031-02-01T12:00:00Z') })
  await insertUser(db, { createdAt: new Date('2031-03-10T12:00:00Z'), role: 'Admin' })
  const day = 24 * 60 * 60 * 1000
  await insertQuote(db, { userId: customer.id, status: 'requested', expiresAt: new Date(now.getTime() + 5 * day) })
  await insertQuote(db, { userId: customer.id, status: 'requested', expiresAt: new Date(now.getTime() - day) })
  await insertQuote(db, { userId: customer.id, status: 'draft', expiresAt: new Date(now.getTime() + 5 * day) })
  const contact = { name: 'Pat', email: 'pat@example.com', subject: 'Gear', message: 'A gear, please.' }
  await db
    .insert(contactMessages)
    .values([
      contact,
      { ...contact, urgency: 'rush' },
      { ...contact, status: 'answered' },
      { ...contact, status: 'archived' },
    ])
  await insertReview(db, { productId: mount.id })
  await insertReview(db, { productId: clip.id })
  await insertReview(db, { productId: clip.id, approved: true })

  dashboard = await readDashboard({ now, timeZone })
})

afterAll(async () => {
  await database?.close()
})

describe('readDashboard', () => {
  test('counts days in the shop’s time zone', () => {
    expect(dashboard.today).toBe('2031-03-20')
    expect(dashboard.timeZone).toBe(timeZone)
  })

  test('revenue today, over 7 and 30 days, against the period before, net of refunds and without test payments', () => {
    expect(dashboard.revenue).toEqual([
      { days: 1, from: '2031-03-20', to: '2031-03-20', cents: 3000, previousCents: 500 },
      { days: 7, from: '2031-03-14', to: '2031-03-20', cents: 3000 + 500 + 1000 + 4000, previousCents: 0 },
      { days: 30, from: '2031-02-19', to: '2031-03-20', cents: 8500 + 2000, previousCents: 1500 },
    ])
    expect(dashboard.testCents).toBe(66 * 1500)
  })

  test('the chart has one point per day of the last 30, with that day’s revenue and orders paid for real', () => {
    expect(dashboard.chart).toHaveLength(30)
    expect(dashboard.chart[0]?.day).toBe('2031-02-19')
    expect(dashboard.chart.at(-1)?.day).toBe('2031-03-20')
    const on = (day: string) => dashboard.chart.find((point) => point.day === day)
    expect(on('2031-03-20')).toEqual({ day: '2031-03-20', revenueCents: 3000, orders: 1 })
    expect(on('2031-03-19')).toEqual({ day: '2031-03-19', revenueCents: 500, orders: 1 })
    expect(on('2031-03-18')).toEqual({ day: '2031-03-18', revenueCents: 0, orders: 1 })
    expect(on('2031-03-16')).toEqual({ day: '2031-03-16', revenueCents: 4000, orders: 0 })
    expect(on('2031-03-05')).toEqual({ day: '2031-03-05', revenueCents: 2000, orders: 1 })
    expect(dashboard.chart.reduce((sum, point) => sum + point.revenueCents, 0)).toBe(10500)
  })

  test('the work waiting: orders to fulfil, unpaid invoices, quotes and messages to answer, reviews to approve, low stock', () => {
    // Paid and not shipped: today's, yesterday's, the partly refunded and the 5th's; not the
    // shipped one, the test payment or the order refunded in full.
    expect(dashboard.ordersToFulfil).toBe(4)
    expect(dashboard.unpaidInvoices).toEqual({ count: 2, totalCents: 2000 })
    expect(dashboard.quotesAwaitingAnswer).toBe(1)
    // Contact messages nobody answered or archived yet.
    expect(dashboard.newMessages).toBe(2)
    expect(dashboard.reviewsAwaitingApproval).toBe(2)
    expect(dashboard.lowStock.total).toBe(1)
    expect(dashboard.lowStock.products.map((product) => product.title)).toEqual(['Cable Clip'])
  })

  test('new customers over 30 days against the 30 before; admins are not customers', () => {
    expect(dashboard.newCustomers).toEqual({ from: '2031-02-19', count: 2, previous: 1 })
  })

  test('top products by revenue over 30 days, leaving out test payments and orders refunded in full', () => {
    expect(dashboard.topProducts).toEqual([
      { productId: ids.mount, title: 'Bike Mount', quantity: 3, revenueCents: 4500 },
      { productId: ids.clip, title: 'Cable Clip', quantity: 5, revenueCents: 2500 },
    ])
  })
})
