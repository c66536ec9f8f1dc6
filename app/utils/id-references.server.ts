import { and, between, eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { getDb } from './db.server.ts'
import { type IdReference, type ReferenceLookup, uuidPrefixRange } from './ids.ts'

/**
 * The rows whose id starts with `prefix` (what an admin or customer typed of an id), read as a
 * range of the id's index; undefined when no id can start so.
 * @example or(ilike(orders.email, pattern), idStartingWith(orders.id, '9b1d'))
 */
export function idStartingWith(column: PgColumn, prefix: string): SQL | undefined {
  const range = uuidPrefixRange(prefix)
  return range ? between(column, range.from, range.to) : undefined
}

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
        'id' in reference ? eq(table.id, reference.id) : (idStartingWith(table.id, reference.prefix) ?? sql`false`),
      ),
    )
    .limit(2)
  if (rows.length === 0) return { status: 'not-found' }
  return rows.length === 1 ? { status: 'found', id: String(rows[0].id) } : { status: 'ambiguous' }
}
