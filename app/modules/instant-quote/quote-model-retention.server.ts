import { and, eq, inArray, lt, not, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '#app/utils/db.server.ts'
import { orderLines } from '../orders/schema.server.ts'
import { quoteItems } from '../quotes/schema.server.ts'
import { quoteModels } from './schema.server.ts'

// Uploaded models are kept while something refers to them and deleted otherwise (decision 040).

/**
 * Every column that refers to a quote model. A model is kept while a row of any of them names it;
 * a table that starts referring to models is one more entry here. An order's print line also
 * restricts the delete in the database (decision 039), so a model printed for an order is never lost.
 */
const QUOTE_MODEL_REFERENCES: { table: PgTable; column: AnyPgColumn }[] = [
  { table: quoteItems, column: quoteItems.quoteModelId },
  { table: orderLines, column: orderLines.quoteModelId },
]

/** True for a `quote_models` row that some row of {@link QUOTE_MODEL_REFERENCES} names. */
export function quoteModelIsReferenced(): SQL {
  const references = QUOTE_MODEL_REFERENCES.map(
    ({ table, column }) => sql`exists (select 1 from ${table} where ${column} = ${quoteModels.id})`,
  )
  return or(...references) ?? sql`false`
}

/** How many models one sweep deletes at most: a file delete each, so a long backlog goes in steps. */
const SWEEP_BATCH = 100

/**
 * Deletes those of the models `ids` that nothing refers to any more (the models of a quote just
 * deleted), and answers the storage keys of the deleted rows, whose files the caller deletes after
 * the transaction. The rows are locked first, so a quote saved with one of them at the same moment
 * either commits before (and keeps it) or waits for this transaction (and finds it gone).
 * @example const keys = await deleteQuoteModelsUnlessReferenced(modelIds, tx)
 */
export async function deleteQuoteModelsUnlessReferenced(ids: string[], tx: DbOrTx): Promise<string[]> {
  if (ids.length === 0) return []
  const locked = await tx
    .select({ id: quoteModels.id })
    .from(quoteModels)
    .where(inArray(quoteModels.id, ids))
    .for('update')
  return deleteUnreferenced(
    locked.map((row) => row.id),
    tx,
  )
}

/**
 * Deletes up to a batch of models uploaded before `uploadedBefore` that nothing refers to (neither
 * saved in a quote nor printed for an order): uploads that were priced and left. Answers their
 * storage keys, whose files the caller deletes after the transaction. Rows another transaction holds
 * (a quote being saved with one) are skipped until the next sweep.
 * @example const keys = await deleteUnreferencedQuoteModels(new Date(Date.now() - 30 * 86_400_000), tx)
 */
export async function deleteUnreferencedQuoteModels(uploadedBefore: Date, tx: DbOrTx): Promise<string[]> {
  const locked = await tx
    .select({ id: quoteModels.id })
    .from(quoteModels)
    .where(and(lt(quoteModels.createdAt, uploadedBefore), not(quoteModelIsReferenced())))
    .limit(SWEEP_BATCH)
    .for('update', { skipLocked: true })
  return deleteUnreferenced(
    locked.map((row) => row.id),
    tx,
  )
}

// Asked again under the lock: a reference committed while the rows were being locked keeps its model.
async function deleteUnreferenced(ids: string[], tx: DbOrTx): Promise<string[]> {
  if (ids.length === 0) return []
  const deleted = await tx
    .delete(quoteModels)
    .where(and(inArray(quoteModels.id, ids), not(quoteModelIsReferenced())))
    .returning({ storageKey: quoteModels.storageKey })
  return deleted.map((row) => row.storageKey)
}

/**
 * The models of an account being deleted (in its transaction, before the account's row goes and
 * would take them with it): those something refers to stay, owned by nobody, for the sweep to
 * delete once nothing does; the rest are deleted, and their storage keys answered for the caller
 * to delete the files after the transaction.
 * @example const keys = await releaseQuoteModelsOfUser(user.id, tx)
 */
export async function releaseQuoteModelsOfUser(userId: string, tx: DbOrTx): Promise<string[]> {
  await tx
    .update(quoteModels)
    .set({ userId: null })
    .where(and(eq(quoteModels.userId, userId), quoteModelIsReferenced()))
  const deleted = await tx
    .delete(quoteModels)
    .where(eq(quoteModels.userId, userId))
    .returning({ storageKey: quoteModels.storageKey })
  return deleted.map((row) => row.storageKey)
}
