import { MODEL_FILE_MAX_BYTES, MODEL_FILE_TOO_LARGE_MESSAGE } from '#app/rules/model-files.ts'
import { readUploadForm, uploadedFile } from '#app/utils/upload-form.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import { uploadModelFile } from '#app/workflows/model-files/upload-model-file.server.ts'
import type { Route } from './+types/model-files.ts'

function refused(error: 'Upload failed' | 'File too large', message: string, status: number) {
  return Response.json({ error, message }, { status, headers: { 'Cache-Control': 'no-store' } })
}

/**
 * Uploads a 3D model for a made-to-order cart or order line (visitors and customers): multipart,
 * one file in the field `file`, at most 50 MB (refused while it arrives). Answers 201 with
 * `{ id, token, fileName, size }` (the line keeps `{ id, token }`), or `{ error, message }`:
 * 'This file is not a 3D model we can read.' for anything but STL, 3MF, OBJ or STEP content.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return refused('Upload failed', 'Method not allowed.', 405)
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('multipart/form-data')) {
    await request.body?.cancel().catch(() => {})
    return refused('Upload failed', 'Choose a 3D model file to upload.', 400)
  }
  const viewer = await getViewer(request)
  const read = await readUploadForm(request, {
    fileFields: ['file'],
    maxFileBytes: MODEL_FILE_MAX_BYTES,
    tooLarge: MODEL_FILE_TOO_LARGE_MESSAGE,
    tooMany: 'Upload one 3D model at a time.',
    maxParts: 10,
  })
  if (!read.ok)
    return refused(read.reason === 'too-large' ? 'File too large' : 'Upload failed', read.message, read.status)
  const file = uploadedFile(read.form, 'file')
  if (!file) return refused('Upload failed', 'Choose a 3D model file to upload.', 400)
  const result = await uploadModelFile({ file, userId: viewer?.id ?? null })
  if (!result.ok) return refused('Upload failed', result.message, 400)
  return Response.json(result.file, { status: 201, headers: { 'Cache-Control': 'no-store' } })
}
