import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { type KeysetPage, newestFirst, type PageCursor, selectKeysetPage } from '#app/utils/keyset.server.ts'
import { invoiceDetailColumns, invoiceSummaryColumns, itemsByInvoice } from './invoice-rows.server.ts'
import { invoiceItems, invoices } from './schema.server.ts'
import type { CreatePaidInvoiceInput, InvoiceDetailDto, InvoiceSummaryDto, InvoiceViewer } from './types.ts'

/** Invoices on one page of the account's Invoices tab and the accounting hub's Invoice Tracker. */
const INVOICE_PAGE_SIZE = 20

// Read from invoices_user_created_idx (user_id, created_at, id): every page is one seek.
const newestInvoices = newestFirst('invoices', invoices)

/**
 * One page of a customer's own invoices, newest first: the account's Invoices tab and the accounting
 * hub's Invoice Tracker. A malformed cursor, or one of another list, reads the first page.
 * @example const page = await listInvoicesOfUserPage(viewer.id, { after }) // { rows, next, previous, at }
 */
export async function listInvoicesOfUserPage(
  userId: string,
  cursor: PageCursor = {},
  pageSize = INVOICE_PAGE_SIZE,
): Promise<KeysetPage<InvoiceSummaryDto>> {
  const db = await getDb()
  return selectKeysetPage(db, invoices, invoiceSummaryColumns, {
    order: newestInvoices,
    cursor,
    where: eq(invoices.userId, userId),
    pageSize,
  })
}

/**
 * The invoice of each of a customer's orders that has one, by order id: the Orders tab links each
 * order to its invoice. Orders of anyone else are left out.
 * @example const invoiceOf = await invoiceIdsOfOrders(viewer.id, page.rows.map((order) => order.id)) // { [orderId]: invoiceId }
 */
export async function invoiceIdsOfOrders(userId: string, orderIds: readonly string[]): Promise<Record<string, string>> {
  const wanted = [...new Set(orderIds.filter(isUuid))]
  if (wanted.length === 0) return {}
  const db = await getDb()
  const rows = await db
    .select({ id: invoices.id, orderId: invoices.orderId })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), inArray(invoices.orderId, wanted)))
    .orderBy(desc(invoices.createdAt))
  // The newest invoice of an order is the one to open, as the list read newest first did.
  const invoiceOf: Record<string, string> = {}
  for (const row of rows) if (row.orderId && !(row.orderId in invoiceOf)) invoiceOf[row.orderId] = row.id
  return invoiceOf
}

/**
 * Creates an invoice already paid by card, with its items in order, for an order paid at checkout.
 * @example const { id } = await createPaidInvoice({ orderId, totalCents, paymentDate: new Date(), ... }, tx)
 */
export async function createPaidInvoice(input: CreatePaidInvoiceInput, tx?: DbOrTx): Promise<{ id: string }> {
  const db = tx ?? (await getDb())
  const [invoice] = await db
    .insert(invoices)
    .values({
      userId: input.userId,
      email: input.email,
      orderId: input.orderId,
      status: 'paid',
      totalCents: input.totalCents,
      paymentDate: input.paymentDate,
      paymentReference: input.paymentReference,
      testPayment: input.testPayment,
    })
    .returning({ id: invoices.id })
  if (!invoice) throw new Error('The invoice was not stored')
  if (input.items.length > 0) {
    await db
      .insert(invoiceItems)
      .values(input.items.map((item, position) => ({ invoiceId: invoice.id, position, ...item })))
  }
  return invoice
}

/**
 * One invoice with its items, only for its owner or an admin; null when the id is malformed,
 * unknown or someone else's, so the caller cannot tell which.
 * @example const invoice = await retrieveInvoiceForViewer(params.invoiceId, viewer)
 */
export async function retrieveInvoiceForViewer(
  invoiceId: string,
  viewer: InvoiceViewer,
): Promise<InvoiceDetailDto | null> {
  return retrieveInvoice(invoiceId, (owner) => viewer.isAdmin || owner === viewer.id)
}

/**
 * One invoice with its items, for the shop's own use (an e-mail's PDF); null when the id is
 * malformed or unknown. `allowed` sees the owner's id first: a refused invoice's items are not read.
 * @example const invoice = await retrieveInvoice(invoiceId)
 */
export async function retrieveInvoice(
  invoiceId: string,
  allowed: (ownerId: string | null) => boolean = () => true,
): Promise<InvoiceDetailDto | null> {
  if (!isUuid(invoiceId)) return null
  const db = await getDb()
  const [invoice] = await db.select(invoiceDetailColumns).from(invoices).where(eq(invoices.id, invoiceId)).limit(1)
  if (!invoice || !allowed(invoice.userId)) return null
  const items = await itemsByInvoice(db, [invoiceId])
  return { ...invoice, items: items.get(invoiceId) ?? [] }
}

/**
 * Marks an unpaid (or quoted) invoice paid with its payment date and the provider's reference.
 * False when it was already paid or does not exist, so a repeated payment changes nothing.
 * Announce the change with `notifyInvoiceChanged` once the transaction has committed.
 * @example const changed = await markInvoicePaid(id, { paymentReference: 'pi_123', paidAt: new Date() }, tx)
 */
export async function markInvoicePaid(
  invoiceId: string,
  payment: { paymentReference: string | null; paidAt: Date },
  tx?: DbOrTx,
): Promise<boolean> {
  if (!isUuid(invoiceId)) return false
  const db = tx ?? (await getDb())
  const changed = await db
    .update(invoices)
    .set({
      status: 'paid',
      paymentDate: payment.paidAt,
      paymentReference: payment.paymentReference,
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.id, invoiceId), inArray(invoices.status, ['unpaid', 'quote'])))
    .returning({ id: invoices.id })
  return changed.length > 0
}

/**
 * The invoice of an order, if it has one (a cart order's paid invoice, an /order order's unpaid one).
 * @example const invoice = await findInvoiceOfOrder(order.id) // { id, status: 'paid' }
 */
export async function findInvoiceOfOrder(orderId: string, tx?: DbOrTx) {
  if (!isUuid(orderId)) return null
  const db = tx ?? (await getDb())
  const [row] = await db
    .select({ id: invoices.id, status: invoices.status, refundedCents: invoices.refundedCents })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(invoices.createdAt)
    .limit(1)
  return row ?? null
}

/**
 * Adds a refund of the order to its invoice, so the invoice shows what was given back.
 * @example await recordInvoiceRefund(order.id, 500, tx)
 */
export async function recordInvoiceRefund(orderId: string, amountCents: number, tx: DbOrTx) {
  await tx
    .update(invoices)
    .set({ refundedCents: sql`${invoices.refundedCents} + ${amountCents}`, updatedAt: new Date() })
    .where(eq(invoices.orderId, orderId))
}

/**
 * The order an invoice belongs to, if any.
 * @example const orderId = await findOrderIdOfInvoice(invoiceId, tx)
 */
export async function findOrderIdOfInvoice(invoiceId: string, tx?: DbOrTx): Promise<string | null> {
  if (!isUuid(invoiceId)) return null
  const db = tx ?? (await getDb())
  const [row] = await db.select({ orderId: invoices.orderId }).from(invoices).where(eq(invoices.id, invoiceId))
  return row?.orderId ?? null
}
