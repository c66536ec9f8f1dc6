import {
  deleteInvoice,
  resolveFlaggedInvoicePayment,
  setInvoiceStatus,
  voidInvoice,
} from '#app/modules/invoices/index.server.ts'
import {
  INVOICE_IS_VOID,
  InvoiceFormSchema,
  InvoiceIdSchema,
  InvoiceStatusFormSchema,
  invoiceFormValues,
  invoiceIssueToast,
  ResolvePaymentFormSchema,
} from '#app/modules/invoices/schemas.ts'
import type { OrderActor } from '#app/modules/orders/index.server.ts'
import { shortId } from '#app/rules/money.ts'
import { answered, refused } from '#app/utils/action-reply.server.ts'
import type { ActionToast } from '#app/utils/action-result.ts'
import { logger } from '#app/utils/logger.server.ts'
import { invoiceAudit } from '#app/workflows/invoice-audit.server.ts'
import { markOrderPaidByShop } from '#app/workflows/orders/order-of-invoice.server.ts'
import { expireInvoicePaymentSessions } from '#app/workflows/pay-invoice.server.ts'
import { saveInvoice } from '#app/workflows/save-invoice.server.ts'

const SAVE_FAILED = 'Failed to save invoice.'
const DELETE_FAILED = 'Failed to delete invoice'
const VOID_FAILED = 'Failed to void invoice'

const answer = (status: number, toast: ActionToast) => answered(null, status, toast)

const failure = (status: number, title: string, description: string) =>
  refused(null, description, status, undefined, title)

/** Create (no invoiceId) or edit: validated here, the total computed by the server. */
export async function saveInvoiceFromForm(form: FormData, intent: 'create' | 'update', actor: OrderActor) {
  let invoiceId: string | undefined
  if (intent === 'update') {
    const id = InvoiceIdSchema.safeParse({ invoiceId: form.get('invoiceId') })
    if (!id.success) return failure(404, SAVE_FAILED, 'Invoice not found.')
    invoiceId = id.data.invoiceId
  }
  const parsed = InvoiceFormSchema.safeParse(invoiceFormValues(form))
  if (!parsed.success) return answer(400, invoiceIssueToast(parsed.error, SAVE_FAILED))
  try {
    const result = await saveInvoice(parsed.data, { invoiceId, actor })
    if (!result.ok) {
      const status = { 'not-found': 404, void: 409, invalid: 400 }[result.reason]
      return failure(status, SAVE_FAILED, result.message)
    }
    const { invoice } = result
    return answer(200, {
      title: 'Invoice saved successfully.',
      description: `Invoice #${shortId(invoice.id)} is ${invoice.status}.`,
      variant: 'success',
    })
  } catch (err) {
    logger.error({ err, invoiceId }, 'Invoice could not be saved')
    return failure(500, SAVE_FAILED, 'Please try again.')
  }
}

/** The list's status menu: any status, freely (back-office §4). */
export async function changeInvoiceStatus(form: FormData, actor: OrderActor) {
  const parsed = InvoiceStatusFormSchema.safeParse({ invoiceId: form.get('invoiceId'), status: form.get('status') })
  if (!parsed.success) return answer(400, invoiceIssueToast(parsed.error, SAVE_FAILED))
  try {
    const invoice = await setInvoiceStatus(parsed.data.invoiceId, parsed.data.status, invoiceAudit(actor))
    if (!invoice) return failure(404, SAVE_FAILED, 'Invoice not found.')
    if (invoice === 'void') return failure(409, SAVE_FAILED, INVOICE_IS_VOID)
    if (invoice.changed) await expireInvoicePaymentSessions(invoice.id)
    if (invoice.changed && invoice.status === 'paid') await markOrderPaidByShop(invoice.id, actor)
    return answer(200, {
      title: 'Invoice saved successfully.',
      description: `Invoice #${shortId(invoice.id)} is ${invoice.status}.`,
      variant: 'success',
    })
  } catch (err) {
    logger.error({ err, invoiceId: parsed.data.invoiceId }, 'Invoice status could not be saved')
    return failure(500, SAVE_FAILED, 'Please try again.')
  }
}

/** Delete, after the page has asked for confirmation. */
export async function deleteInvoiceFromForm(form: FormData, actor: OrderActor) {
  const parsed = InvoiceIdSchema.safeParse({ invoiceId: form.get('invoiceId') })
  if (!parsed.success) return failure(404, DELETE_FAILED, 'Invoice not found.')
  try {
    // Nobody can pay it any more; a payment that still arrives is kept and flagged.
    await expireInvoicePaymentSessions(parsed.data.invoiceId)
    const outcome = await deleteInvoice(parsed.data.invoiceId, invoiceAudit(actor))
    if (outcome === 'not-found') return failure(404, DELETE_FAILED, 'Invoice not found.')
    if (outcome === 'paid') {
      return failure(409, DELETE_FAILED, 'A paid invoice cannot be deleted: it stays in the records.')
    }
    if (outcome === 'void')
      return failure(409, DELETE_FAILED, 'A voided invoice cannot be deleted: it stays in the records.')
    return answer(200, {
      title: 'Invoice Deleted',
      description: `Invoice #${shortId(parsed.data.invoiceId)} was deleted.`,
      variant: 'success',
    })
  } catch (err) {
    logger.error({ err, invoiceId: parsed.data.invoiceId }, 'Invoice could not be deleted')
    return failure(500, DELETE_FAILED, 'Please try again.')
  }
}

/**
 * Void, after the page has asked for confirmation: a paid or unpaid invoice stays in the records,
 * marked void; nobody can pay it any more.
 */
export async function voidInvoiceFromForm(form: FormData, actor: OrderActor) {
  const parsed = InvoiceIdSchema.safeParse({ invoiceId: form.get('invoiceId') })
  if (!parsed.success) return failure(404, VOID_FAILED, 'Invoice not found.')
  try {
    const outcome = await voidInvoice(parsed.data.invoiceId, invoiceAudit(actor))
    if (outcome === 'not-found') return failure(404, VOID_FAILED, 'Invoice not found.')
    if (outcome === 'void') return failure(409, VOID_FAILED, 'This invoice is void already.')
    if (outcome === 'quote') return failure(409, VOID_FAILED, 'A quote is not an invoice yet: delete it instead.')
    await expireInvoicePaymentSessions(parsed.data.invoiceId)
    return answer(200, {
      title: 'Invoice Voided',
      description: `Invoice #${shortId(parsed.data.invoiceId)} is void. It stays in the records.`,
      variant: 'success',
    })
  } catch (err) {
    logger.error({ err, invoiceId: parsed.data.invoiceId }, 'Invoice could not be voided')
    return failure(500, VOID_FAILED, 'Please try again.')
  }
}

/** A flagged payment the shop has dealt with (refunded, or accepted by hand) is no longer flagged. */
export async function resolvePaymentFromForm(form: FormData, adminId: string) {
  const parsed = ResolvePaymentFormSchema.safeParse({ paymentId: form.get('paymentId') })
  if (!parsed.success || !(await resolveFlaggedInvoicePayment(parsed.data.paymentId, adminId))) {
    return failure(404, 'Error', 'That payment is not flagged any more.')
  }
  return answer(200, { title: 'Payment Handled', description: 'It is no longer flagged.', variant: 'success' })
}

export function unknownIntent() {
  return failure(400, 'Error', 'Unknown request.')
}
