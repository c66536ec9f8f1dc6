import { findOrderIdOfInvoice } from '#app/modules/invoices/index.server.ts'
import { findOrderNumber, markOrderPaid, type OrderActor } from '#app/modules/orders/index.server.ts'
import { getShopSettings } from '#app/modules/settings/index.server.ts'
import { getDb, type Tx } from '#app/utils/db.server.ts'

export type InvoicePaymentFacts = {
  provider: string | null
  reference: string | null
  paidAt: Date
  testPayment: boolean
}

/**
 * An invoice of an order was paid (Pay Now, the customer's Mark as Paid, or the shop's Save with
 * status paid): its order becomes paid too and, if it was 'pending', moves to the shop's paid-order
 * status, so an order never says 'Pending' while its invoice says 'Paid'. Nothing for an invoice
 * of no order, or an order already paid. Pass `tx` to do it in the transaction of the payment.
 * @example await markOrderOfInvoicePaid(invoiceId, { provider: 'stripe', reference: 'pi_1', paidAt, testPayment: false }, actor, tx)
 */
export async function markOrderOfInvoicePaid(
  invoiceId: string,
  payment: InvoicePaymentFacts,
  actor: OrderActor,
  tx?: Tx,
): Promise<boolean> {
  const work = async (db: Tx) => {
    const orderId = await findOrderIdOfInvoice(invoiceId, db)
    if (!orderId) return false
    const { paidOrderStatus } = await getShopSettings(db)
    return markOrderPaid(orderId, { ...payment, fulfilmentStatus: paidOrderStatus }, actor, db)
  }
  if (tx) return work(tx)
  return (await getDb()).transaction(work)
}

/**
 * The shop marked an invoice paid by hand (Save or the status menu): its order is paid, recorded
 * as a payment outside the shop (no provider, no reference), by that admin.
 * @example await markOrderPaidByShop(invoice.id, { id: admin.id, label: admin.email })
 */
export function markOrderPaidByShop(invoiceId: string, actor: OrderActor) {
  return markOrderOfInvoicePaid(
    invoiceId,
    { provider: null, reference: null, paidAt: new Date(), testPayment: false },
    actor,
  )
}

export const CANCELLED_ORDER_INVOICE = 'This order was cancelled, so its invoice can no longer be paid.'

/**
 * True when the invoice bills an order the shop cancelled: it must not be paid any more (Pay Now
 * and Mark as Paid refuse it), as the order will not be made.
 * @example if (await isInvoiceOfCancelledOrder(invoice.id)) return refused(CANCELLED_ORDER_INVOICE)
 */
export async function isInvoiceOfCancelledOrder(invoiceId: string): Promise<boolean> {
  const orderId = await findOrderIdOfInvoice(invoiceId)
  const order = orderId ? await findOrderNumber(orderId) : null
  return order?.status === 'cancelled'
}
