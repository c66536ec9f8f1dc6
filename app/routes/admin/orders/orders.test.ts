import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { users } from '#app/modules/accounts/schema.server.ts'
import {
  countOrdersByStatus,
  createOrder,
  iterateOrders,
  listAllOrders,
  setOrderStatus,
} from '#app/modules/orders/index.server.ts'
import { orders } from '#app/modules/orders/schema.server.ts'
import { emptyAddress } from '#app/rules/address.ts'
import { adminRouteTest, UNKNOWN_ID } from '#tests/setup/admin-route-test.ts'
import { routeRequest } from '#tests/setup/route-calls.ts'
import { action, loader } from './orders.tsx'
import { loader as exportLoader } from './orders-export.ts'

const shop = adminRouteTest()
const { load, post } = shop.page('/admin/orders', { loader, action })
let customerId = ''
const ids = { guest: '', customer: '', older: '' }

function line(title: string, quantity: number, variation: string | null = null) {
  return {
    productId: UNKNOWN_ID,
    title,
    variation: variation ? { id: 'v1', name: variation } : null,
    quantity,
    unitPriceCents: 1000,
    totalPriceCents: quantity * 1000,
  }
}

async function placeOrder(input: {
  userId: string | null
  email: string
  lines: ReturnType<typeof line>[]
  testPayment?: boolean
}) {
  const subtotal = input.lines.reduce((sum, one) => sum + one.totalPriceCents, 0)
  // Lines name an unknown product: the product may have been deleted since.
  const lines = input.lines.map((one) => ({ ...one, productId: null as unknown as string }))
  return createOrder({
    ...input,
    payment: null,
    lines,
    shippingAddress: { ...emptyAddress, street: '1 Printer Way', city: 'Austin', state: 'TX', zip: '78701' },
    subtotalCents: subtotal,
    discountCents: 0,
    shippingCents: 500,
    totalCents: subtotal + 500,
    promoCode: null,
    paymentSessionId: null,
    testPayment: input.testPayment ?? false,
  })
}

beforeAll(async () => {
  const [customer] = await shop.db
    .insert(users)
    .values({ email: 'casey@example.com', name: '=Casey, "the" Customer' })
    .returning({ id: users.id })
  customerId = customer.id
  ids.older = (await placeOrder({ userId: customerId, email: 'casey@example.com', lines: [line('Old Clip', 1)] })).id
  await shop.db
    .update(orders)
    .set({ createdAt: new Date('2025-01-02T03:04:05Z') })
    .where(eq(orders.id, ids.older))
  ids.customer = (
    await placeOrder({
      userId: customerId,
      email: 'casey@example.com',
      lines: [line('Bike Mount', 2, 'Matte Black'), line('Knob Set', 1)],
    })
  ).id
  // Paid through the demo checkout.
  ids.guest = (
    await placeOrder({ userId: null, email: 'guest_1@example.com', lines: [line('Phone Case', 3)], testPayment: true })
  ).id
})

const snapshot = () => shop.db.select().from(orders).orderBy(orders.id)

