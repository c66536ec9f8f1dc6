import { data } from 'react-router'
import { attachmentResponse } from '#app/utils/attachment.server.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import { openContactFile } from '#app/workflows/contact-files.server.ts'
import type { Route } from './+types/message-file.ts'

/**
 * Downloads a file sent with a contact message: admins only, always as an attachment and never
 * kept by a cache. A malformed or unknown id, or a file of another message, is a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const file = await openContactFile(params.messageId, params.fileId)
  if (!file) throw data('Not found', { status: 404 })
  return attachmentResponse(file.body, { fileName: file.fileName, contentType: file.contentType })
}
