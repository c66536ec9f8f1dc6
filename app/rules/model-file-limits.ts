// What the browser needs to know about a made-to-order line's note and 3D model: the limits the
// page states (the server enforces the same ones with model-files.ts's schemas), the texts, and a
// check of an uploaded model's reference written without zod, which stays on the server.

export const MODEL_FILE_MAX_BYTES = 50 * 1024 * 1024
export const MODEL_FILE_LIMIT_TEXT = '50 MB'
/** What the file picker offers; the server checks the content, never the name. */
export const MODEL_FILE_ACCEPT = '.stl,.3mf,.obj,.step,.stp'
export const MODEL_FILE_FORMATS_TEXT = 'STL, 3MF, OBJ or STEP'
export const LINE_NOTE_MAX_LENGTH = 1000

export const NOT_A_MODEL_MESSAGE = 'This file is not a 3D model we can read.'
export const MODEL_FILE_TOO_LARGE_MESSAGE = `Please select a file smaller than ${MODEL_FILE_LIMIT_TEXT}.`
export const NOTE_TOO_LONG_MESSAGE = `A note can be at most ${LINE_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`
export const NOTE_CONTROL_MESSAGE = 'A note cannot contain control characters.'

/** A reference to an uploaded model as a line sends it: the file's id and the token that proves the upload. */
export type ModelFileRef = { id: string; token: string }

/** What the upload answers, and what a line keeps in browser storage to show and send it. */
export type UploadedModelFile = { id: string; token: string; fileName: string; size: number }

export type LineAttachments = { note?: string; modelFile?: UploadedModelFile | null }

// The RFC 9562 form zod's z.uuid() accepts.
const uuidPattern =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/

export const isFields = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
export const isWholeNumber = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min
export const isText = (value: unknown, min = 0, max = Number.POSITIVE_INFINITY): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max

/** An uploaded model as UploadedModelFileSchema reads it (other fields dropped), or undefined. */
export function readUploadedModelFile(value: unknown): UploadedModelFile | undefined {
  if (!isFields(value)) return undefined
  const { id, token, fileName, size } = value
  if (!isText(id) || !uuidPattern.test(id) || !isText(token, 1, 200) || !isText(fileName, 1, 255)) return undefined
  return isWholeNumber(size, 0) ? { id, token, fileName, size } : undefined
}

/** The made-to-order fields of a line in a request to the server: a trimmed note and a file reference. */
export function lineAttachmentsOf(line: LineAttachments): { note: string | null; modelFile: ModelFileRef | null } {
  const note = line.note?.trim() ?? ''
  return {
    note: note || null,
    modelFile: line.modelFile ? { id: line.modelFile.id, token: line.modelFile.token } : null,
  }
}

/** "830 B", "12.4 KB", "3.1 MB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** Where a customer or the shop downloads a model file (served only to its owner and admins). */
export function modelFileHref(id: string): string {
  return `/files/models/${id}`
}
