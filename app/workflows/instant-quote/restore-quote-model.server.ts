import {
  findQuoteModelOfOwners,
  OPEN_MESH_MESSAGE,
  type QuoteModelOwner,
  type QuoteModelView,
  RESTORE_MODEL_PARAM,
  type RestoredQuoteOptions,
  restoredOptionsOf,
} from '#app/modules/instant-quote/index.server.ts'
import { isUuid } from '#app/utils/ids.ts'

/** A model shown again on /instant-quote, with the options its address carried. */
export type RestoredQuoteModel = { model: QuoteModelView; options: RestoredQuoteOptions }

/**
 * The model `id` as the quote page shows it, if the asker owns it: the customer, or the guest of
 * the cookie, also once signed in. Null for anything else: someone else's, a missing one.
 * @example const model = await findQuoteModelToShow(params.modelId, owners)
 */
export async function findQuoteModelToShow(id: unknown, owners: QuoteModelOwner[]): Promise<QuoteModelView | null> {
  if (!isUuid(id) || owners.length === 0) return null
  const model = await findQuoteModelOfOwners(id, owners)
  if (!model) return null
  return {
    id: model.id,
    fileName: model.fileName,
    measures: model.measures,
    warnings: model.measures.watertight ? [] : [OPEN_MESH_MESSAGE],
  }
}

/**
 * The model and options the page's address names (`?model=<id>&materialId=…`), if the asker owns
 * the model: a visitor who uploads, follows 'Log in to save a quote' and signs in finds them again.
 * @example const restored = await restoreQuoteModel(new URL(request.url).searchParams, owners)
 */
export async function restoreQuoteModel(
  search: URLSearchParams,
  owners: QuoteModelOwner[],
): Promise<RestoredQuoteModel | null> {
  const model = await findQuoteModelToShow(search.get(RESTORE_MODEL_PARAM), owners)
  return model ? { model, options: restoredOptionsOf(search) } : null
}
