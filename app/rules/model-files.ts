import { z } from 'zod'

// Made-to-order lines (a note and a 3D model on a cart or order line), shared by the browser and
// the server: the limits the page states are the limits the server enforces.

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

// Line breaks and tabs are text; NUL and the other control characters are not.
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find them
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** A line's note as the server takes it: trimmed, at most 1,000 characters, no control characters. */
export const LineNoteSchema = z
  .string(NOTE_TOO_LONG_MESSAGE)
  .max(LINE_NOTE_MAX_LENGTH * 2, NOTE_TOO_LONG_MESSAGE)
  .refine((text) => !controlCharacters.test(text), NOTE_CONTROL_MESSAGE)
  .transform((text) => text.trim())
  .refine((text) => text.length <= LINE_NOTE_MAX_LENGTH, NOTE_TOO_LONG_MESSAGE)

/** A reference to an uploaded model as a line sends it: the file's id and the token that proves the upload. */
export const ModelFileRefSchema = z.object(
  {
    id: z.uuid('The attached 3D model could not be found. Attach it again.'),
    token: z.string().min(1).max(200),
  },
  'The attached 3D model could not be found. Attach it again.',
)
export type ModelFileRef = z.infer<typeof ModelFileRefSchema>

/** What the upload answers, and what a line keeps in browser storage to show and send it. */
export const UploadedModelFileSchema = z.object({
  id: z.uuid(),
  token: z.string().min(1).max(200),
  fileName: z.string().min(1).max(255),
  size: z.number().int().min(0),
})
export type UploadedModelFile = z.infer<typeof UploadedModelFileSchema>

/**
 * The made-to-order fields of a stored cart or order line. Each falls back to nothing on its own
 * when it is corrupt, so a damaged note never empties the whole cart.
 */
export const StoredLineAttachmentsShape = {
  note: z.string().max(LINE_NOTE_MAX_LENGTH).optional().catch(undefined),
  modelFile: UploadedModelFileSchema.nullable().optional().catch(undefined),
}

export type LineAttachments = { note?: string; modelFile?: UploadedModelFile | null }

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
