import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { recordPaymentEvent } from './events.server.ts'
import { paymentEvents } from './schema.server.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

const completed = {
  provider: 'stripe',
  eventId: 'evt_test_same',
  type: 'checkout.session.completed',
  payload: { id: 'evt_test_same', data: { object: { id: 'cs_test_1', amount_total: 2625 } } },
}

describe('recordPaymentEvent', () => {
  test('the same event twice is new, then duplicate, and the first payload is kept', async () => {
    expect(await recordPaymentEvent(completed)).toBe('new')
    expect(await recordPaymentEvent({ ...completed, payload: { replayed: true } })).toBe('duplicate')

    const rows = await database.db
      .select({ type: paymentEvents.type, payload: paymentEvents.payload, receivedAt: paymentEvents.receivedAt })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, 'stripe'), eq(paymentEvents.eventId, 'evt_test_same')))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ type: 'checkout.session.completed', payload: completed.payload })
    expect(rows[0].receivedAt).toBeInstanceOf(Date)
  })

  test('different providers with the same event id are distinct events', async () => {
    const event = { eventId: 'evt_shared_id', type: 'checkout.completed', payload: {} }
    expect(await recordPaymentEvent({ ...event, provider: 'stripe' })).toBe('new')
    expect(await recordPaymentEvent({ ...event, provider: 'demo' })).toBe('new')
    expect(await recordPaymentEvent({ ...event, provider: 'demo' })).toBe('duplicate')
  })

  test('concurrent deliveries of one event: exactly one is new', async () => {
    const event = { provider: 'demo', eventId: 'evt_demo_race', type: 'checkout.completed', payload: {} }
    const results = await Promise.all(Array.from({ length: 8 }, () => recordPaymentEvent(event)))
    expect(results.filter((result) => result === 'new')).toHaveLength(1)
    expect(results.filter((result) => result === 'duplicate')).toHaveLength(7)
  })

  test('recorded inside a transaction that fails, the event is forgotten and its retry is new', async () => {
    const event = { provider: 'stripe', eventId: 'evt_test_rollback', type: 'checkout.session.completed', payload: {} }
    await expect(
      database.db.transaction(async (tx) => {
        expect(await recordPaymentEvent(event, tx)).toBe('new')
        throw new Error('applying the event failed')
      }),
    ).rejects.toThrow('applying the event failed')
    expect(await recordPaymentEvent(event)).toBe('new')
  })
})
