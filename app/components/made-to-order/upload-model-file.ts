import { z } from 'zod'
import {
  MODEL_FILE_MAX_BYTES,
  MODEL_FILE_TOO_LARGE_MESSAGE,
  type UploadedModelFile,
  UploadedModelFileSchema,
} from '#app/rules/model-files.ts'

export type ModelFileUploadResult =
  | { ok: true; file: UploadedModelFile }
  | { ok: false; title: string; message: string }

const RefusalSchema = z.object({ error: z.string().max(100), message: z.string().max(500) })

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
    const uploaded = UploadedModelFileSchema.safeParse(answer)
    if (response.ok && uploaded.success) return { ok: true, file: uploaded.data }
    const refusal = RefusalSchema.safeParse(answer)
    return refusal.success ? { ok: false, title: refusal.data.error, message: refusal.data.message } : failed
  } catch {
    return failed
  }
}
