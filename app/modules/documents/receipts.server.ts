import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, or } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { pickColumns } from '#app/utils/pick.ts'
import { documents } from './schema.server.ts'
import type { NewReceipt, ReceiptDto, ReceiptFileDto, ReceiptFileType } from './types.ts'

/** Storefront §3 and §9: receipts are documents of the 'receipts' bucket. */
export const RECEIPTS_BUCKET = 'receipts'
const MAX_NAME_LENGTH = 120

const receiptColumns = pickColumns(documents, [
  'id',
  'fileName',
  'mimeType',
  'size',
  'invoiceId',
  'orderId',
  'createdAt',
])

const extensionsOf: Record<ReceiptFileType['extension'], string[]> = {
  pdf: ['pdf'],
  jpg: ['jpg', 'jpeg', 'jpe'],
  png: ['png'],
  webp: ['webp'],
  heic: ['heic', 'heif'],
}

/**
 * Where a new receipt's file is stored: a generated key in the receipts area, never the user's
 * own file name. `receipts/<user id>/<random uuid>.<extension of the content>`.
 * @example newReceiptKey(viewer.id, 'pdf') // 'receipts/7d1f…/0b6e….pdf'
 */
export function newReceiptKey(userId: string, extension: ReceiptFileType['extension']) {
  if (!isUuid(userId)) throw new Error('A receipt belongs to a user')
  return `${RECEIPTS_BUCKET}/${userId.toLowerCase()}/${randomUUID()}.${extension}`
}

/**
 * The name a receipt is listed and downloaded under: the customer's file name without any folder,
 * control or direction-changing characters, at most 120 characters, and ending in an extension of
 * what the file really is (a PDF sent as `scan.exe` is `scan.exe.pdf`).
 * @example receiptFileName('C:\\fakepath\\Receipt March.PDF', { mimeType: 'application/pdf', extension: 'pdf' }) // 'Receipt March.PDF'
 */
export function receiptFileName(name: string, type: ReceiptFileType) {
  // Browsers send a quote in a multipart file name as %22, and line breaks as %0A and %0D.
  const sent = name.replace(/%22/g, '"').replace(/%0[ad]/gi, '')
  const base = (sent.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  const dot = base.lastIndexOf('.')
  const typed = dot > 0 ? base.slice(dot + 1) : ''
  const named = extensionsOf[type.extension].includes(typed.toLowerCase())
  const stem = (named ? base.slice(0, dot) : base) || 'receipt'
  const suffix = `.${named ? typed : type.extension}`
  return `${[...stem]
    .slice(0, MAX_NAME_LENGTH - suffix.length)
    .join('')
    .trimEnd()}${suffix}`
}

/**
 * Records a receipt whose file is already stored under `filePath`.
 * @example const receipt = await createReceipt({ userId, filePath, fileName, mimeType, size, invoiceId, orderId: null })
 */
export async function createReceipt(input: NewReceipt, tx?: DbOrTx): Promise<ReceiptDto> {
  const db = tx ?? (await getDb())
  const [receipt] = await db
    .insert(documents)
    .values({ ...input, bucketId: RECEIPTS_BUCKET })
    .returning(receiptColumns)
  if (!receipt) throw new Error('The receipt was not stored')
  return receipt
}

/**
 * A customer's receipts, newest first (storefront §7).
 * @example const receipts = await listReceiptsOfUser(viewer.id)
 */
export async function listReceiptsOfUser(userId: string): Promise<ReceiptDto[]> {
  if (!isUuid(userId)) return []
  const db = await getDb()
  return db
    .select(receiptColumns)
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.bucketId, RECEIPTS_BUCKET)))
    .orderBy(desc(documents.createdAt), desc(documents.id))
}

/**
 * A receipt's stored file, for its owner or an admin only; null when the id is malformed, unknown
 * or someone else's, so the caller cannot tell which.
 * @example const file = await retrieveReceiptForViewer(params.documentId, viewer)
 */
export async function retrieveReceiptForViewer(
  documentId: string,
  viewer: { id: string; isAdmin: boolean },
): Promise<ReceiptFileDto | null> {
  if (!isUuid(documentId)) return null
  const db = await getDb()
  const [receipt] = await db
    .select(pickColumns(documents, ['id', 'userId', 'filePath', 'fileName', 'mimeType']))
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.bucketId, RECEIPTS_BUCKET)))
  if (!receipt || (!viewer.isAdmin && receipt.userId !== viewer.id)) return null
  return receipt
}

/**
 * Deletes one of the customer's own receipts and returns where its file is, for the caller to
 * delete in the same transaction; null when it is unknown or someone else's.
 * @example const removed = await deleteReceiptOfUser(documentId, viewer.id, tx)
 */
export async function deleteReceiptOfUser(
  documentId: string,
  userId: string,
  tx: DbOrTx,
): Promise<{ filePath: string; fileName: string } | null> {
  if (!isUuid(documentId) || !isUuid(userId)) return null
  const [removed] = await tx
    .delete(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId), eq(documents.bucketId, RECEIPTS_BUCKET)))
    .returning({ filePath: documents.filePath, fileName: documents.fileName })
  return removed ?? null
}

/**
 * The receipts linked to any of these invoices or orders, newest first, for the back-office lists.
 * @example const receipts = await listReceiptsLinkedTo({ invoiceIds: rows.map((row) => row.id) })
 */
export async function listReceiptsLinkedTo({
  invoiceIds = [],
  orderIds = [],
}: {
  invoiceIds?: string[]
  orderIds?: string[]
}): Promise<ReceiptDto[]> {
  const invoices = invoiceIds.filter(isUuid)
  const orders = orderIds.filter(isUuid)
  if (invoices.length === 0 && orders.length === 0) return []
  const db = await getDb()
  const linked = or(
    invoices.length ? inArray(documents.invoiceId, invoices) : undefined,
    orders.length ? inArray(documents.orderId, orders) : undefined,
  )
  return db
    .select(receiptColumns)
    .from(documents)
    .where(and(eq(documents.bucketId, RECEIPTS_BUCKET), linked))
    .orderBy(desc(documents.createdAt), desc(documents.id))
}
