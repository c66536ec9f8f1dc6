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
  MISSING_CUSTOMER_OR_ITEMS,
  ResolvePaymentFormSchema,
} from '#app/modules/invoices/schemas.ts'
import type { OrderActor } from '#app/modules/orders/index.server.ts'
import { shortId } from '#app/rules/money.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { invoiceAudit } from '#app/workflows/invoice-audit.server.ts'
import { markOrderPaidByShop } from '#app/workflows/orders/order-of-invoice.server.ts'
import { expireInvoicePaymentSessions } from '#app/workflows/pay-invoice.server.ts'
import { saveInvoice } from '#app/workflows/save-invoice.server.ts'

const SAVE_FAILED = 'Failed to save invoice.'
const DELETE_FAILED = 'Failed to delete invoice'
const VOID_FAILED = 'Failed to void invoice'

const failure = (status: number, title: string, description: string) =>
  refused(null, description, status, undefined, title)

const saved = (invoice: { id: string; status: string }) =>
  succeeded(null, 'Invoice saved successfully.', `Invoice #${shortId(invoice.id)} is ${invoice.status}.`)

/** The invoice a form names: its id, or null when the form names none that could exist. */
function invoiceIdOf(form: FormData) {
  const parsed = parseForm(InvoiceIdSchema, { invoiceId: form.get('invoiceId') })
  return parsed.ok ? parsed.data.invoiceId : null
}

/**
 * Create (no invoiceId) or edit: validated here, the total computed by the server. A refused form
 * names each field's problem by the row it was typed in (`items.1.quantity`).
 */
export async function saveInvoiceFromForm(form: FormData, intent: 'create' | 'update', actor: OrderActor) {
  const invoiceId = intent === 'update' ? invoiceIdOf(form) : undefined
  if (invoiceId === null) return failure(404, SAVE_FAILED, 'Invoice not found.')
  const parsed = parseForm(InvoiceFormSchema, invoiceFormValues(form))
  if (!parsed.ok) {
    // Back-office §5 titles the missing customer or items 'Error'; any other problem is a failed save.
    return refusedForm(null, parsed, { title: parsed.message === MISSING_CUSTOMER_OR_ITEMS ? 'Error' : SAVE_FAILED })
  }
  try {
    const result = await saveInvoice(parsed.data, { invoiceId, actor })
    if (!result.ok) {
      const status = { 'not-found': 404, void: 409, invalid: 400 }[result.reason]
      return failure(status, SAVE_FAILED, result.message)
    }
    return saved(result.invoice)
  } catch (err) {
    logger.error({ err, invoiceId }, 'Invoice could not be saved')
    return failure(500, SAVE_FAILED, 'Please try again.')
  }
}

/** The list's status menu: any status, freely (back-office §4). */
export async function changeInvoiceStatus(form: FormData, actor: OrderActor) {
  const parsed = parseForm(InvoiceStatusFormSchema, { invoiceId: form.get('invoiceId'), status: form.get('status') })
  if (!parsed.ok) return refusedForm(null, parsed, { title: SAVE_FAILED })
  try {
    const invoice = await setInvoiceStatus(parsed.data.invoiceId, parsed.data.status, invoiceAudit(actor))
    if (!invoice) return failure(404, SAVE_FAILED, 'Invoice not found.')
    if (invoice === 'void') return failure(409, SAVE_FAILED, INVOICE_IS_VOID)
    if (invoice.changed) await expireInvoicePaymentSessions(invoice.id)
    if (invoice.changed && invoice.status === 'paid') await markOrderPaidByShop(invoice.id, actor)
    return saved(invoice)
  } catch (err) {
    logger.error({ err, invoiceId: parsed.data.invoiceId }, 'Invoice status could not be saved')
    return failure(500, SAVE_FAILED, 'Please try again.')
  }
}

/** Delete, after the page has asked for confirmation. */
export async function deleteInvoiceFromForm(form: FormData, actor: OrderActor) {
  const invoiceId = invoiceIdOf(form)
  if (!invoiceId) return failure(404, DELETE_FAILED, 'Invoice not found.')
  try {
    // Nobody can pay it any more; a payment that still arrives is kept and flagged.
    await expireInvoicePaymentSessions(invoiceId)
    const outcome = await deleteInvoice(invoiceId, invoiceAudit(actor))
    if (outcome === 'not-found') return failure(404, DELETE_FAILED, 'Invoice not found.')
    if (outcome === 'paid' || outcome === 'void') {
      const which = outcome === 'paid' ? 'A paid' : 'A voided'
      return failure(409, DELETE_FAILED, `${which} invoice cannot be deleted: it stays in the records.`)
    }
    return succeeded(null, 'Invoice Deleted', `Invoice #${shortId(invoiceId)} was deleted.`)
  } catch (err) {
    logger.error({ err, invoiceId }, 'Invoice could not be deleted')
    return failure(500, DELETE_FAILED, 'Please try again.')
  }
}

/**
 * Void, after the page has asked for confirmation: a paid or unpaid invoice stays in the records,
 * marked void; nobody can pay it any more.
 */
export async function voidInvoiceFromForm(form: FormData, actor: OrderActor) {
  const invoiceId = invoiceIdOf(form)
  if (!invoiceId) return failure(404, VOID_FAILED, 'Invoice not found.')
  try {
    const outcome = await voidInvoice(invoiceId, invoiceAudit(actor))
    if (outcome === 'not-found') return failure(404, VOID_FAILED, 'Invoice not found.')
    if (outcome === 'void') return failure(409, VOID_FAILED, 'This invoice is void already.')
    if (outcome === 'quote') return failure(409, VOID_FAILED, 'A quote is not an invoice yet: delete it instead.')
    await expireInvoicePaymentSessions(invoiceId)
    return succeeded(null, 'Invoice Voided', `Invoice #${shortId(invoiceId)} is void. It stays in the records.`)
  } catch (err) {
    logger.error({ err, invoiceId }, 'Invoice could not be voided')
    return failure(500, VOID_FAILED, 'Please try again.')
  }
}

/** A flagged payment the shop has dealt with (refunded, or accepted by hand) is no longer flagged. */
export async function resolvePaymentFromForm(form: FormData, adminId: string) {
  const parsed = parseForm(ResolvePaymentFormSchema, { paymentId: form.get('paymentId') })
  if (!parsed.ok || !(await resolveFlaggedInvoicePayment(parsed.data.paymentId, adminId))) {
    return failure(404, 'Error', 'That payment is not flagged any more.')
  }
  return succeeded(null, 'Payment Handled', 'It is no longer flagged.')
}

export function unknownIntent() {
  return failure(400, 'Error', 'Unknown request.')
}
