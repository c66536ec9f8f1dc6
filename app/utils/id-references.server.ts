import { and, eq, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { getDb } from './db.server.ts'
import type { IdReference, ReferenceLookup } from './ids.ts'

/** A table of records that each belong to one account. */
type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn }

/**
 * One of a customer's own records (an invoice, an order) by its full id or its 8-character number.
 * Someone else's record is 'not-found', like one that does not exist; a number two of their
 * records share is 'ambiguous' (the caller asks for the full id).
 * @example const found = await findOwnRecord(invoices, viewer.id, { prefix: '1a2b3c4d' })
 */
export async function findOwnRecord(
  table: OwnedTable,
  userId: string,
  reference: IdReference,
): Promise<ReferenceLookup> {
  const db = await getDb()
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.userId, userId),
        // The prefix is 8 hexadecimal characters (parseIdReference), so it holds no LIKE wildcard.
        'id' in reference ? eq(table.id, reference.id) : sql`${table.id}::text like ${`${reference.prefix}%`}`,
      ),
    )
    .limit(2)
  if (rows.length === 0) return { status: 'not-found' }
  return rows.length === 1 ? { status: 'found', id: String(rows[0].id) } : { status: 'ambiguous' }
}
