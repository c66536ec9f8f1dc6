import { getStorage } from '#app/modules/storage/index.server.ts'
import { logger } from '#app/utils/logger.server.ts'

/**
 * The bytes of a file a record names (a contact file, a receipt, a model file), or null when they
 * are missing from storage. A missing file is logged with `context`: a record without its bytes is
 * the shop's problem, while the reader only gets a 404.
 * @example const body = await readStoredFile(file.storageKey, { fileId: file.id }, 'A recorded model file is missing from storage')
 */
export async function readStoredFile(
  storageKey: string,
  context: Record<string, string>,
  missing: string,
): Promise<Buffer | null> {
  const stored = await getStorage().get(storageKey)
  if (!stored) {
    logger.warn(context, missing)
    return null
  }
  return stored.body
}
