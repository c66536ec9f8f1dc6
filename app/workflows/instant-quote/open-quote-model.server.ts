import {
  findQuoteModelFile,
  findQuoteModelOfOwners,
  type QuoteModelOwner,
  quoteModelContentTypes,
} from '#app/modules/instant-quote/index.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { readStoredFile } from '../stored-files.server.ts'

export type OpenedQuoteModel = { body: Buffer; fileName: string; contentType: string }

/**
 * An uploaded model's bytes for its owner (the customer, or the guest of the cookie, also once
 * signed in), so /instant-quote can show a model again after the visitor signed in. Anyone else,
 * and a malformed or unknown id, gets null: a 404 that tells nothing (DESIGN 5).
 * @example const file = await openQuoteModel(params.modelId, [{ userId: viewer.id }, { guestToken }])
 */
export async function openQuoteModel(modelId: string, owners: QuoteModelOwner[]): Promise<OpenedQuoteModel | null> {
  // Step 1: whose it is, before anything about it is read.
  if (!isUuid(modelId)) return null
  const model = await findQuoteModelOfOwners(modelId, owners)
  if (!model) return null
  // Step 2: its bytes from storage.
  const file = await findQuoteModelFile(model.id)
  if (!file) return null
  const body = await readStoredFile(
    file.storageKey,
    { quoteModelId: model.id },
    'A recorded quote model is missing from storage',
  )
  return body ? { body, fileName: file.fileName, contentType: quoteModelContentTypes[file.format] } : null
}