describe('the orders module', () => {
  test('lists newest first with the lines, filters by status, searches number or e-mail', async () => {
    const all = await listAllOrders({ limit: 10 })
    expect(all.total).toBe(3)
    expect(all.orders.map((order) => order.id)).toEqual([ids.guest, ids.customer, ids.older])
    expect(all.orders[1].items).toEqual([
      {
        title: 'Bike Mount',
        quantity: 2,
        variationName: 'Matte Black',
        unitPriceCents: 1000,
        totalPriceCents: 2000,
        note: null,
        modelFileId: null,
        quoteModelId: null,
        print: null,
      },
      {
        title: 'Knob Set',
        quantity: 1,
        variationName: null,
        unitPriceCents: 1000,
        totalPriceCents: 1000,
        note: null,
        modelFileId: null,
        quoteModelId: null,
        print: null,
      },
    ])
    expect((await listAllOrders({ limit: 1, offset: 1 })).orders.map((order) => order.id)).toEqual([ids.customer])
    expect((await listAllOrders({ status: 'shipped', limit: 10 })).total).toBe(0)
    const byNumber = await listAllOrders({ search: `#${ids.guest.slice(0, 8).toUpperCase()}`, limit: 10 })
    expect(byNumber.orders.map((order) => order.id)).toEqual([ids.guest])
    // The number people use, with or without its #.
    const guestNumber = byNumber.orders[0]?.number as number
    expect(guestNumber).toBeGreaterThanOrEqual(1001)
    for (const search of [`#${guestNumber}`, String(guestNumber)]) {
      expect((await listAllOrders({ search, limit: 10 })).orders.map((order) => order.id)).toEqual([ids.guest])
    }
    expect((await listAllOrders({ search: 'CASEY@', limit: 10 })).total).toBe(2)
    // LIKE wildcards are searched for as themselves.
    expect((await listAllOrders({ search: 'guest_', limit: 10 })).total).toBe(1)
    expect((await listAllOrders({ search: '%', limit: 10 })).total).toBe(0)
    expect((await listAllOrders({ search: "'; drop table orders; --", limit: 10 })).total).toBe(0)
  })

  test('the page finds the orders of a customer by name, through the accounts (read in the list’s own statement)', async () => {
    const byName = (await load('/admin/orders?q=the%22%20customer')) as { orders: { id: string }[]; total: number }
    expect(byName.orders.map((order) => order.id).sort()).toEqual([ids.customer, ids.older].sort())
    expect(byName.total).toBe(2)
  })

  test('test payments are marked, and the list shows them alone or leaves them out', async () => {
    const test = await listAllOrders({ payment: 'test', limit: 10 })
    expect(test.orders.map((order) => [order.id, order.testPayment])).toEqual([[ids.guest, true]])
    const real = await listAllOrders({ payment: 'real', limit: 10 })
    expect(real.orders.map((order) => order.id)).toEqual([ids.customer, ids.older])
    const page = (await load('/admin/orders?payment=test')) as { orders: { id: string; testPayment: boolean }[] }
    expect(page.orders).toEqual([expect.objectContaining({ id: ids.guest, testPayment: true })])
    // An unknown value shows every order.
    expect(((await load('/admin/orders?payment=free')) as { total: number }).total).toBe(3)
  })

  test('iterates every order in batches, newest first, without repeats', async () => {
    const seen: string[] = []
    for await (const batch of iterateOrders({}, 2)) seen.push(...batch.map((order) => order.id))
    expect(seen).toEqual([ids.guest, ids.customer, ids.older])
    const guests: string[] = []
    for await (const batch of iterateOrders({ search: 'guest' }, 1)) guests.push(...batch.map((order) => order.id))
    expect(guests).toEqual([ids.guest])
  })

  test('sets any status from any other; an unknown order or status changes nothing', async () => {
    expect(await setOrderStatus(ids.older, 'delivered')).toEqual({ id: ids.older, status: 'delivered', changed: true })
    expect(await setOrderStatus(ids.older, 'delivered')).toEqual({ id: ids.older, status: 'delivered', changed: false })
    expect(await setOrderStatus(ids.older, 'pending')).toMatchObject({ status: 'pending', changed: true })
    const before = await snapshot()
    expect(await setOrderStatus(UNKNOWN_ID, 'shipped')).toBeNull()
    expect(await setOrderStatus('nope', 'shipped')).toBeNull()
    expect(await setOrderStatus(ids.older, 'lost' as never)).toBeNull()
    expect(await snapshot()).toEqual(before)
  })

  test('counts orders per status, and those to fulfil (none here: none is paid)', async () => {
    expect(await countOrdersByStatus()).toEqual({
      all: 3,
      'to-fulfil': 0,
      pending: 3,
      processing: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
    })
  })
})

