import { beforeAll, describe, expect, test } from 'vitest'
import { insertInvoice, insertPaidOrder, insertProduct, insertUser } from '#tests/factories/shop-records.ts'
import { adminRouteTest } from '#tests/setup/admin-route-test.ts'
import { loader as invoicesLoader } from './invoices/invoices.tsx'
import * as invoicesExport from './invoices/invoices-export.ts'
import { action as ordersAction, loader as ordersLoader } from './orders/orders.tsx'
import * as ordersExport from './orders/orders-export.ts'
import { loader as usersLoader } from './users/users.tsx'

// The back-office lists' searches and date ranges (issue 13 §3): invoices by number, order,
// customer name or e-mail and by invoice or payment date; orders by customer name and the day
// they were placed; users by role and the day they joined; and the invoice CSV export that
// follows the same filter. Days are the shop's (SHOP_TIME_ZONE, UTC in tests).

const shop = adminRouteTest()
const ids = { casey: '', robin: '', caseyOrder: 0, caseyInvoice: '', robinInvoice: '', standalone: '' }

beforeAll(async () => {
  const { db } = shop
  const casey = await insertUser(db, {
    name: 'Casey Printwell',
    email: 'casey@example.com',
    createdAt: new Date('2031-01-20T10:00:00Z'),
  })
  const robin = await insertUser(db, { name: 'Robin Filament', email: 'robin@example.net' })
  ids.casey = casey.id
  ids.robin = robin.id
  const product = await insertProduct(db, { title: 'Spool Holder', priceCents: 2000 })
  const line = { product, quantity: 1, unitPriceCents: 2000 }
  const caseyOrder = await insertPaidOrder(db, {
    userId: casey.id,
    paidAt: new Date('2031-02-10T12:00:00Z'),
    lines: [line],
    invoice: false,
  })
  ids.caseyOrder = caseyOrder.number
  ids.caseyInvoice = (
    await insertInvoice(db, {
      userId: casey.id,
      email: 'casey@example.com',
      orderId: caseyOrder.id,
      status: 'paid',
      totalCents: 2000,
      createdAt: new Date('2031-02-10T12:00:00Z'),
      paymentDate: new Date('2031-03-02T09:00:00Z'),
      paymentReference: 'pi_casey',
    })
  ).id
  await insertPaidOrder(db, {
    userId: robin.id,
    paidAt: new Date('2031-03-15T12:00:00Z'),
    lines: [line],
    invoice: false,
  })
  ids.robinInvoice = (
    await insertInvoice(db, {
      userId: robin.id,
      email: 'robin@example.net',
      status: 'unpaid',
      totalCents: 4500,
      createdAt: new Date('2031-03-01T23:30:00Z'),
    })
  ).id
  ids.standalone = (
    await insertInvoice(db, {
      email: '=cmd@example.org',
      status: 'quote',
      totalCents: 900,
      createdAt: new Date('2031-03-20T08:00:00Z'),
    })
  ).id
})

const request = (url: string) => shop.request({ url })
const ordersPage = shop.page('/admin/orders', { loader: ordersLoader })

async function invoiceIds(query: string) {
  const data = await invoicesLoader({ request: request(`/admin/invoices${query}`), params: {}, context: {} } as never)
  return data.invoices.map((invoice) => invoice.id)
}

