import { data } from 'react-router'
import { allowQuoteModelUpload } from '#app/modules/accounts/index.server.ts'
import { guestTokenFor, type QuoteModelOwner } from '#app/modules/instant-quote/index.server.ts'
import { getPrintQuoteSettings } from '#app/modules/settings/index.server.ts'
import { readUploadForm, uploadedFile } from '#app/utils/upload-form.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { uploadQuoteModel } from '#app/workflows/instant-quote/upload-quote-model.server.ts'
import type { Route } from './+types/quote-models.ts'

export const NO_MODEL_CHOSEN = 'Choose a 3D model file (STL, 3MF or OBJ) to upload.'

function refused(message: string, status: number, headers?: Record<string, string>) {
  return data({ ok: false as const, message }, { status, headers: { 'Cache-Control': 'no-store', ...headers } })
}

/**
 * The instant quote's upload (/instant-quote, issue 15): multipart, one STL, 3MF or OBJ file in the
 * field `file`, up to the print settings' file limit (refused while it arrives). Visitors and
 * customers alike; a visitor's model belongs to the token of a signed cookie set here. Answers 201
 * with `{ ok: true, model }` (its id and measures in mm, warnings) or `{ ok: false, message }`.
 */
/** Only posted to; a visit (a GET) is told so instead of React Router's missing-loader error. */
export function loader() {
  return data({ ok: false as const, message: 'Method not allowed.' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return refused('Method not allowed.', 405, { Allow: 'POST' })
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('multipart/form-data')) {
    await request.body?.cancel().catch(() => {})
    return refused(NO_MODEL_CHOSEN, 400)
  }
  const limit = await allowQuoteModelUpload(context.clientIp ?? null)
  if (!limit.allowed) {
    await request.body?.cancel().catch(() => {})
    return refused('Too many uploads. Please try again later.', 429, { 'Retry-After': String(limit.retryAfterSeconds) })
  }
  const { settings } = await getPrintQuoteSettings()
  const maxFileBytes = settings.fileSizeLimitMb * 1024 * 1024
  const read = await readUploadForm(request, {
    fileFields: ['file'],
    maxFileBytes,
    tooLarge: `The file is larger than ${settings.fileSizeLimitMb} MB; please send a smaller one or ask the shop`,
    tooMany: 'Upload one 3D model at a time.',
    maxParts: 10,
  })
  if (!read.ok) return refused(read.message, read.status)
  const file = uploadedFile(read.form, 'file')
  if (!file) return refused(NO_MODEL_CHOSEN, 400)

  const viewer = await getViewer(request)
  const guest = viewer ? null : await guestTokenFor(request)
  const owner: QuoteModelOwner = viewer ? { userId: viewer.id } : { guestToken: guest?.token ?? '' }
  const result = await uploadQuoteModel({ file, owner })
  if (!result.ok) return refused(result.message, 422)
  const headers = new Headers({ 'Cache-Control': 'no-store' })
  if (guest?.setCookie) headers.append('Set-Cookie', guest.setCookie)
  return data({ ok: true as const, model: result.model }, { status: 201, headers })
}
