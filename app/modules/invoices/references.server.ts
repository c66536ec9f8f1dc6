import { findOwnRecord } from '#app/utils/id-references.server.ts'
import type { IdReference, ReferenceLookup } from '#app/utils/ids.ts'
import { invoices } from './schema.server.ts'

/**
 * One of the customer's own invoices (or quotes) by its full id or its 8-character number.
 * Someone else's invoice is 'not-found', like one that does not exist; a number two of their
 * invoices share is 'ambiguous' (the caller asks for the full id).
 * @example const found = await findInvoiceOfUser(viewer.id, { prefix: '1a2b3c4d' })
 */
export function findInvoiceOfUser(userId: string, reference: IdReference): Promise<ReferenceLookup> {
  return findOwnRecord(invoices, userId, reference)
}
