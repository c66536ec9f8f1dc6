import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orderLines, orders } from '#app/modules/orders/schema.server.ts'
import { insertModelFile, insertUser } from '#tests/factories/shop-records.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { listAdminOrders } from './list-admin-orders.server.ts'
import { listCustomerOrders } from './list-customer-orders.server.ts'

// A made-to-order line is shown with its order to the customer (account Orders tab) and the shop
// (/admin/orders): its note, and its 3D model's name and size (never its storage key).
let database: TestDatabase
const ids = { customer: '', order: '', file: '' }

beforeAll(async () => {
  database = await createTestDatabase()
  const customer = await insertUser(database.db, { email: 'casey@example.com', name: 'Casey' })
  ids.customer = customer.id
  const file = await insertModelFile(database.db, {
    userId: customer.id,
    storageKey: 'models/x.stl',
    fileName: 'hook.stl',
    size: 2048,
  })
  ids.file = file.id
  const [order] = await database.db
    .insert(orders)
    .values({ userId: customer.id, email: 'casey@example.com', totalCents: 3000 })
    .returning({ id: orders.id })
  ids.order = order.id
  await database.db.insert(orderLines).values([
    {
      orderId: order.id,
      title: 'Custom Hook',
      quantity: 2,
      unitPriceCents: 1000,
      totalPriceCents: 2000,
      note: 'Orange PETG',
      modelFileId: file.id,
    },
    { orderId: order.id, title: 'Knob Set', quantity: 1, unitPriceCents: 1000, totalPriceCents: 1000 },
  ])
})

afterAll(async () => {
  await database?.close()
})

describe('orders with made-to-order lines', () => {
  test('the customer’s list shows each line’s note and 3D model', async () => {
    const [order] = (await listCustomerOrders(ids.customer)).rows
    expect(order.items).toEqual(
      expect.arrayContaining([
        {
          title: 'Custom Hook',
          quantity: 2,
          variationName: null,
          note: 'Orange PETG',
          modelFileId: ids.file,
          modelFile: { id: ids.file, fileName: 'hook.stl', size: 2048 },
        },
        { title: 'Knob Set', quantity: 1, variationName: null, note: null, modelFileId: null, modelFile: null },
      ]),
    )
  })

  test('the back-office list shows the same per line', async () => {
    const { orders: rows } = await listAdminOrders({ status: 'all', search: '', limit: 10, offset: 0 })
    expect(rows[0].items.find((line) => line.title === 'Custom Hook')).toMatchObject({
      note: 'Orange PETG',
      modelFile: { id: ids.file, fileName: 'hook.stl', size: 2048 },
    })
    expect(JSON.stringify(rows)).not.toContain('models/x.stl')
  })
})
