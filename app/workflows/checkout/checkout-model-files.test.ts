import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { modelFileToken } from '#app/modules/documents/index.server.ts'
import { checkouts, orderLines } from '#app/modules/orders/schema.server.ts'
import { type DemoPaymentProvider, setPaymentProvider } from '#app/modules/payments/index.server.ts'
import { action as checkoutAction } from '#app/routes/resources/checkout.ts'
import { emptyAddress } from '#app/rules/address.ts'
import { insertModelFile, insertProduct, insertUser, stockOf } from '#tests/factories/shop-records.ts'
import { installDemoPayments } from '#tests/setup/demo-payments.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { handlePaymentEvent } from './handle-payment-event.server.ts'
import { startCartCheckout } from './start-cart-checkout.server.ts'

// Made-to-order cart lines: a line's note and 3D model travel from the cart into the checkout's
// snapshot and from the paid checkout into the order; a file the line cannot prove is its own
// stops the checkout before anything is reserved.
const publicUrl = 'http://localhost:3000'
let database: TestDatabase
let provider: DemoPaymentProvider
const ids = { hook: '', customer: '', other: '' }
let buyers = 0
const buyer = () => {
  buyers += 1
  return { browserToken: `model-buyer-${buyers}`, clientAddress: `203.0.113.${buyers}` }
}

beforeAll(async () => {
  database = await createTestDatabase()
  ids.hook = (await insertProduct(database.db, { title: 'Custom Hook', priceCents: 1200, stockQuantity: 20 })).id
  ids.customer = (await insertUser(database.db, { email: 'ada@example.com', name: 'Ada' })).id
  ids.other = (await insertUser(database.db, { email: 'bo@example.com', name: 'Bo' })).id
})

beforeEach(() => {
  provider = installDemoPayments()
})

afterAll(async () => {
  setPaymentProvider(null)
  await database?.close()
})

async function addModelFile(userId: string | null) {
  return (await insertModelFile(database.db, { userId, fileName: 'hook.stl' })).id
}

describe('made-to-order cart lines', () => {
  test('a guest’s note and 3D model go into the checkout and, once paid, onto the order line', async () => {
    const fileId = await addModelFile(null)
    const started = await startCartCheckout({
      items: [
        {
          cartId: 'a',
          id: ids.hook,
          title: 'Custom Hook',
          quantity: 2,
          note: 'Print it in orange PETG.',
          modelFile: { id: fileId, token: modelFileToken(fileId) },
        },
      ],
      expectedTotalCents: 2 * 1200 + 500,
      viewer: null,
      publicUrl,
      ...buyer(),
    })
    if (!('url' in started)) throw new Error(started.message)
    const sessionId = started.url.replace('/demo-checkout/', '')
    const [checkout] = await database.db.select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId))
    expect(checkout.lines).toEqual([
      expect.objectContaining({
        productId: ids.hook,
        quantity: 2,
        note: 'Print it in orange PETG.',
        modelFileId: fileId,
      }),
    ])

    const delivery = await provider.completeDemoCheckout(sessionId, {
      email: 'guest@example.com',
      shippingAddress: {
        ...emptyAddress,
        street: '1 Printer Way',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        country: 'US',
      },
    })
    const result = await handlePaymentEvent('demo', await provider.parseEvent(delivery.body, delivery.signature))
    if (result.outcome !== 'completed') throw new Error(`unexpected ${result.outcome}`)
    const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, result.orderId))
    expect(lines).toEqual([
      expect.objectContaining({
        title: 'Custom Hook',
        quantity: 2,
        note: 'Print it in orange PETG.',
        modelFileId: fileId,
      }),
    ])
  })

  test('a signed-in customer’s own upload needs no token; a line without one keeps no note or file', async () => {
    const fileId = await addModelFile(ids.customer)
    const started = await startCartCheckout({
      items: [
        { cartId: 'a', id: ids.hook, title: 'Custom Hook', quantity: 1, modelFile: { id: fileId, token: '' } },
        { cartId: 'b', id: ids.hook, title: 'Custom Hook', quantity: 1 },
      ],
      expectedTotalCents: 2 * 1200 + 500,
      viewer: { id: ids.customer, email: 'ada@example.com' },
      publicUrl,
      ...buyer(),
    })
    if (!('url' in started)) throw new Error(started.message)
    const [checkout] = await database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.providerSessionId, started.url.replace('/demo-checkout/', '')))
    expect(checkout.lines.map((line) => [line.note, line.modelFileId])).toEqual([
      [null, fileId],
      [null, null],
    ])
  })

  test('a file the line cannot prove is its own stops the checkout; nothing is reserved', async () => {
    const theirs = await addModelFile(ids.other)
    const stock = await stockOf(database.db, ids.hook)
    const open = (await database.db.select().from(checkouts)).length
    for (const modelFile of [
      { id: theirs, token: 'guessed' },
      { id: theirs, token: modelFileToken(crypto.randomUUID()) },
      { id: crypto.randomUUID(), token: 'x' },
    ]) {
      const refused = await startCartCheckout({
        items: [{ cartId: 'a', id: ids.hook, title: 'Custom Hook', quantity: 1, modelFile }],
        expectedTotalCents: 1200 + 500,
        viewer: { id: ids.customer, email: 'ada@example.com' },
        publicUrl,
        ...buyer(),
      })
      expect(refused).toEqual({
        error: 'Checkout Error',
        message: 'The 3D model attached to "Custom Hook" could not be found. Remove it and attach it again.',
      })
    }
    expect(await stockOf(database.db, ids.hook)).toBe(stock)
    expect((await database.db.select().from(checkouts)).length).toBe(open)
  })

  test('the checkout endpoint refuses a bad note or file reference with a clear message', async () => {
    const post = async (line: Record<string, unknown>) => {
      const response = await checkoutAction({
        request: new Request(`${publicUrl}/resources/checkout-session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: publicUrl },
          body: JSON.stringify({
            items: [{ cartId: 'a', id: ids.hook, title: 'Custom Hook', quantity: 1, ...line }],
            expectedTotalCents: 1700,
          }),
        }),
        params: {},
        context: { clientIp: '198.51.100.77' },
      } as never)
      return { status: response.status, body: await response.json() }
    }
    const stock = await stockOf(database.db, ids.hook)
    expect(await post({ note: 'orange\u0000' })).toEqual({
      status: 400,
      body: {
        error: 'Checkout Error',
        message: 'Invalid cart: A note cannot contain control characters.',
      },
    })
    expect(await post({ note: 'x'.repeat(1001) })).toMatchObject({ status: 400 })
    expect(await post({ modelFile: { id: 'nope', token: 'x' } })).toMatchObject({ status: 400 })
    expect(await post({ modelFile: 'hook.stl' })).toMatchObject({ status: 400 })
    expect(await stockOf(database.db, ids.hook)).toBe(stock)
  })
})
