import { eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { modelFileToken } from '#app/modules/documents/index.server.ts'
import { invoiceItems, invoices } from '#app/modules/invoices/schema.server.ts'
import { mailOutbox } from '#app/modules/mail/schema.server.ts'
import { orderLines, orders } from '#app/modules/orders/schema.server.ts'
import { bikeMount, knobSet } from '#tests/factories/product-inputs.ts'
import {
  caseyCustomer,
  customerAddress,
  insertModelFile,
  insertProduct,
  insertUser,
  invoiceItemsOf,
  orderLinesOf,
  stockOf,
} from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { failInsertsInto, restoreInserts } from '#tests/setup/failing-inserts.ts'
import { placeOrder } from './place-order.server.ts'

// Place Order (storefront §2 Create an Order, §7 create_order_and_invoice): prices from the
// database, stock taken with a conditional update, the order and an unpaid invoice in one
// transaction. On PostgreSQL (`npm run test:pg`) the concurrent orders really run in parallel.
const database = testDatabaseForFile()
const customer = { id: '', email: caseyCustomer.email }
const other = { id: '', email: 'robin@example.com' }

beforeAll(async () => {
  customer.id = (await insertUser(database.db, caseyCustomer)).id
  other.id = (await insertUser(database.db, { email: other.email, name: 'Robin' })).id
})

beforeEach(async () => {
  // Nothing of one test is read by the next.
  await restoreInserts(database.db, invoiceItems)
})

async function addProduct(values: Parameters<typeof insertProduct>[1] & { title: string }) {
  return (await insertProduct(database.db, values)).id
}

async function counts() {
  const [orderCount] = await database.db.select({ value: sql<number>`count(*)::int` }).from(orders)
  const [invoiceCount] = await database.db.select({ value: sql<number>`count(*)::int` }).from(invoices)
  return { orders: orderCount.value, invoices: invoiceCount.value }
}

const item = (productId: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  productId,
  variationId: null,
  quantity,
  ...extra,
})

async function addModelFile(userId: string | null) {
  return (await insertModelFile(database.db, { userId })).id
}

