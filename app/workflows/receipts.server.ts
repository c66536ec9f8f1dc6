import {
  createReceipt,
  deleteReceiptOfUser,
  identifyReceiptFile,
  newReceiptKey,
  type ReceiptDto,
  receiptFileName,
  retrieveReceiptForViewer,
} from '#app/modules/documents/index.server.ts'
import type { ReceiptLinkRequest } from '#app/modules/documents/schemas.ts'
import { findInvoiceOfUser } from '#app/modules/invoices/index.server.ts'
import { findOrderOfUser } from '#app/modules/orders/index.server.ts'
import { getStorage } from '#app/modules/storage/index.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { readStoredFile } from './stored-files.server.ts'

export type UploadReceiptResult = { ok: true; receipt: ReceiptDto } | { ok: false; status: 400 | 404; message: string }

/** Step 1 of an upload: the invoice or order the customer named must be one of their own. */
async function resolveLink(userId: string, link: ReceiptLinkRequest) {
  if (!link) return { ok: true as const, invoiceId: null, orderId: null }
  const found =
    link.type === 'invoice'
      ? await findInvoiceOfUser(userId, link.reference)
      : await findOrderOfUser(userId, link.reference)
  if (found.status === 'found') {
    return link.type === 'invoice'
      ? { ok: true as const, invoiceId: found.id, orderId: null }
      : { ok: true as const, invoiceId: null, orderId: found.id }
  }
  const named = 'id' in link.reference ? link.reference.id : link.reference.prefix
  const message =
    found.status === 'ambiguous'
      ? `More than one of your ${link.type}s has a number starting with ${named}. Please enter the full ID.`
      : `We could not find ${link.type === 'invoice' ? 'an invoice' : 'an order'} of yours with the ID ${named}.`
  return { ok: false as const, message }
}

/**
 * A customer's receipt upload (storefront §2 File Uploads, §7 Documents), after its size was
 * checked while it arrived: the linked invoice or order must be theirs, the content must be a PDF
 * or a picture (decided by its bytes), and the file is stored under a generated key in the
 * receipts area before it is recorded. If recording fails, the stored file is removed again.
 * @example
 * const result = await uploadReceipt({ userId: viewer.id, fileName: file.name, bytes, link })
 * if (result.ok) return answer(200, 'File Uploaded!')
 */
export async function uploadReceipt({
  userId,
  fileName,
  bytes,
  link,
}: {
  userId: string
  fileName: string
  bytes: Uint8Array
  link: ReceiptLinkRequest
}): Promise<UploadReceiptResult> {
  // Step 1: what the file is, by its content (never its name or the browser's claim).
  const identified = await identifyReceiptFile(bytes)
  if (!identified.ok) return { ok: false, status: 400, message: identified.message }
  // Step 2: the customer's own invoice or order, if they named one.
  const linked = await resolveLink(userId, link)
  if (!linked.ok) return { ok: false, status: 404, message: linked.message }
  // Step 3: the file under a generated key, then its record.
  const { type } = identified
  const filePath = newReceiptKey(userId, type.extension)
  const storage = getStorage()
  await storage.put(filePath, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), type.mimeType)
  try {
    const receipt = await createReceipt({
      userId,
      filePath,
      fileName: receiptFileName(fileName, type),
      mimeType: type.mimeType,
      size: bytes.byteLength,
      invoiceId: linked.invoiceId,
      orderId: linked.orderId,
    })
    return { ok: true, receipt }
  } catch (error) {
    await storage.delete(filePath).catch((err: unknown) => logger.error({ err, filePath }, 'Orphan receipt file'))
    throw error
  }
}

/**
 * Deletes one of the customer's own receipts: its record and its stored file together (the record
 * stays if the file cannot be deleted, so nothing is left pointing nowhere or lying unlisted).
 * Null when it is unknown or someone else's.
 * @example const deleted = await deleteReceipt(form.documentId, viewer) // { fileName: 'March.pdf' }
 */
export async function deleteReceipt(documentId: string, owner: { id: string }) {
  const db = await getDb()
  return db.transaction(async (tx) => {
    const removed = await deleteReceiptOfUser(documentId, owner.id, tx)
    if (removed) await getStorage().delete(removed.filePath)
    return removed ? { fileName: removed.fileName } : null
  })
}

/**
 * A receipt's file for its owner or an admin; null for anyone else, for an unknown or malformed id
 * and for a record whose file is missing, so all of them get the same 404.
 * @example const file = await readReceipt(params.documentId, viewer)
 */
export async function readReceipt(documentId: string, viewer: { id: string; isAdmin: boolean }) {
  const receipt = await retrieveReceiptForViewer(documentId, viewer)
  if (!receipt) return null
  const body = await readStoredFile(
    receipt.filePath,
    { documentId: receipt.id },
    'Receipt file is missing from storage',
  )
  return body ? { body, fileName: receipt.fileName, mimeType: receipt.mimeType } : null
}
