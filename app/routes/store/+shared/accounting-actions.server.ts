import { ReceiptIdFormSchema } from '#app/modules/documents/schemas.ts'
import { InvoiceIdSchema } from '#app/modules/invoices/schemas.ts'
import { shortId } from '#app/rules/money.ts'
import { refused, succeeded } from '#app/utils/action-reply.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import type { Viewer } from '#app/wiring/viewer.server.ts'
import { markInvoicePaidByCustomer } from '#app/workflows/declare-invoice-paid.server.ts'
import { CANCELLED_ORDER_INVOICE } from '#app/workflows/orders/order-of-invoice.server.ts'
import { deleteReceipt } from '#app/workflows/receipts.server.ts'

const updateFailed = (status: number, description: string) =>
  refused('mark-paid', description, status, undefined, 'Update failed')

const deletionFailed = (status: number, description: string) =>
  refused('delete-receipt', description, status, undefined, 'Deletion failed')

/** Invoice Tracker's Mark as Paid: only the customer's own unpaid invoice (storefront §4). */
export async function markPaidFromForm(form: FormData, viewer: Viewer) {
  // A malformed id is answered like an unknown one: nothing to find, nothing changed.
  const parsed = parseForm(InvoiceIdSchema, { invoiceId: form.get('invoiceId') })
  if (!parsed.ok) return updateFailed(404, 'Invoice not found or access denied.')
  const { invoiceId } = parsed.data
  try {
    const result = await markInvoicePaidByCustomer(invoiceId, viewer)
    if (!result.ok && result.reason === 'not-found') return updateFailed(404, 'Invoice not found or access denied.')
    if (!result.ok && result.reason === 'order-cancelled') return updateFailed(409, CANCELLED_ORDER_INVOICE)
    if (!result.ok) return updateFailed(409, 'This invoice is not awaiting payment.')
    return succeeded('mark-paid', 'Invoice Updated', `Invoice #${shortId(result.invoiceId)} is marked as paid.`)
  } catch (err) {
    logger.error({ err, invoiceId }, 'Invoice could not be marked paid')
    return updateFailed(500, 'Please try again.')
  }
}

/** File Uploads' Delete, after the page has asked for confirmation: the record and the file go. */
export async function deleteReceiptFromForm(form: FormData, viewer: Viewer) {
  const parsed = parseForm(ReceiptIdFormSchema, { documentId: form.get('documentId') })
  if (!parsed.ok) return deletionFailed(404, parsed.message)
  const { documentId } = parsed.data
  try {
    const deleted = await deleteReceipt(documentId, viewer)
    if (!deleted) return deletionFailed(404, 'File not found.')
    return succeeded('delete-receipt', 'File Deleted', `${deleted.fileName} was deleted.`)
  } catch (err) {
    logger.error({ err, documentId }, 'Receipt could not be deleted')
    return deletionFailed(500, 'Please try again.')
  }
}

export function unknownIntent() {
  return refused(null, 'Unknown request.', 400, undefined, 'Update failed')
}