describe('placeOrder', () => {
  test('a tiered quantity and a variation: a pending order, its lines, an unpaid invoice of the same total, stock taken', async () => {
    const knobs = await addProduct({ ...knobSet, stockQuantity: 240 })
    const mount = await addProduct({ ...bikeMount, stockQuantity: 42 })
    const fileId = await addModelFile(customer.id)
    const result = await placeOrder({
      customer,
      items: [
        item(knobs, 12, { note: 'Black knobs, please.' }),
        item(mount, 2, { variationId: 'orange', modelFile: { id: fileId, token: modelFileToken(fileId) } }),
      ],
    })
    if (!result.success) throw new Error(result.message)
    // 12 × $7.49 + 2 × ($24.99 + $2.50) = $89.88 + $54.98
    const total = 12 * 749 + 2 * 2749
    expect(result.message).toBe('Order placed successfully.')

    const [order] = await database.db.select().from(orders).where(eq(orders.id, result.order_id))
    expect(order).toMatchObject({
      userId: customer.id,
      email: customer.email,
      status: 'pending',
      paymentStatus: 'unpaid',
      totalCents: total,
      subtotalCents: total,
      shippingCents: 0,
      discountCents: 0,
      testPayment: false,
      shippingAddress: customerAddress,
    })
    const lines = await orderLinesOf(database.db, order.id)
    expect(lines).toEqual([
      expect.objectContaining({
        productId: mount,
        title: 'Bike Mount',
        variation: { id: 'orange', name: 'Safety Orange' },
        quantity: 2,
        unitPriceCents: 2749,
        totalPriceCents: 5498,
        note: null,
        modelFileId: fileId,
      }),
      expect.objectContaining({
        productId: knobs,
        title: 'Knob Set',
        variation: null,
        quantity: 12,
        unitPriceCents: 749,
        totalPriceCents: 8988,
        note: 'Black knobs, please.',
        modelFileId: null,
      }),
    ])

    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.id, result.invoice_id))
    expect(invoice).toMatchObject({
      userId: customer.id,
      orderId: order.id,
      status: 'unpaid',
      totalCents: total,
      paymentDate: null,
    })
    const items = await invoiceItemsOf(database.db, invoice.id)
    expect(
      items.map(({ description, quantity, unitPriceCents, productId }) => ({
        description,
        quantity,
        unitPriceCents,
        productId,
      })),
    ).toEqual([
      { description: 'Knob Set', quantity: 12, unitPriceCents: 749, productId: knobs },
      { description: 'Bike Mount (Safety Orange)', quantity: 2, unitPriceCents: 2749, productId: mount },
    ])

    expect(await stockOf(database.db, knobs)).toBe(228)
    expect(await stockOf(database.db, mount)).toBe(40)

    // The customer and the shop are told, after the commit.
    const mails = await database.db.select().from(mailOutbox)
    const number = `#${order.number}`
    expect(mails.find((mail) => mail.to === customer.email)?.subject).toBe(`Order ${number} placed: invoice due`)
    expect(mails.find((mail) => mail.to === 'shop@localhost')?.subject).toBe(`New order ${number}`)
  })

  test('the tier comes from the product’s quantity in the whole order, across its variations', async () => {
    const clips = await addProduct({
      title: 'Cable Clips',
      priceCents: 699,
      priceType: 'tiered',
      tieredPricing: [{ quantity: 10, priceCents: 549 }],
      variations: [
        { id: 'black', name: 'Black', priceModifierCents: 0 },
        { id: 'white', name: 'White', priceModifierCents: 0 },
      ],
    })
    const result = await placeOrder({
      customer,
      items: [item(clips, 6, { variationId: 'black' }), item(clips, 6, { variationId: 'white' })],
    })
    if (!result.success) throw new Error(result.message)
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.id, result.invoice_id))
    expect(invoice.totalCents).toBe(12 * 549)
  })

  test('an empty order, or one the shop cannot sell as sent, changes nothing', async () => {
    const mount = await addProduct({
      title: 'Desk Mount',
      variations: [{ id: 'black', name: 'Black', priceModifierCents: 0 }],
      stockQuantity: 5,
    })
    const hidden = await addProduct({ title: 'Secret Prototype', status: 'hidden' })
    const plain = await addProduct({ title: 'Plain Hook', stockQuantity: 3 })
    const before = await counts()
    const stock = { mount: await stockOf(database.db, mount), plain: await stockOf(database.db, plain) }
    const failed = (message: string | RegExp) => ({ success: false, error: 'Order Failed', message })

    expect(await placeOrder({ customer, items: [] })).toEqual({
      success: false,
      error: 'Empty Cart',
      message: 'Please add items to your cart before ordering.',
    })
    expect(await placeOrder({ customer, items: [item(mount, 1)] })).toEqual(
      failed('Please select a variation of "Desk Mount" before ordering.'),
    )
    expect(await placeOrder({ customer, items: [item(mount, 1, { variationId: 'glow' })] })).toEqual(
      failed('The option chosen for "Desk Mount" is no longer available. Remove the line and add the product again.'),
    )
    expect(await placeOrder({ customer, items: [item(plain, 1, { variationId: 'black' })] })).toMatchObject(
      failed('The option chosen for "Plain Hook" is no longer available. Remove the line and add the product again.'),
    )
    expect(await placeOrder({ customer, items: [item(hidden, 1, { title: 'Secret Prototype' })] })).toEqual(
      failed('"Secret Prototype" is no longer available. Remove it from your order to continue.'),
    )
    expect(await placeOrder({ customer, items: [item('not-a-uuid', 1, { title: 'Ghost\u0000' })] })).toEqual(
      failed('"Ghost" is no longer available. Remove it from your order to continue.'),
    )
    expect(await placeOrder({ customer, items: [item(crypto.randomUUID(), 1)] })).toEqual(
      failed('An item in your order is no longer available. Remove it from your order to continue.'),
    )
    expect(await placeOrder({ customer, items: [item(plain, 2), item(plain, 2)] })).toEqual(
      failed('Only 3 of "Plain Hook" left in stock. Lower the quantity to continue.'),
    )

    expect(await counts()).toEqual(before)
    expect({ mount: await stockOf(database.db, mount), plain: await stockOf(database.db, plain) }).toEqual(stock)
  })

  test('a model file is accepted with its upload token, or as its owner’s own; nobody else’s', async () => {
    const hook = await addProduct({ title: 'Custom Hook' })
    const theirs = await addModelFile(other.id)
    const guests = await addModelFile(null)
    const mine = await addModelFile(customer.id)
    const before = await counts()
    const attach = (modelFile: { id: string; token: string }) =>
      placeOrder({ customer, items: [item(hook, 1, { modelFile })] })
    const refusal = {
      success: false,
      error: 'Order Failed',
      message: 'The 3D model attached to "Custom Hook" could not be found. Remove it and attach it again.',
    }

    expect(await attach({ id: theirs, token: 'guessed' })).toEqual(refusal)
    expect(await attach({ id: theirs, token: modelFileToken(guests) })).toEqual(refusal)
    expect(await attach({ id: crypto.randomUUID(), token: 'x' })).toEqual(refusal)
    expect(await counts()).toEqual(before)

    expect(await attach({ id: mine, token: 'not needed for my own file' })).toMatchObject({ success: true })
    expect(await attach({ id: guests, token: modelFileToken(guests) })).toMatchObject({ success: true })
  })

  test('a failure after the order is written leaves no order, no invoice and the stock as it was', async () => {
    const gear = await addProduct({ title: 'Spur Gear', stockQuantity: 8 })
    const before = await counts()
    // The invoice's items cannot be written: the transaction fails after the stock and the order.
    await failInsertsInto(database.db, invoiceItems)
    await expect(placeOrder({ customer, items: [item(gear, 3)] })).rejects.toThrow()
    expect(await counts()).toEqual(before)
    expect(await stockOf(database.db, gear)).toBe(8)
  })
})

describe('customers racing for the last units', () => {
  test('100 orders at once for the last 10 units: exactly 10 sold, the rest told how many are left', async () => {
    const figurine = await addProduct({ title: 'Limited Figurine', stockQuantity: 10 })
    const before = await counts()
    const results = await Promise.all(
      Array.from({ length: 100 }, () => placeOrder({ customer, items: [item(figurine, 1)] })),
    )
    const placed = results.filter((result) => result.success)
    const refused = results.filter((result) => !result.success)
    expect(placed).toHaveLength(10)
    expect(refused).toHaveLength(90)
    for (const result of refused) {
      expect(result).toMatchObject({
        error: 'Order Failed',
        message: expect.stringMatching(
          /^(Sorry, "Limited Figurine" is sold out\.|Only \d of "Limited Figurine" left in stock\.)/,
        ),
      })
    }
    expect(await stockOf(database.db, figurine)).toBe(0)
    const sold = await database.db
      .select({ quantity: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .where(eq(orderLines.productId, figurine))
    expect(sold[0].quantity).toBe(10)
    expect(await counts()).toEqual({ orders: before.orders + 10, invoices: before.invoices + 10 })
  }, 120_000)
})
