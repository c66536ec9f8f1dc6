import { data } from 'react-router'
import { z } from 'zod'
import { shortId } from '#app/rules/money.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { logger } from '#app/utils/logger.server.ts'
import type { Viewer } from '#app/wiring/viewer.server.ts'
import { markInvoicePaidByCustomer } from '#app/workflows/declare-invoice-paid.server.ts'
import { CANCELLED_ORDER_INVOICE } from '#app/workflows/orders/order-of-invoice.server.ts'
import { deleteReceipt } from '#app/workflows/receipts.server.ts'

export type AccountingIntent = 'mark-paid' | 'delete-receipt'
export type AccountingActionResult = ActionResult<AccountingIntent>

// A malformed id is answered like an unknown one: nothing to find, nothing changed.
const IdSchema = z.string().trim().max(100).catch('')

function answer(intent: AccountingIntent | null, status: number, toast: ActionResult['toast']) {
  return data<AccountingActionResult>({ ok: status < 400, intent, toast }, { status })
}

const failed = (intent: AccountingIntent | null, status: number, title: string, description: string) =>
  answer(intent, status, { title, description, variant: 'destructive' })

/** Invoice Tracker's Mark as Paid: only the customer's own unpaid invoice (storefront §4). */
export async function markPaidFromForm(form: FormData, viewer: Viewer) {
  const invoiceId = IdSchema.parse(form.get('invoiceId'))
  try {
    const result = await markInvoicePaidByCustomer(invoiceId, viewer)
    if (!result.ok && result.reason === 'not-found') {
      return failed('mark-paid', 404, 'Update failed', 'Invoice not found or access denied.')
    }
    if (!result.ok && result.reason === 'order-cancelled') {
      return failed('mark-paid', 409, 'Update failed', CANCELLED_ORDER_INVOICE)
    }
    if (!result.ok) return failed('mark-paid', 409, 'Update failed', 'This invoice is not awaiting payment.')
    return answer('mark-paid', 200, {
      title: 'Invoice Updated',
      description: `Invoice #${shortId(result.invoiceId)} is marked as paid.`,
      variant: 'success',
    })
  } catch (err) {
    logger.error({ err, invoiceId }, 'Invoice could not be marked paid')
    return failed('mark-paid', 500, 'Update failed', 'Please try again.')
  }
}

/** File Uploads' Delete, after the page has asked for confirmation: the record and the file go. */
export async function deleteReceiptFromForm(form: FormData, viewer: Viewer) {
  const documentId = IdSchema.parse(form.get('documentId'))
  try {
    const deleted = await deleteReceipt(documentId, viewer)
    if (!deleted) return failed('delete-receipt', 404, 'Deletion failed', 'File not found.')
    return answer('delete-receipt', 200, {
      title: 'File Deleted',
      description: `${deleted.fileName} was deleted.`,
      variant: 'success',
    })
  } catch (err) {
    logger.error({ err, documentId }, 'Receipt could not be deleted')
    return failed('delete-receipt', 500, 'Deletion failed', 'Please try again.')
  }
}

export function unknownIntent() {
  return failed(null, 400, 'Update failed', 'Unknown request.')
}
