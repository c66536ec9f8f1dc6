import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { emptyAddress } from '#app/rules/address.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import {
  createDatabaseDemoSessionStore,
  createMemoryDemoSessionStore,
  type DemoSessionRecord,
  type DemoSessionStore,
} from './demo-session-store.server.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

function record(id: string, expiresAt: Date): DemoSessionRecord {
  return {
    id,
    reference: { kind: 'cart', id: 'cart-1' },
    lines: [{ name: 'Phone Mount', unitAmountCents: 1299, quantity: 2 }],
    discount: { code: 'SUMMER15', amountCents: 390 },
    shippingCents: 500,
    amountTotalCents: 2708,
    customerEmail: null,
    collectShippingAddress: true,
    shippingCountries: ['US', 'CA'],
    successUrl: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/cart',
    status: 'open',
    paymentStatus: 'unpaid',
    shippingAddress: null,
    paymentReference: null,
    createdAt: new Date('2026-11-22T10:00:00Z'),
    expiresAt,
    settledAt: null,
  }
}

// The database store must behave exactly like the in-memory one the provider's tests use.
describe.each([
  ['database', () => createDatabaseDemoSessionStore()],
  ['memory', () => createMemoryDemoSessionStore()],
])('%s demo session store', (name, create: () => DemoSessionStore) => {
  test('stores, finds and settles a session once', async () => {
    const store = create()
    const session = record(`cs_demo_${name}_1`, new Date('2026-11-22T10:32:00Z'))
    await store.insert(session)
    expect(await store.find(session.id)).toEqual(session)
    const settlement = {
      status: 'complete' as const,
      paymentStatus: 'paid' as const,
      customerEmail: 'guest@example.com',
      shippingAddress: { ...emptyAddress, street: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' },
      paymentReference: 'demo_pay_1',
      settledAt: new Date('2026-11-22T10:05:00Z'),
    }
    expect(await store.settle(session.id, settlement)).toMatchObject({ ...settlement, id: session.id })
    expect(await store.settle(session.id, { ...settlement, paymentReference: 'twice' })).toBeNull()
    expect((await store.find(session.id))?.paymentReference).toBe('demo_pay_1')
    expect(await store.find('cs_demo_unknown')).toBeNull()
  })

  test('lists open sessions whose time is up, oldest first', async () => {
    const store = create()
    await store.insert(record(`cs_demo_${name}_late`, new Date('2026-11-22T09:00:00Z')))
    await store.insert(record(`cs_demo_${name}_later`, new Date('2026-11-22T09:30:00Z')))
    await store.insert(record(`cs_demo_${name}_future`, new Date('2030-01-01T00:00:00Z')))
    const lapsed = await store.listLapsed(new Date('2026-11-22T12:00:00Z'), 10)
    expect(lapsed.map((session) => session.id).filter((id) => id.includes(name))).toEqual([
      `cs_demo_${name}_late`,
      `cs_demo_${name}_later`,
    ])
  })
})
