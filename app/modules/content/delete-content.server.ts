import { eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { announceUnlessInTransaction } from '#app/utils/public-change.server.ts'

/**
 * Deletes a piece of content (a guide with its steps, a service with its features, a policy, an
 * update) for good and announces it, as `reason`, to the public page cache; false when the id is
 * unknown.
 * @example return deleteContent(guides, id, tx, 'guide deleted')
 */
export async function deleteContent(
  table: PgTable & { id: PgColumn },
  id: string,
  tx: DbOrTx | undefined,
  reason: string,
): Promise<boolean> {
  if (!isUuid(id)) return false
  const db = tx ?? (await getDb())
  const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id })
  if (rows.length === 0) return false
  announceUnlessInTransaction(tx, reason)
  return true
}
