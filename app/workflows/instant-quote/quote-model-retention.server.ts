import {
  deleteQuoteModelsUnlessReferenced,
  deleteUnreferencedQuoteModels,
} from '#app/modules/instant-quote/index.server.ts'
import { deleteQuoteOfUser } from '#app/modules/quotes/index.server.ts'
import { getStorage } from '#app/modules/storage/index.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The stored files of models whose rows are gone. After the transaction: a file deleted before a
 * rollback would leave a row without its file. One that cannot be deleted is logged, not retried.
 */
export async function deleteQuoteModelFiles(storageKeys: string[]) {
  const storage = getStorage()
  for (const storageKey of storageKeys) {
    await storage.delete(storageKey).catch((error: unknown) => {
      logger.warn({ err: error, storageKey }, 'The file of a deleted quote model was not deleted')
    })
  }
}

/**
 * A customer deletes their own quote (/quotes): the quote with its items, and the uploaded models of
 * its print lines unless another quote (or order) still refers to them, rows and files (decision
 * 040). False when the quote is not theirs or does not exist; nothing is deleted then.
 * @example const deleted = await deleteQuoteWithModels(quoteId, viewer.id)
 */
export async function deleteQuoteWithModels(quoteId: string, userId: string): Promise<boolean> {
  const db = await getDb()
  const storageKeys = await db.transaction(async (tx) => {
    // Step 1: the quote and its items, and which models they referred to.
    const deleted = await deleteQuoteOfUser(quoteId, userId, tx)
    if (!deleted) return null
    // Step 2: those models nothing else refers to.
    return deleteQuoteModelsUnlessReferenced(deleted.quoteModelIds, tx)
  })
  if (storageKeys === null) return false
  // Step 3: their files, once the rows are gone for good.
  await deleteQuoteModelFiles(storageKeys)
  return true
}

/**
 * Deletes the uploaded models nothing refers to once `QUOTE_MODEL_RETENTION_DAYS` (30) have passed
 * since their upload: priced and left, never saved in a quote nor ordered. Rows and files, a batch
 * per transaction until none is left. Run periodically (server/app.ts); every instance may, since
 * rows another sweep holds are skipped.
 * @example const { deleted } = await sweepUnreferencedQuoteModels()
 */
export async function sweepUnreferencedQuoteModels(now: Date = new Date()): Promise<{ deleted: number }> {
  const uploadedBefore = new Date(now.getTime() - getEnv().QUOTE_MODEL_RETENTION_DAYS * DAY_MS)
  const db = await getDb()
  let deleted = 0
  for (;;) {
    const storageKeys = await db.transaction((tx) => deleteUnreferencedQuoteModels(uploadedBefore, tx))
    if (storageKeys.length === 0) break
    await deleteQuoteModelFiles(storageKeys)
    deleted += storageKeys.length
  }
  if (deleted > 0) logger.info({ deleted }, 'Deleted uploaded quote models nothing refers to')
  return { deleted }
}
