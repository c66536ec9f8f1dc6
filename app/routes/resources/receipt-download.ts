import { data } from 'react-router'
import { attachmentResponse } from '#app/utils/attachment.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { readReceipt } from '#app/workflows/receipts.server.ts'
import type { Route } from './+types/receipt-download.ts'

/**
 * A receipt's file, as a download, for the customer who uploaded it and for admins. A visitor,
 * another customer, an unknown or a malformed id all get the same 404 (DESIGN 5).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request)
  const file = viewer ? await readReceipt(params.documentId, viewer) : null
  if (!file) throw data('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  return attachmentResponse(file.body, { fileName: file.fileName, contentType: file.mimeType })
}
