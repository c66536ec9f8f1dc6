import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import { invoices } from '#app/modules/invoices/schema.server.ts'
import { orders } from '#app/modules/orders/schema.server.ts'
import { NOTE_TOO_LONG_MESSAGE } from '#app/rules/model-files.ts'
import { failInsertsInto, restoreInserts } from '#tests/setup/failing-inserts.ts'
import { signedInTest } from '#tests/setup/signed-in-test.ts'
import { action, loader } from './order.tsx'

// The /order page's loader and Place Order action (storefront §2 Create an Order, §5, §8): every
// input is checked on the server; bad input gets a clear answer, changes nothing, never a 500.
const { database, account: casey } = signedInTest('casey@example.com')
const ids = { knobs: '', mount: '', soldOut: '', hidden: '' }

beforeAll(async () => {
  const rows = await database.db
    .insert(products)
    .values([
      {
        title: 'Knob Set',
        description: 'Replacement knobs.',
        priceCents: 899,
        priceType: 'tiered',
        tieredPricing: [{ quantity: 10, priceCents: 749 }],
        stockQuantity: 240,
      },
      {
        title: 'Bike Mount',
        priceCents: 2499,
        variations: [{ id: 'orange', name: 'Safety Orange', priceModifierCents: 250 }],
        stockQuantity: 42,
      },
      { title: 'Desk Stand', priceCents: 1650, stockQuantity: 0 },
      { title: 'Handlebar Mount', priceCents: 2999, stockQuantity: 12, status: 'hidden' },
    ])
    .returning({ id: products.id })
  ;[ids.knobs, ids.mount, ids.soldOut, ids.hidden] = rows.map((row) => row.id)
})

function request(
  body?: string,
  { cookie = casey.cookie, headers = {} }: { cookie?: string | null; headers?: Record<string, string> } = {},
) {
  return new Request('http://localhost:3000/order', {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      origin: 'http://localhost:3000',
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body,
  })
}

type Answer = {
  data: {
    ok: boolean
    toast: { title: string; description?: string }
    orderId?: string
    invoiceId?: string
    loginTo?: string
  }
  init: ResponseInit | null
}

async function post(body: unknown, options: Parameters<typeof request>[1] = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  const answer = (await action({
    request: request(text, options),
    params: {},
    context: {},
  } as never)) as unknown as Answer
  return { status: answer.init?.status ?? 200, ...answer.data }
}

async function snapshot() {
  const [orderCount] = await database.db.select({ value: sql<number>`count(*)::int` }).from(orders)
  const [invoiceCount] = await database.db.select({ value: sql<number>`count(*)::int` }).from(invoices)
  const stock = await database.db.select({ id: products.id, stock: products.stockQuantity }).from(products)
  return {
    orders: orderCount.value,
    invoices: invoiceCount.value,
    stock: stock.sort((a, b) => a.id.localeCompare(b.id)),
  }
}

const QUANTITY_MESSAGE = 'Quantities must be whole numbers from 1 to 9,999.'

const line = (productId: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  productId,
  variationId: null,
  quantity,
  ...extra,
})

