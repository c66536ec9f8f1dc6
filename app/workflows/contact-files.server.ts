import { randomUUID } from 'node:crypto'
import { type ContactFileKind, type NewContactFile, retrieveContactFile } from '#app/modules/contact/index.server.ts'
import {
  CONTACT_FILE_MAX_BYTES,
  CONTACT_FILE_TOO_LARGE,
  CONTACT_FILES_MAX,
  CONTACT_TOO_MANY_FILES,
  contactFileRefusal,
} from '#app/modules/contact/schemas.ts'
import {
  detectModelFormat,
  identifyReceiptFile,
  modelFileName,
  modelFormatContentTypes,
  modelFormatExtensions,
  receiptFileName,
} from '#app/modules/documents/index.server.ts'
import { getStorage } from '#app/modules/storage/index.server.ts'
import { cleanSearchText } from '#app/rules/text.ts'
import { logger } from '#app/utils/logger.server.ts'
import { readStoredFile } from './stored-files.server.ts'

/** A file of the contact form whose content was read: what it is, and the name it is shown under. */
export type CheckedContactFile = {
  bytes: Buffer
  fileName: string
  contentType: string
  kind: ContactFileKind
  extension: string
}

export type ContactFilesCheck = { ok: true; files: CheckedContactFile[] } | { ok: false; message: string }

const PICTURES_AND_PDF = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf'])
const MODEL_FORMATS = new Set(['stl', 'obj', '3mf'])

/** The sender's file name as a refusal quotes it: no folder, no control characters, not too long. */
const quotedName = (name: string) => cleanSearchText(name.split(/[\\/]/).pop() ?? '', 120) || 'This file'

/**
 * What one file is, from its bytes alone (never its name or the browser's type): a JPEG, PNG or
 * WebP photo whose header sharp reads as that format, a PDF, or an STL, OBJ or 3MF model. Null
 * for anything else (a program renamed `.png`, a HEIC photo, a STEP model, a text file).
 */
async function identify(file: File, bytes: Buffer): Promise<CheckedContactFile | null> {
  const picture = await identifyReceiptFile(bytes)
  if (picture.ok && PICTURES_AND_PDF.has(picture.type.mimeType)) {
    return {
      bytes,
      fileName: receiptFileName(file.name, picture.type),
      contentType: picture.type.mimeType,
      kind: picture.type.mimeType === 'application/pdf' ? 'pdf' : 'image',
      extension: picture.type.extension,
    }
  }
  const format = detectModelFormat(bytes)
  if (!format || !MODEL_FORMATS.has(format)) return null
  return {
    bytes,
    fileName: modelFileName(file.name, format),
    contentType: modelFormatContentTypes[format],
    kind: 'model',
    extension: modelFormatExtensions[format][0],
  }
}

/**
 * Checks the files of a contact message, all before any is kept: at most three, each at most
 * 25 MB, each a photo, a PDF or a 3D model by its content. The first refusal names the file and
 * refuses them all, so a message is stored with every file its sender chose or not at all.
 * @example const checked = await checkContactFiles(form.getAll('files').filter((value) => value instanceof File))
 */
export async function checkContactFiles(files: File[]): Promise<ContactFilesCheck> {
  const chosen = files.filter((file) => file.size > 0)
  if (chosen.length > CONTACT_FILES_MAX) return { ok: false, message: CONTACT_TOO_MANY_FILES }
  if (chosen.some((file) => file.size > CONTACT_FILE_MAX_BYTES)) return { ok: false, message: CONTACT_FILE_TOO_LARGE }
  const checked: CheckedContactFile[] = []
  for (const file of chosen) {
    const identified = await identify(file, Buffer.from(await file.arrayBuffer()))
    if (!identified) return { ok: false, message: contactFileRefusal(quotedName(file.name)) }
    checked.push(identified)
  }
  return { ok: true, files: checked }
}

/**
 * Keeps checked files privately in storage under keys of our own making (`contact/<id>.<ext>`),
 * ready to be recorded with their message. If one cannot be stored, those already stored are
 * removed again and the error is thrown.
 * @example const stored = await storeContactFiles(checked.files)
 */
export async function storeContactFiles(files: CheckedContactFile[]): Promise<NewContactFile[]> {
  const storage = getStorage()
  const stored: NewContactFile[] = []
  try {
    for (const file of files) {
      const id = randomUUID()
      const storageKey = `contact/${id}.${file.extension}`
      await storage.put(storageKey, file.bytes, file.contentType)
      stored.push({
        id,
        storageKey,
        fileName: file.fileName,
        contentType: file.contentType,
        kind: file.kind,
        size: file.bytes.length,
      })
    }
    return stored
  } catch (error) {
    await removeContactFiles(stored)
    throw error
  }
}

/** Removes stored files whose message was not recorded; a failure is logged, never thrown. */
export async function removeContactFiles(files: { storageKey: string }[]): Promise<void> {
  const storage = getStorage()
  for (const { storageKey } of files) {
    await storage.delete(storageKey).catch((error: unknown) => {
      logger.warn({ err: error, storageKey }, 'A contact file that was not recorded could not be deleted')
    })
  }
}

export type OpenedContactFile = { body: Buffer; fileName: string; contentType: string }

/**
 * A file of a message, with its bytes, for an admin to download; null when the message has no
 * such file or its bytes are missing from storage. The caller checks that the reader is an admin.
 * @example const file = await openContactFile(params.messageId, params.fileId) // null → 404
 */
export async function openContactFile(messageId: string, fileId: string): Promise<OpenedContactFile | null> {
  // Step 1: the file's record, of this message.
  const file = await retrieveContactFile(messageId, fileId)
  if (!file) return null
  // Step 2: its bytes from storage.
  const body = await readStoredFile(
    file.storageKey,
    { fileId: file.id },
    'A recorded contact file is missing from storage',
  )
  return body ? { body, fileName: file.fileName, contentType: file.contentType } : null
}
