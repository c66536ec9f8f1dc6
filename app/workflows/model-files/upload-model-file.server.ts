import { randomUUID } from 'node:crypto'
import {
  createModelFile,
  detectModelFormat,
  modelFileName,
  modelFileToken,
  modelFormatContentTypes,
  modelFormatExtensions,
} from '#app/modules/documents/index.server.ts'
import { getStorage } from '#app/modules/storage/index.server.ts'
import { MODEL_FILE_MAX_BYTES, NOT_A_MODEL_MESSAGE, type UploadedModelFile } from '#app/rules/model-files.ts'
import { logger } from '#app/utils/logger.server.ts'

export type UploadModelFileResult = { ok: true; file: UploadedModelFile } | { ok: false; message: string }

/**
 * Keeps a 3D model a customer or a guest attaches to a made-to-order line: checks by content that
 * it is an STL (binary or ASCII), 3MF, OBJ or STEP file, stores it privately under a generated key
 * (`models/<id>.<ext>`, never the user's file name), then records it. If recording fails the
 * stored file is deleted again. The answer's token is what a cart or order line keeps to attach it.
 * @example
 * const result = await uploadModelFile({ file, userId: viewer?.id ?? null })
 * if (result.ok) return Response.json(result.file, { status: 201 })
 */
export async function uploadModelFile({
  file,
  userId,
}: {
  file: File
  userId: string | null
}): Promise<UploadModelFileResult> {
  // Step 1: what the bytes are (the upload reader already refused anything over the limit).
  if (file.size > MODEL_FILE_MAX_BYTES) return { ok: false, message: NOT_A_MODEL_MESSAGE }
  const bytes = Buffer.from(await file.arrayBuffer())
  const format = detectModelFormat(bytes)
  if (!format) return { ok: false, message: NOT_A_MODEL_MESSAGE }

  // Step 2: stored under a key of our own making.
  const id = randomUUID()
  const storageKey = `models/${id}.${modelFormatExtensions[format][0]}`
  const storage = getStorage()
  await storage.put(storageKey, bytes, modelFormatContentTypes[format])

  // Step 3: recorded, or the stored bytes are removed again.
  try {
    const saved = await createModelFile({
      id,
      userId,
      storageKey,
      fileName: modelFileName(file.name, format),
      format,
      size: bytes.length,
    })
    return {
      ok: true,
      file: { id: saved.id, token: modelFileToken(saved.id), fileName: saved.fileName, size: saved.size },
    }
  } catch (error) {
    await storage.delete(storageKey).catch((cleanup: unknown) => {
      logger.warn({ err: cleanup, storageKey }, 'A model file that could not be recorded was not deleted')
    })
    throw error
  }
}