describe('/admin/invoices search and dates', () => {
  test('finds an invoice by its customer’s name or e-mail, its order’s number, or the start of its id', async () => {
    expect(await invoiceIds('?q=printwell')).toEqual([ids.caseyInvoice])
    expect(await invoiceIds('?q=ROBIN@EXAMPLE')).toEqual([ids.robinInvoice])
    expect(await invoiceIds(`?q=%23${ids.caseyOrder}`)).toEqual([ids.caseyInvoice])
    expect(await invoiceIds(`?q=${ids.caseyOrder}`)).toEqual([ids.caseyInvoice])
    expect(await invoiceIds(`?q=${ids.robinInvoice.slice(0, 8)}`)).toEqual([ids.robinInvoice])
    expect(await invoiceIds('?q=example.org')).toEqual([ids.standalone])
    expect(await invoiceIds('?q=nobody-at-all')).toEqual([])
    // Wildcards are searched for as themselves.
    expect(await invoiceIds('?q=%25')).toEqual([])
  })

  test('a date range reads the invoice date by default, the payment date on request, both ends included', async () => {
    expect(await invoiceIds('?from=2031-03-01&to=2031-03-31')).toEqual([ids.standalone, ids.robinInvoice])
    expect(await invoiceIds('?from=2031-03-02')).toEqual([ids.standalone])
    expect(await invoiceIds('?to=2031-02-28')).toEqual([ids.caseyInvoice])
    expect(await invoiceIds('?from=2031-03-02&to=2031-03-02&by=paid')).toEqual([ids.caseyInvoice])
    expect(await invoiceIds('?from=2031-03-01&by=paid&status=paid')).toEqual([ids.caseyInvoice])
  })

  test('a range typed backwards is turned round; a date that does not exist is no limit', async () => {
    expect(await invoiceIds('?from=2031-03-31&to=2031-03-01')).toEqual([ids.standalone, ids.robinInvoice])
    expect(await invoiceIds('?from=2031-02-30&to=not-a-day')).toHaveLength(3)
    const data = await invoicesLoader({
      request: request('/admin/invoices?from=2031-02-30&by=nonsense&q=x'.padEnd(400, 'x')),
      params: {},
      context: {},
    } as never)
    expect(data.from).toBeNull()
    expect(data.by).toBe('created')
  })

  test('the CSV export has the invoices of the same filter, with the customer and safe fields', async () => {
    const response = (await invoicesExport.loader({
      request: request('/admin/invoices.csv?from=2031-03-01'),
      params: {},
      context: {},
    } as never)) as Response
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const lines = (await response.text()).replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe(
      'Invoice ID,Invoice Number,Date (UTC),Status,Customer,Email,Order ID,Items,Total,Refunded,Due Date,Payment Date (UTC),Payment Reference,Test Payment',
    )
    expect(lines).toHaveLength(4)
    expect(lines[1]).toBe(
      `${ids.standalone},${ids.standalone.slice(0, 8)},2031-03-20T08:00:00.000Z,quote,,'=cmd@example.org,,,9.00,0.00,,,,no`,
    )
    expect(lines[2]).toContain(
      `${ids.robinInvoice},${ids.robinInvoice.slice(0, 8)},2031-03-01T23:30:00.000Z,unpaid,Robin Filament,robin@example.net,`,
    )
    expect(lines[3]).toBe('')

    const paid = (await invoicesExport.loader({
      request: request('/admin/invoices.csv?status=paid&q=casey'),
      params: {},
      context: {},
    } as never)) as Response
    const paidLines = (await paid.text()).split('\r\n')
    expect(paidLines).toHaveLength(3)
    expect(paidLines[1]).toContain(',paid,Casey Printwell,casey@example.com,')
    expect(paidLines[1]).toContain(',20.00,0.00,,2031-03-02T09:00:00.000Z,pi_casey,no')
    expect(paid.headers.get('content-disposition')).toContain('invoices-paid-')
  })
})

describe('/admin/orders search and dates', () => {
  async function orderNumbers(query: string) {
    const data = await ordersLoader({ request: request(`/admin/orders${query}`), params: {}, context: {} } as never)
    return data.orders.map((order) => order.customerName)
  }

  test('finds a customer’s orders by their name, and orders placed within a range of days', async () => {
    expect(await orderNumbers('?q=filament')).toEqual(['Robin Filament'])
    expect(await orderNumbers('?q=casey')).toEqual(['Casey Printwell'])
    expect(await orderNumbers('?from=2031-03-01')).toEqual(['Robin Filament'])
    expect(await orderNumbers('?from=2031-02-10&to=2031-02-10')).toEqual(['Casey Printwell'])
    expect(await orderNumbers('?to=2031-01-31')).toEqual([])
  })

  test('“To fulfil” lists the orders paid for real and not yet shipped', async () => {
    const data = await ordersPage.load('/admin/orders?status=to-fulfil')
    expect(data.orders).toHaveLength(2)
    expect(data.counts?.['to-fulfil']).toBe(2)
  })
})

