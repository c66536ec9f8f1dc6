import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '#app/utils/db.server.ts'
import type { IdReference, ReferenceLookup } from '#app/utils/ids.ts'
import { invoices } from './schema.server.ts'

/**
 * One of the customer's own invoices (or quotes) by its full id or its 8-character number.
 * Someone else's invoice is 'not-found', like one that does not exist; a number two of their
 * invoices share is 'ambiguous' (the caller asks for the full id).
 * @example const found = await findInvoiceOfUser(viewer.id, { prefix: '1a2b3c4d' })
 */
export async function findInvoiceOfUser(userId: string, reference: IdReference): Promise<ReferenceLookup> {
  const db = await getDb()
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        // The prefix is 8 hexadecimal characters (parseIdReference), so it holds no LIKE wildcard.
        'id' in reference ? eq(invoices.id, reference.id) : sql`${invoices.id}::text like ${`${reference.prefix}%`}`,
      ),
    )
    .limit(2)
  if (rows.length === 0) return { status: 'not-found' }
  return rows.length === 1 ? { status: 'found', id: rows[0].id } : { status: 'ambiguous' }
}