describe('the /admin/orders page', () => {
  test('lists the customer’s name, or the guest’s e-mail, and the items', async () => {
    const page = await load('/admin/orders')
    expect(page).toMatchObject({ status: 'all', page: 1, pageCount: 1, total: 3, q: '', error: null })
    expect(page.orders[0]).toMatchObject({
      id: ids.guest,
      customerName: null,
      customerEmail: 'guest_1@example.com',
      isGuest: true,
    })
    expect(page.orders[1]).toMatchObject({
      customerName: '=Casey, "the" Customer',
      customerEmail: 'casey@example.com',
      isGuest: false,
      totalCents: 3500,
      items: [
        { title: 'Bike Mount', quantity: 2, variationName: 'Matte Black' },
        { title: 'Knob Set', quantity: 1, variationName: null },
      ],
    })
    expect(page.counts?.all).toBe(3)
  })

  test('a bad filter, page or search falls back to the defaults', async () => {
    for (const query of ['status=lost', 'status=SHIPPED', 'page=-1', 'page=abc', 'page=1e99', `q=${'x'.repeat(101)}`]) {
      const page = await load(`/admin/orders?${query}`)
      expect({ query, status: page.status, page: page.page, total: page.total }).toEqual({
        query,
        status: 'all',
        page: 1,
        total: 3,
      })
    }
    expect(await load('/admin/orders?page=9')).toMatchObject({ page: 9, pageCount: 1, orders: [] })
  })

  test('the status menu saves at once; the filter follows', async () => {
    expect(await post({ intent: 'set-status', orderId: ids.customer, status: 'shipped' })).toMatchObject({
      status: 200,
      ok: true,
      toast: { title: 'Order Status Updated', variant: 'success' },
    })
    const shipped = await load('/admin/orders?status=shipped')
    expect(shipped.orders.map((order) => order.id)).toEqual([ids.customer])
    expect(shipped.counts).toMatchObject({ all: 3, pending: 2, shipped: 1 })
    expect(await post({ intent: 'set-status', orderId: ids.customer, status: 'pending' })).toMatchObject({ ok: true })
  })

  const notFound = { status: 404, description: 'Order not found.' }
  const badStatus = {
    status: 400,
    description: 'Choose a status: pending, processing, shipped, delivered or cancelled.',
  }
  const unknown = { status: 400, description: 'Unknown request.' }
  test.each([
    ['an unknown order', () => ({ intent: 'set-status', orderId: UNKNOWN_ID, status: 'shipped' }), notFound],
    ['a malformed order id', () => ({ intent: 'set-status', orderId: "1' or '1'='1", status: 'shipped' }), notFound],
    ['no order id', () => ({ intent: 'set-status', status: 'shipped' }), notFound],
    ['an unknown status', () => ({ intent: 'set-status', orderId: ids.guest, status: 'lost' }), badStatus],
    ['a status in capitals', () => ({ intent: 'set-status', orderId: ids.guest, status: 'SHIPPED' }), badStatus],
    ['no status', () => ({ intent: 'set-status', orderId: ids.guest }), badStatus],
    ['an unknown intent', () => ({ intent: 'delete', orderId: ids.guest }), unknown],
    ['no intent', () => ({}), unknown],
  ])('%s is refused with a destructive toast and changes nothing', async (_name, form, expected) => {
    const before = await snapshot()
    expect(await post(form())).toMatchObject({
      status: expected.status,
      ok: false,
      toast: { title: 'Error', description: expected.description, variant: 'destructive' },
    })
    expect(await snapshot()).toEqual(before)
  })

  test('a body that is not a form is refused', async () => {
    const answer = await shop.call(action, { url: '/admin/orders', body: '{"intent":"set-status"' })
    expect(answer.status).toBe(400)
  })
})

describe('the CSV export', () => {
  async function download(path: string) {
    const request = routeRequest({ url: path, cookie: shop.admin.cookie })
    const response = (await exportLoader({ request, params: {}, context: {} } as never)) as Response
    return { response, text: await response.text() }
  }

  test('has every order of the filter, newest first, with safe fields', async () => {
    const { response, text } = await download('/admin/orders.csv')
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const lines = text.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe(
      'Order ID,Order Number,Date (UTC),Status,Payment Status,Customer,Email,Guest,Items,Subtotal,Discount,Promo Code,Shipping,Total,Shipping Address,Test Payment',
    )
    expect(lines).toHaveLength(5)
    expect(lines[1]).toMatch(new RegExp(`^${ids.guest},\\d{4,},`))
    expect(lines[1]).toContain(',,guest_1@example.com,yes,3 × Phone Case,30.00,0.00,,5.00,35.00,')
    expect(lines[1]).toMatch(/,yes$/)
    expect(lines[2]).toMatch(/,no$/)
    // A name that a spreadsheet would run as a formula is defused, commas and quotes are quoted.
    expect(lines[2]).toContain(`,"'=Casey, ""the"" Customer",casey@example.com,no,`)
    expect(lines[2]).toContain('2 × Bike Mount (Matte Black); 1 × Knob Set')
    expect(lines[2]).toContain('"1 Printer Way, Austin, TX 78701"')
    expect(lines[3]).toContain('2025-01-02T03:04:05.000Z')
    expect(lines[4]).toBe('')
  })

  test('follows the status filter and search; a bad filter exports everything', async () => {
    const guests = await download('/admin/orders.csv?q=guest')
    expect(guests.text.split('\r\n')).toHaveLength(3)
    const shipped = await download('/admin/orders.csv?status=shipped')
    expect(shipped.text.split('\r\n')).toHaveLength(2)
    expect(shipped.response.headers.get('content-disposition')).toContain('orders-shipped-')
    expect((await download('/admin/orders.csv?status=%27;drop')).text.split('\r\n')).toHaveLength(5)
    expect((await download('/admin/orders.csv?payment=test')).text.split('\r\n')).toHaveLength(3)
  })
})
