import { z } from 'zod'
import { LINE_NOTE_MAX_LENGTH, NOTE_CONTROL_MESSAGE, NOTE_TOO_LONG_MESSAGE } from './model-file-limits.ts'

// Made-to-order lines (a note and a 3D model on a cart or order line), shared by the browser and
// the server: the limits the page states are the limits the server enforces.

// The limits, texts and zod-free checks the browser needs live in model-file-limits.ts; this file
// adds the server's schemas of the same shapes.
export * from './model-file-limits.ts'

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

/** What the upload answers, and what a line keeps in browser storage to show and send it. */
export const UploadedModelFileSchema = z.object({
  id: z.uuid(),
  token: z.string().min(1).max(200),
  fileName: z.string().min(1).max(255),
  size: z.number().int().min(0),
})

/**
 * The made-to-order fields of a stored cart or order line. Each falls back to nothing on its own
 * when it is corrupt, so a damaged note never empties the whole cart.
 */
export const StoredLineAttachmentsShape = {
  note: z.string().max(LINE_NOTE_MAX_LENGTH).optional().catch(undefined),
  modelFile: UploadedModelFileSchema.nullable().optional().catch(undefined),
}
