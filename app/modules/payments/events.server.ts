import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { paymentEvents } from './schema.server.ts'

export type RecordPaymentEventInput = {
  provider: string
  eventId: string
  type: string
  payload: unknown
}

/**
 * Records a provider event once, keyed by (provider, event id). `'duplicate'` means it was seen
 * before: a retried or replayed webhook, which must change nothing. Call it inside the
 * transaction that applies the event, so that a failure rolls the record back with the effects
 * and the provider's retry is processed again.
 * @example
 * await db.transaction(async (tx) => {
 *   if ((await recordPaymentEvent({ provider: 'stripe', eventId: event.id, type: event.type, payload: event.raw }, tx)) === 'duplicate') return
 *   // mark the invoice paid …
 * })
 */
export async function recordPaymentEvent(input: RecordPaymentEventInput, tx?: DbOrTx): Promise<'new' | 'duplicate'> {
  const db = tx ?? (await getDb())
  const inserted = await db
    .insert(paymentEvents)
    .values({ provider: input.provider, eventId: input.eventId, type: input.type, payload: input.payload })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ eventId: paymentEvents.eventId })
  return inserted.length > 0 ? 'new' : 'duplicate'
}
