import { data } from 'react-router'
import { attachmentResponse } from '#app/utils/attachment.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { openModelFile } from '#app/workflows/model-files/open-model-file.server.ts'
import type { Route } from './+types/model-file-download.ts'

/**
 * Downloads a made-to-order line's 3D model: only for the customer who uploaded it or whose order
 * line it is on, and for admins. A visitor, another customer, a malformed or an unknown id all get
 * the same 404 (DESIGN 5).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request)
  const file = await openModelFile(params.fileId, viewer)
  if (!file) throw data('Not found', { status: 404 })
  return attachmentResponse(file.body, { fileName: file.fileName, contentType: file.contentType })
}
