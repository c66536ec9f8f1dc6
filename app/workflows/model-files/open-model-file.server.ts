import { modelFormatContentTypes, retrieveModelFile } from '#app/modules/documents/index.server.ts'
import { isModelFileOnOrderOfUser } from '#app/modules/orders/index.server.ts'
import { readStoredFile } from '../stored-files.server.ts'

export type ModelFileReader = { id: string; isAdmin: boolean }

export type OpenedModelFile = { body: Buffer; fileName: string; contentType: string }

/**
 * A model file's bytes for someone allowed to download it: an admin, the customer who uploaded
 * it, or the customer on whose order line it is. Everyone else, and any malformed or unknown id,
 * gets null, so nobody can tell a file that exists from one that does not (DESIGN 5).
 * @example const file = await openModelFile(params.fileId, viewer) // null → 404
 */
export async function openModelFile(fileId: string, reader: ModelFileReader | null): Promise<OpenedModelFile | null> {
  if (!reader) return null
  // Step 1: the file, then whether this reader may have it.
  const file = await retrieveModelFile(fileId)
  if (!file) return null
  const allowed = reader.isAdmin || file.userId === reader.id || (await isModelFileOnOrderOfUser(file.id, reader.id))
  if (!allowed) return null
  // Step 2: its bytes from storage.
  const body = await readStoredFile(
    file.storageKey,
    { fileId: file.id },
    'A recorded model file is missing from storage',
  )
  return body ? { body, fileName: file.fileName, contentType: modelFormatContentTypes[file.format] } : null
}
