import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '#app/utils/db.server.ts'
import type { IdReference, ReferenceLookup } from '#app/utils/ids.ts'
import { orders } from './schema.server.ts'

/**
 * One of the customer's own orders by its full id or its 8-character number. Someone else's order
 * is 'not-found', like one that does not exist; a number two of their orders share is 'ambiguous'.
 * @example const found = await findOrderOfUser(viewer.id, { prefix: '1a2b3c4d' })
 */
export async function findOrderOfUser(userId: string, reference: IdReference): Promise<ReferenceLookup> {
  const db = await getDb()
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        // The prefix is 8 hexadecimal characters (parseIdReference), so it holds no LIKE wildcard.
        'id' in reference ? eq(orders.id, reference.id) : sql`${orders.id}::text like ${`${reference.prefix}%`}`,
      ),
    )
    .limit(2)
  if (rows.length === 0) return { status: 'not-found' }
  return rows.length === 1 ? { status: 'found', id: rows[0].id } : { status: 'ambiguous' }
}
