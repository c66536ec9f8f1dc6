import { data } from 'react-router'
import { attachmentResponse } from '#app/utils/attachment.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { openOrderedQuoteModel } from '#app/workflows/instant-quote/open-ordered-quote-model.server.ts'
import type { Route } from './+types/quote-model-download.ts'

/**
 * Downloads the model of an order's print line (decision 039), for the order page's viewer and its
 * download link: only for the customer whose order it is and for admins. A visitor, another
 * customer, a malformed or an unknown id all get the same 404 (DESIGN 5).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request)
  const file = await openOrderedQuoteModel(params.modelId, viewer)
  if (!file) throw data('Not found', { status: 404 })
  return attachmentResponse(file.body, { fileName: file.fileName, contentType: file.contentType })
}
