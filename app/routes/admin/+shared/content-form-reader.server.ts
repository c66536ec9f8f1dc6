import {
  type FileUpload,
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from '@remix-run/form-data-parser'
import { CONTENT_IMAGE_MAX_BYTES } from '#app/workflows/store-content-image.server.ts'

// Text fields are small; everything above this is pictures.
const TEXT_ALLOWANCE_BYTES = 1024 * 1024
// A refused upload is read to its end (and thrown away) so the browser gets the answer, up to this.
const DISCARD_LIMIT_BYTES = 512 * 1024 * 1024

export type ContentFormRead = { ok: true; form: FormData } | { ok: false; message: string; status: 400 | 413 }

/**
 * Reads a content form that may carry pictures in `fileFields` (one each, up to 10 MB), with
 * limits checked while it arrives; a plain form (no pictures) is read as usual.
 */
export async function readContentForm(request: Request, fileFields: readonly string[]): Promise<ContentFormRead> {
  const keep = (file: FileUpload) => (fileFields.includes(file.fieldName) && file.size > 0 ? file : null)
  try {
    const form = await parseFormData(
      request,
      {
        maxFiles: fileFields.length,
        maxFileSize: CONTENT_IMAGE_MAX_BYTES,
        maxParts: 100,
        maxTotalSize: fileFields.length * CONTENT_IMAGE_MAX_BYTES + TEXT_ALLOWANCE_BYTES,
      },
      keep,
    )
    return { ok: true, form }
  } catch (error) {
    const tooLarge = 'Each picture must be 10 MB or smaller.'
    let problem: Omit<Extract<ContentFormRead, { ok: false }>, 'ok'> | null = null
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      problem = { message: tooLarge, status: 413 }
    } else if (error instanceof MaxFilesExceededError) {
      problem = { message: 'Upload one picture per image field.', status: 413 }
    } else if (error instanceof FormDataParseError || error instanceof MultipartParseError) {
      problem = { message: 'The form could not be read. Please try again.', status: 400 }
    }
    if (!problem) throw error
    await discardRest(request.body)
    return { ok: false, ...problem }
  }
}

/** The uploaded picture of a field, if one was chosen. */
export function uploadedFile(form: FormData, name: string): File | null {
  const value = form.get(name)
  return value instanceof File && value.size > 0 ? value : null
}

async function discardRest(body: ReadableStream<Uint8Array> | null) {
  if (!body || body.locked) return
  const reader = body.getReader()
  try {
    for (let seen = 0; seen < DISCARD_LIMIT_BYTES; ) {
      const { done, value } = await reader.read()
      if (done) return
      seen += value.byteLength
    }
    await reader.cancel()
  } catch {
    // The browser went away: nobody is waiting for the answer.
  } finally {
    reader.releaseLock()
  }
}
