import { data } from 'react-router'
import { deleteInvoice, resolveFlaggedInvoicePayment, setInvoiceStatus } from '#app/modules/invoices/index.server.ts'
import {
  InvoiceFormSchema,
  InvoiceIdSchema,
  InvoiceStatusFormSchema,
  invoiceFormValues,
  invoiceIssueToast,
  ResolvePaymentFormSchema,
} from '#app/modules/invoices/schemas.ts'
import type { OrderActor } from '#app/modules/orders/index.server.ts'
import { shortId } from '#app/rules/money.ts'
import { logger } from '#app/utils/logger.server.ts'
import { markOrderPaidByShop } from '#app/workflows/orders/order-of-invoice.server.ts'
import { expireInvoicePaymentSessions } from '#app/workflows/pay-invoice.server.ts'
import { saveInvoice } from '#app/workflows/save-invoice.server.ts'
import type { InvoiceActionResult } from './invoice-types.ts'

const SAVE_FAILED = 'Failed to save invoice.'
const DELETE_FAILED = 'Failed to delete invoice'

function answer(status: number, toast: InvoiceActionResult['toast']) {
  return data<InvoiceActionResult>({ ok: status < 400, toast }, { status })
}

function failure(status: number, title: string, description: string) {
  return answer(status, { title, description, variant: 'destructive' })
}

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
    if (!result.ok) return failure(result.reason === 'not-found' ? 404 : 400, SAVE_FAILED, result.message)
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
    const invoice = await setInvoiceStatus(parsed.data.invoiceId, parsed.data.status)
    if (!invoice) return failure(404, SAVE_FAILED, 'Invoice not found.')
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
export async function deleteInvoiceFromForm(form: FormData) {
  const parsed = InvoiceIdSchema.safeParse({ invoiceId: form.get('invoiceId') })
  if (!parsed.success) return failure(404, DELETE_FAILED, 'Invoice not found.')
  try {
    // Nobody can pay it any more; a payment that still arrives is kept and flagged.
    await expireInvoicePaymentSessions(parsed.data.invoiceId)
    const outcome = await deleteInvoice(parsed.data.invoiceId)
    if (outcome === 'not-found') return failure(404, DELETE_FAILED, 'Invoice not found.')
    if (outcome === 'paid') {
      return failure(409, DELETE_FAILED, 'A paid invoice cannot be deleted: it stays in the records.')
    }
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
