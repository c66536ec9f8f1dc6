import { modelFormatContentTypes } from '#app/modules/documents/index.server.ts'
import { findQuoteModelFile } from '#app/modules/instant-quote/index.server.ts'
import { isQuoteModelOnOrderOfUser } from '#app/modules/orders/index.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { readStoredFile } from '../stored-files.server.ts'

export type QuoteModelReader = { id: string; isAdmin: boolean }

import type { OpenedQuoteModel } from './open-quote-model.server.ts'

/**
 * The bytes of a model printed on an order line (decision 039), for the shop (admins) and for the
 * customer whose order it is. Everyone else (a visitor, another customer) and any malformed or
 * unknown id get null, the same answer, so nobody learns that a model exists (DESIGN 5).
 * @example const file = await openOrderedQuoteModel(params.modelId, viewer) // null → 404
 */
export async function openOrderedQuoteModel(
  modelId: string,
  reader: QuoteModelReader | null,
): Promise<OpenedQuoteModel | null> {
  if (!reader || !isUuid(modelId)) return null
  // Step 1: the model, then whether this reader may have it.
  const file = await findQuoteModelFile(modelId)
  if (!file) return null
  if (!reader.isAdmin && !(await isQuoteModelOnOrderOfUser(modelId, reader.id))) return null
  // Step 2: its bytes from storage.
  const body = await readStoredFile(file.storageKey, { modelId }, 'A recorded quote model is missing from storage')
  return body ? { body, fileName: file.fileName, contentType: modelFormatContentTypes[file.format] } : null
}