describe('/admin/users filters', () => {
  async function emails(query: string) {
    const data = await usersLoader({ request: request(`/admin/users${query}`), params: {}, context: {} } as never)
    return data.users.map((user) => user.email).sort()
  }

  test('by role, and by the day an account was made', async () => {
    expect(await emails('?role=Admin')).toEqual(['alex@example.com'])
    expect(await emails('?role=customer')).toEqual(['casey@example.com', 'robin@example.net'])
    expect(await emails('?role=customer&joined=2031-01-01')).toEqual(['casey@example.com'])
    expect(await emails('?role=nonsense&joined=yesterday')).toEqual([
      'alex@example.com',
      'casey@example.com',
      'robin@example.net',
    ])
  })
})

describe('bulk work on orders and invoices', () => {
  const post = (url: string, form: [string, string][]) => shop.request({ url, form })

  test('the ticked invoices export as CSV, posted; all matching follows the list’s query', async () => {
    const ticked = (await invoicesExport.action?.({
      request: post('/admin/invoices.csv', [
        ['intent', 'export'],
        ['ids', ids.robinInvoice],
        ['ids', ids.standalone],
      ]),
      params: {},
      context: {},
    } as never)) as Response
    const lines = (await ticked.text()).split('\r\n')
    expect(lines).toHaveLength(4)
    expect(lines[1]).toMatch(new RegExp(`^${ids.standalone},`))
    expect(lines[2]).toMatch(new RegExp(`^${ids.robinInvoice},`))

    const all = (await invoicesExport.action?.({
      request: post('/admin/invoices.csv', [
        ['scope', 'all'],
        ['query', 'q=casey'],
      ]),
      params: {},
      context: {},
    } as never)) as Response
    expect((await all.text()).split('\r\n')).toHaveLength(3)

    await expect(
      invoicesExport.action?.({
        request: post('/admin/invoices.csv', [['ids', 'not-an-id']]),
        params: {},
        context: {},
      } as never),
    ).rejects.toMatchObject({ init: { status: 400 } })
  })

  test('the ticked orders export as CSV; a status is set on several orders at once', async () => {
    const listed = await ordersLoader({ request: request('/admin/orders'), params: {}, context: {} } as never)
    const orderIds = listed.orders.map((order) => order.id)
    expect(orderIds).toHaveLength(2)
    const exported = (await ordersExport.action?.({
      request: post(
        '/admin/orders.csv',
        orderIds.map((id) => ['ids', id] as [string, string]),
      ),
      params: {},
      context: {},
    } as never)) as Response
    expect((await exported.text()).split('\r\n')).toHaveLength(4)

    const answer = (await ordersAction({
      request: post('/admin/orders', [
        ['intent', 'bulk-status'],
        ['status', 'shipped'],
        ...orderIds.map((id) => ['ids', id] as [string, string]),
      ]),
      params: {},
      context: {},
    } as never)) as { data: { ok: boolean; toast: { title: string; description: string } } }
    expect(answer.data).toMatchObject({
      ok: true,
      toast: { title: 'Order Statuses Updated', description: '2 orders are shipped now.' },
    })
    const after = await ordersPage.load('/admin/orders?status=shipped')
    expect(after.orders).toHaveLength(2)

    const refused = (await ordersAction({
      request: post('/admin/orders', [
        ['intent', 'bulk-status'],
        ['status', 'teleported'],
        ['ids', orderIds[0] ?? ''],
      ]),
      params: {},
      context: {},
    } as never)) as { data: { ok: boolean }; init: ResponseInit | null }
    expect(refused.data.ok).toBe(false)
    expect(refused.init?.status).toBe(400)
  })
})
