import {
  type DeclaredPaymentResult,
  declareInvoicePaid,
  notifyInvoiceChanged,
  retrieveInvoiceForViewer,
} from '#app/modules/invoices/index.server.ts'
import { isInvoiceOfCancelledOrder, markOrderOfInvoicePaid } from './orders/order-of-invoice.server.ts'
import { expireAtProvider } from './pay-invoice.server.ts'

/**
 * A customer's Mark as Paid on the Accounting Hub (storefront §2, §4; DESIGN 8): their own unpaid
 * invoice is recorded as paid by their declaration (who and when), its version is bumped, its open
 * Pay Now sessions can no longer pay it, and its open pages hear 'Status changed to paid'.
 * @example
 * const result = await markInvoicePaidByCustomer(form.invoiceId, viewer)
 * if (!result.ok) return refused(result.reason)
 */
export async function markInvoicePaidByCustomer(
  invoiceId: string,
  customer: { id: string },
): Promise<DeclaredPaymentResult | { ok: false; reason: 'order-cancelled' }> {
  // Step 0: the invoice of an order the shop cancelled is not paid any more (as Pay Now refuses
  // it); only the owner learns why, anyone else gets 'not found'.
  if (await isInvoiceOfCancelledOrder(invoiceId)) {
    const own = await retrieveInvoiceForViewer(invoiceId, { id: customer.id, isAdmin: false })
    return { ok: false, reason: own ? 'order-cancelled' : 'not-found' }
  }
  // Step 1: the declaration, the paid status, the new version and the sessions expired, at once.
  const result = await declareInvoicePaid(invoiceId, customer.id)
  if (!result.ok) return result
  // Step 1b: its order is paid too (declared: no provider, no reference).
  await markOrderOfInvoicePaid(
    result.invoiceId,
    { provider: null, reference: null, paidAt: result.declaredAt, testPayment: false },
    { id: customer.id, label: 'Customer (declared paid)' },
  )
  // Step 2: the sessions expired at the provider too (best effort; a payment still arriving is
  // judged against the paid invoice and flagged as a duplicate, decision 017).
  await expireAtProvider(result.expiredSessions)
  // Step 3: open invoice pages update live, now that the change has committed.
  await notifyInvoiceChanged(result.invoiceId, 'paid')
  return result
}