describe('the /order page', () => {
  test('a visitor gets the Please Log In screen; a customer the visible products in stock, by title', async () => {
    const load = (cookie: string | null) =>
      loader({ request: request(undefined, { cookie }), params: {}, context: {} } as never)
    expect(await load(null)).toEqual({
      signedIn: false,
      q: '',
      products: [],
      nextHref: null,
      previousHref: null,
      error: null,
    })
    const page = await load(casey.cookie)
    expect(page).toMatchObject({ signedIn: true, error: null })
    expect(page.products.map((product) => product.title)).toEqual(['Bike Mount', 'Knob Set'])
    expect(page.products[1]).toEqual({
      id: ids.knobs,
      title: 'Knob Set',
      description: 'Replacement knobs.',
      priceCents: 899,
      priceType: 'tiered',
      tieredPricing: [{ quantity: 10, priceCents: 749 }],
      variations: [],
      stockQuantity: 240,
    })
  })

  test('the products come a page at a time; a search keeps its titles, and its text in the links', async () => {
    const load = async (query: string) =>
      loader({
        request: new Request(`http://localhost:3000/order${query}`, { headers: { cookie: casey.cookie } }),
        params: {},
        context: {},
      } as never)
    const mounts = await load('?q=MOUNT')
    expect(mounts).toMatchObject({ q: 'MOUNT', nextHref: null, previousHref: null })
    expect(mounts.products.map((product) => product.title)).toEqual(['Bike Mount'])
    expect((await load('?q=nothing-like-it')).products).toEqual([])
    // Not text a search can be (too long): the whole list, as for any other bad value.
    expect((await load(`?q=${'m'.repeat(101)}`)).products.map((product) => product.title)).toEqual([
      'Bike Mount',
      'Knob Set',
    ])
    expect((await load('?after=not-a-cursor')).products).toHaveLength(2)

    const { db } = database
    await db.insert(products).values(
      Array.from({ length: 25 }, (_, index) => ({
        title: `Spare Clip ${String(index).padStart(2, '0')}`,
        priceCents: 100,
        stockQuantity: 5,
      })),
    )
    try {
      const first = await load('?q=clip')
      expect(first.products).toHaveLength(24)
      expect(first.products[0]?.title).toBe('Spare Clip 00')
      expect(first.previousHref).toBeNull()
      expect(first.nextHref).toMatch(/^\/order\?q=clip&after=[\w-]+$/)
      const second = await load(first.nextHref?.slice('/order'.length) ?? '')
      expect(second.products.map((product) => product.title)).toEqual(['Spare Clip 24'])
      expect(second.nextHref).toBeNull()
      expect(second.previousHref).toMatch(/^\/order\?q=clip&before=[\w-]+$/)
    } finally {
      await db.delete(products).where(sql`${products.title} like 'Spare Clip %'`)
    }
  })

  test('Place Order answers Order Placed! with the order number and the invoice to open', async () => {
    const answer = await post({
      items: [line(ids.knobs, 10, { note: '  Matte, please  ' }), line(ids.mount, 1, { variationId: 'orange' })],
    })
    expect(answer).toMatchObject({ status: 200, ok: true, toast: { title: 'Order Placed!' } })
    const [order] = await database.db.select().from(orders).where(sql`${orders.id} = ${answer.orderId}`)
    expect(answer.toast.description).toBe(`Your order #${order.number} has been placed.`)
    const [invoice] = await database.db.select().from(invoices).where(sql`${invoices.id} = ${answer.invoiceId}`)
    expect(invoice).toMatchObject({ orderId: order.id, status: 'unpaid', totalCents: 10 * 749 + 2749 })
  })

  test('a visitor is told to log in, and where', async () => {
    const before = await snapshot()
    expect(await post({ items: [line(ids.knobs, 1)] }, { cookie: null })).toEqual({
      status: 401,
      ok: false,
      intent: null,
      toast: {
        title: 'Not logged in',
        description: 'You must be logged in to place an order.',
        variant: 'destructive',
      },
      loginTo: '/auth?tab=login&redirectTo=%2Forder',
    })
    expect(await snapshot()).toEqual(before)
  })

  test('bad input gets a clear answer and changes nothing', async () => {
    const before = await snapshot()
    const cases: [unknown, number, string, string | RegExp][] = [
      [{ items: [] }, 400, 'Empty Cart', 'Please add items to your cart before ordering.'],
      ['{"items": [', 400, 'Order Failed', 'Your order could not be read. Please reload the page and try again.'],
      ['null', 400, 'Order Failed', 'Your order could not be read. Please reload the page and try again.'],
      [[], 400, 'Order Failed', 'Your order could not be read. Please reload the page and try again.'],
      [
        { items: 'everything' },
        400,
        'Order Failed',
        'Your order could not be read. Please reload the page and try again.',
      ],
      [{ items: [line(ids.knobs, -2)] }, 400, 'Order Failed', 'Quantities must be whole numbers from 1 to 9,999.'],
      [{ items: [line(ids.knobs, 0)] }, 400, 'Order Failed', 'Quantities must be whole numbers from 1 to 9,999.'],
      [{ items: [line(ids.knobs, 1.5)] }, 400, 'Order Failed', 'Quantities must be whole numbers from 1 to 9,999.'],
      [
        { items: [line(ids.knobs, '3' as never)] },
        400,
        'Order Failed',
        'Quantities must be whole numbers from 1 to 9,999.',
      ],
      [{ items: [line(ids.knobs, 1e12)] }, 400, 'Order Failed', 'Quantities must be whole numbers from 1 to 9,999.'],
      [{ items: [line(42 as never, 1)] }, 400, 'Order Failed', 'An item in your order is not a product of this shop.'],
      [
        { items: [line('x'.repeat(10_000), 1)] },
        400,
        'Order Failed',
        'An item in your order is not a product of this shop.',
      ],
      [
        { items: [line(ids.mount, 1, { variationId: 7 })] },
        400,
        'Order Failed',
        'An item in your order is not a product of this shop.',
      ],
      [
        { items: [line(ids.knobs, 1, { note: 'A\u0000B' })] },
        400,
        'Order Failed',
        'A note cannot contain control characters.',
      ],
      [
        { items: [line(ids.knobs, 1, { note: 'x'.repeat(1001) })] },
        400,
        'Order Failed',
        'A note can be at most 1,000 characters.',
      ],
      [{ items: [line(ids.knobs, 1, { note: 12 })] }, 400, 'Order Failed', 'A note can be at most 1,000 characters.'],
      [
        { items: [line(ids.knobs, 1, { note: 'x'.repeat(600_000) })] },
        400,
        'Order Failed',
        'Your order is too large to send. Please remove some lines.',
      ],
      [
        { items: [line(ids.knobs, 1, { modelFile: { id: 'nope', token: 't' } })] },
        400,
        'Order Failed',
        /could not be found/,
      ],
      [{ items: [line(ids.knobs, 1, { modelFile: 'file.stl' })] }, 400, 'Order Failed', /could not be found/],
      [
        { items: Array.from({ length: 101 }, () => line(ids.knobs, 1)) },
        400,
        'Order Failed',
        'An order can have at most 100 lines.',
      ],
      [
        { items: [line(crypto.randomUUID(), 1, { title: 'Gone Gadget' })] },
        409,
        'Order Failed',
        '"Gone Gadget" is no longer available. Remove it from your order to continue.',
      ],
      [
        { items: [line(ids.hidden, 1)] },
        409,
        'Order Failed',
        'An item in your order is no longer available. Remove it from your order to continue.',
      ],
      [
        { items: [line(ids.soldOut, 1, { title: 'Desk Stand' })] },
        409,
        'Order Failed',
        'Sorry, "Desk Stand" is sold out. Remove it from your order to continue.',
      ],
      [
        { items: [line(ids.mount, 1)] },
        409,
        'Order Failed',
        'Please select a variation of "Bike Mount" before ordering.',
      ],
      [
        { items: [line(ids.mount, 1, { variationId: 'glow' })] },
        409,
        'Order Failed',
        /^The option chosen for "Bike Mount"/,
      ],
      [
        // The order placed above took 10 of the 240.
        { items: [line(ids.knobs, 231)] },
        409,
        'Order Failed',
        'Only 230 of "Knob Set" left in stock. Lower the quantity to continue.',
      ],
      [
        { items: [line(ids.knobs, 1, { modelFile: { id: crypto.randomUUID(), token: 'guess' } })] },
        409,
        'Order Failed',
        'The 3D model attached to "Knob Set" could not be found. Remove it and attach it again.',
      ],
    ]
    for (const [body, status, title, description] of cases) {
      const answer = await post(body)
      expect({
        body: JSON.stringify(body).slice(0, 80),
        status: answer.status,
        ok: answer.ok,
        title: answer.toast.title,
      }).toEqual({
        body: JSON.stringify(body).slice(0, 80),
        status,
        ok: false,
        title,
      })
      expect(answer.toast.description).toMatch(description)
    }
    // A declared length over the limit is refused before anything is read.
    const declared = await post('{"items":[]}', { headers: { 'content-length': String(10 * 1024 * 1024) } })
    expect(declared).toMatchObject({
      status: 400,
      toast: { description: 'Your order is too large to send. Please remove some lines.' },
    })
    expect(await snapshot()).toEqual(before)
  })

  test('a refused line names its field by its place, to be shown beside that line', async () => {
    const before = await snapshot()
    const answer = await post({
      items: [line(ids.knobs, 1), line(ids.mount, 0, { variationId: 'orange', note: 'x'.repeat(1001) })],
    })
    expect(answer).toMatchObject({
      status: 400,
      ok: false,
      toast: { title: 'Order Failed', description: QUANTITY_MESSAGE },
      fieldErrors: { 'items.1.quantity': QUANTITY_MESSAGE, 'items.1.note': NOTE_TOO_LONG_MESSAGE },
    })
    expect(Object.keys((answer as { fieldErrors?: object }).fieldErrors ?? {}).sort()).toEqual([
      'items.1.note',
      'items.1.quantity',
    ])
    expect(await snapshot()).toEqual(before)
  })

  test('a failure while placing the order is Order Failed / Failed to place order., and nothing is kept', async () => {
    const before = await snapshot()
    await failInsertsInto(database.db, invoices)
    try {
      expect(await post({ items: [line(ids.knobs, 2)] })).toMatchObject({
        status: 500,
        ok: false,
        toast: { title: 'Order Failed', description: 'Failed to place order.' },
      })
    } finally {
      await restoreInserts(database.db, invoices)
    }
    expect(await snapshot()).toEqual(before)
  })
})
