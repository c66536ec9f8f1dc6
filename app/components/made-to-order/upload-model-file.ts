import {
  isFields,
  isText,
  MODEL_FILE_MAX_BYTES,
  MODEL_FILE_TOO_LARGE_MESSAGE,
  readUploadedModelFile,
  type UploadedModelFile,
} from '#app/rules/model-file-limits.ts'

export type ModelFileUploadResult =
  | { ok: true; file: UploadedModelFile }
  | { ok: false; title: string; message: string }

/** The server's refusal ({ error, message }) as a toast's title and text, when it is one. */
function refusalOf(answer: unknown) {
  if (!isFields(answer) || !isText(answer.error, 0, 100) || !isText(answer.message, 0, 500)) return null
  return { ok: false, title: answer.error, message: answer.message } as const
}

const failed = {
  ok: false,
  title: 'Upload failed',
  message: 'The file could not be uploaded. Please check your connection and try again.',
} as const

/**
 * Sends a 3D model to the shop for a cart or order line (multipart, field `file`). The size is
 * checked here first so a too-large file is not sent at all; the server checks the content.
 */
export async function uploadModelFile(file: File): Promise<ModelFileUploadResult> {
  if (file.size > MODEL_FILE_MAX_BYTES)
    return { ok: false, title: 'File too large', message: MODEL_FILE_TOO_LARGE_MESSAGE }
  const body = new FormData()
  body.append('file', file)
  try {
    const response = await fetch('/resources/model-files', {
      method: 'POST',
      body,
      headers: { accept: 'application/json' },
    })
    if (response.status === 413) return { ok: false, title: 'File too large', message: MODEL_FILE_TOO_LARGE_MESSAGE }
    const answer: unknown = await response.json().catch(() => null)
    const uploaded = readUploadedModelFile(answer)
    if (response.ok && uploaded) return { ok: true, file: uploaded }
    return refusalOf(answer) ?? failed
  } catch {
    return failed
  }
}
