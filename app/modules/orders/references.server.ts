import { findOwnRecord } from '#app/utils/id-references.server.ts'
import type { IdReference, ReferenceLookup } from '#app/utils/ids.ts'
import { orders } from './schema.server.ts'

/**
 * One of the customer's own orders by its full id or its 8-character number. Someone else's order
 * is 'not-found', like one that does not exist; a number two of their orders share is 'ambiguous'.
 * @example const found = await findOrderOfUser(viewer.id, { prefix: '1a2b3c4d' })
 */
export function findOrderOfUser(userId: string, reference: IdReference): Promise<ReferenceLookup> {
  return findOwnRecord(orders, userId, reference)
}
