import {
  type FileUpload,
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from '@remix-run/form-data-parser'

// Text fields are small; everything above this is files.
const TEXT_ALLOWANCE_BYTES = 1024 * 1024
// Boundaries and part headers around the fields: far less than this, even with hundreds of parts.
const MULTIPART_FRAMING_BYTES = 1024 * 1024
// A refused upload is read to its end (and thrown away) so the browser gets the answer, up to this;
// the server's body limit (uploadBodyLimit, decision 015) usually ends it sooner.
const DISCARD_LIMIT_BYTES = 512 * 1024 * 1024

export type UploadLimits = {
  /** The fields that may carry a file; a file in any other field is dropped unread. */
  fileFields: readonly string[]
  /** How many files in all (default: one per field). */
  maxFiles?: number
  maxFileBytes: number
  /** The answer when a file is larger than `maxFileBytes`: "Each picture must be 10 MB or smaller." */
  tooLarge: string
  /** The answer when there are more files than `maxFiles`. */
  tooMany?: string
  maxParts?: number
}

export type UploadFormRead =
  | { ok: true; form: FormData }
  | { ok: false; message: string; status: 400 | 413; reason: 'too-large' | 'too-many' | 'unreadable' }

/**
 * Reads a form that may carry files, with every limit checked while the body arrives, so an
 * oversized file is refused before it is kept whole (a plain form is read as usual). A refused
 * upload is drained (up to 512 MB) so the browser receives the answer instead of a reset.
 * @example
 * const read = await readUploadForm(request, { fileFields: ['file'], maxFileBytes: 5 * 1024 * 1024, tooLarge: 'Please select a file smaller than 5MB.' })
 * if (!read.ok) return refused(read.message, read.status)
 */
export async function readUploadForm(request: Request, limits: UploadLimits): Promise<UploadFormRead> {
  const maxFiles = limits.maxFiles ?? limits.fileFields.length
  const keep = (file: FileUpload) => (limits.fileFields.includes(file.fieldName) && file.size > 0 ? file : null)
  try {
    const form = await parseFormData(
      request,
      {
        maxFiles,
        maxFileSize: limits.maxFileBytes,
        maxParts: limits.maxParts ?? 100,
        maxTotalSize: maxFiles * limits.maxFileBytes + TEXT_ALLOWANCE_BYTES,
      },
      keep,
    )
    return { ok: true, form }
  } catch (error) {
    const problem = problemOf(error, limits)
    if (!problem) throw error
    await discardRest(request.body)
    return { ok: false, ...problem }
  }
}

function problemOf(error: unknown, limits: UploadLimits): Omit<Extract<UploadFormRead, { ok: false }>, 'ok'> | null {
  if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
    return { message: limits.tooLarge, status: 413, reason: 'too-large' }
  }
  if (error instanceof MaxFilesExceededError) {
    return { message: limits.tooMany ?? 'Upload one file per field.', status: 413, reason: 'too-many' }
  }
  if (error instanceof FormDataParseError || error instanceof MultipartParseError) {
    return { message: 'The form could not be read. Please try again.', status: 400, reason: 'unreadable' }
  }
  return null
}

/**
 * The most an upload form's body may weigh on the wire: its files, the text allowance and the
 * multipart framing. The server refuses bigger bodies before this reader sees them (413).
 * @example uploadBodyLimit({ maxFiles: 1, maxFileBytes: 5 * 1024 * 1024 }) // 7 MB
 */
export function uploadBodyLimit({ maxFiles, maxFileBytes }: { maxFiles: number; maxFileBytes: number }): number {
  return maxFiles * maxFileBytes + TEXT_ALLOWANCE_BYTES + MULTIPART_FRAMING_BYTES
}

/** The uploaded file of a field, if one was chosen. */
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
