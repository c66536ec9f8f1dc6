import { PDFParse } from 'pdf-parse'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { createInvoice } from '#app/modules/invoices/index.server.ts'
import { createOrder } from '#app/modules/orders/index.server.ts'
import { shopSettings } from '#app/modules/settings/schema.server.ts'
import { emptyAddress } from '#app/rules/address.ts'
import { ORIGIN } from '#tests/setup/route-calls.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { loader } from './invoice-pdf.ts'

// An invoice as a PDF (issue 12): the shop's legal details, the customer and the address the order
// ships to, the order's number, the items, subtotal, taxes $0.00, total and the payment; for its
// customer and for admins only, like the invoice page.

let database: TestDatabase
let casey = { id: '', cookie: '' }
let robin = { id: '', cookie: '' }
let alex = { id: '', cookie: '' }
let invoiceId = ''
let orderNumber = 0

beforeAll(async () => {
  database = await createTestDatabase()
  resetAuth()
  casey = await createTestAccount(database, 'customer')
  robin = await createTestAccount(database, 'robin@example.com', { name: 'Robin Other' })
  alex = await createTestAccount(database, 'admin')
  await database.db.update(shopSettings).set({ legalName: 'LayerWorks 3D LLC', taxId: 'US-12-3456789' })
  const order = await createOrder({
    userId: casey.id,
    email: 'casey@example.com',
    shippingAddress: {
      ...emptyAddress,
      name: 'Casey Customer',
      street: '1 Printer Way',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
    },
    lines: [],
    subtotalCents: 2500,
    discountCents: 0,
    shippingCents: 500,
    totalCents: 3000,
    promoCode: null,
    paymentSessionId: null,
    testPayment: false,
    payment: null,
  })
  orderNumber = order.number
  const invoice = await createInvoice({
    userId: casey.id,
    email: 'casey@example.com',
    orderId: order.id,
    status: 'unpaid',
    items: [
      { productId: null, description: 'Bracket × 2 (Matte Black)', quantity: 2, unitPriceCents: 1250 },
      { productId: null, description: 'Shipping', quantity: 1, unitPriceCents: 500 },
    ],
  })
  invoiceId = invoice.id
})

afterAll(async () => {
  resetAuth()
  await database?.close()
})

async function download(cookie: string | null, id = invoiceId) {
  const request = new Request(`${ORIGIN}/invoices/${id}/pdf`, { headers: cookie ? { cookie } : {} })
  try {
    return (await loader({ request, params: { invoiceId: id }, context: {} } as never)) as Response
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

async function textOf(response: Response) {
  const parser = new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) })
  try {
    return (await parser.getText()).text
  } finally {
    await parser.destroy()
  }
}

describe('/invoices/{id}/pdf', () => {
  test('the customer downloads their invoice with everything an invoice needs', async () => {
    const response = await download(casey.cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="invoice-${invoiceId.slice(0, 8)}.pdf"`)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const text = await textOf(response)
    for (const expected of [
      `Invoice ${invoiceId.slice(0, 8)}`,
      `Order: #${orderNumber}`,
      'Payment: Unpaid',
      'LayerWorks 3D LLC',
      'Tax ID: US-12-3456789',
      'Casey Customer',
      'casey@example.com',
      '1 Printer Way',
      'Austin, TX 78701',
      'United States',
      'Bracket × 2 (Matte Black)',
      '$25.00',
      'Subtotal',
      '$30.00',
      'Taxes',
      '$0.00',
    ]) {
      expect(text).toContain(expected)
    }
  })

  test('an admin downloads it too', async () => {
    expect((await download(alex.cookie)).status).toBe(200)
  })

  test('someone else, a visitor and an unknown invoice get no PDF', async () => {
    for (const [cookie, id] of [
      [robin.cookie, invoiceId],
      [casey.cookie, '00000000-0000-4000-8000-000000000000'],
      [casey.cookie, 'not-an-id'],
    ] as const) {
      const response = await download(cookie, id)
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe('/account')
      expect(response.headers.get('content-type')).not.toBe('application/pdf')
    }
    const visitor = await download(null)
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('location')).toMatch(/^\/auth\?tab=login/)
  })
})
