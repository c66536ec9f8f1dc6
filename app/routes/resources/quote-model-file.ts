import { data } from 'react-router'
import { attachmentResponse } from '#app/utils/attachment.server.ts'
import { readQuoteModelOwners } from '#app/wiring/quote-model-owners.server.ts'
import { openQuoteModel } from '#app/workflows/instant-quote/open-quote-model.server.ts'
import type { Route } from './+types/quote-model-file.ts'

/**
 * An uploaded instant-quote model, for its owner only: the customer, or the guest of the cookie
 * (whose path, /instant-quote, covers this route), also once signed in. /instant-quote fetches it to
 * show a model in 3D again after the visitor signed in. Anyone else, and an unknown id, get 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { owners } = await readQuoteModelOwners(request)
  const file = await openQuoteModel(params.modelId, owners)
  if (!file) throw data('Not found', { status: 404 })
  return attachmentResponse(file.body, { fileName: file.fileName, contentType: file.contentType })
}
