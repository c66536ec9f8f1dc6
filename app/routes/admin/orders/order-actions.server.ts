import { countOf } from '#app/components/admin/admin-page.tsx'
import type { OrderActor } from '#app/modules/orders/index.server.ts'
import {
  OrderNoteFormSchema,
  OrderStatusFormSchema,
  RefundFormSchema,
  ShipOrderFormSchema,
} from '#app/modules/orders/schemas.ts'
import { formatMoney } from '#app/rules/money.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import type { Viewer } from '#app/wiring/viewer.server.ts'
import {
  cancelOrder,
  changeInternalNote,
  changeOrderStatus as changeStatus,
  type FulfilmentResult,
  refundOrder,
  shipOrder,
} from '#app/workflows/orders/fulfil-order.server.ts'
import {
  resendOrderConfirmation,
  sendOrderCancelledMail,
  sendOrderRefundedMail,
  sendOrderShippedMail,
} from '#app/workflows/orders/order-mails.server.ts'
import { BULK_LIMIT, selectedIds } from '../+shared/bulk-selection.server.ts'

// The back-office's order actions, for the list's status menu and the order page. Each answers
// with one toast (decision 012); a refused form changes nothing and says why.

const failure = (status: number, description: string) => refused(null, description, status)

const success = (title: string, description: string) => succeeded(null, title, description)

const actorOf = (viewer: Viewer): OrderActor => ({ id: viewer.id, label: viewer.email })

/** A workflow's refusal as a toast; anything thrown is logged and answered as a 500. */
async function run<T extends object>(
  what: string,
  orderId: string,
  work: () => Promise<FulfilmentResult<T>>,
  done: (result: { number: number } & T) => Promise<ReturnType<typeof success>> | ReturnType<typeof success>,
) {
  try {
    const result = await work()
    if (!result.ok) return failure(result.status, result.message)
    return await done(result)
  } catch (err) {
    logger.error({ err, orderId }, `Order action failed: ${what}`)
    return failure(500, 'The order could not be changed. Please try again.')
  }
}

/** Any status from any other, saved at once (back-office §4); cancelling gives the stock back. */
export async function changeOrderStatus(form: FormData, viewer: Viewer, orderId = form.get('orderId')) {
  const parsed = parseForm(OrderStatusFormSchema, { orderId, status: form.get('status') })
  if (!parsed.ok) return refusedForm(null, parsed, { status: parsed.fieldErrors.orderId ? 404 : 400 })
  const { orderId: id, status } = parsed.data
  return run(
    'status',
    id,
    () => changeStatus(id, status, actorOf(viewer)),
    (result) => success('Order Status Updated', `Order #${result.number} is ${result.status}.`),
  )
}

/**
 * One status for several orders, once confirmed: each order as the status menu would change it
 * (cancelling gives its stock back), so an order the change does not suit is left as it is and
 * counted apart. At most {@link BULK_LIMIT} orders at once.
 */
export async function changeOrdersStatus(
  form: FormData,
  viewer: Viewer,
  resolveAll: (query: URLSearchParams) => Promise<string[]>,
) {
  const ids = (await selectedIds(form, resolveAll)) ?? []
  if (ids.length === 0) return failure(400, 'Select the orders first.')
  if (ids.length > BULK_LIMIT)
    return failure(400, `Select at most ${BULK_LIMIT} orders at once: narrow the filter first.`)
  const status = parseForm(OrderStatusFormSchema.shape.status, form.get('status'))
  if (!status.ok) return refusedForm(null, status)
  let changed = 0
  const refusals: string[] = []
  for (const id of ids) {
    try {
      const result = await changeStatus(id, status.data, actorOf(viewer))
      if (result.ok) changed += 1
      else refusals.push(result.message)
    } catch (err) {
      logger.error({ err, orderId: id }, 'Order action failed: bulk status')
      refusals.push('The order could not be changed.')
    }
  }
  if (changed === 0) return failure(409, refusals[0] ?? 'None of these orders exists any more.')
  const left = refusals.length
    ? ` ${countOf(refusals.length, 'order was', 'orders were')} left as they were: ${refusals[0]}`
    : ''
  return success('Order Statuses Updated', `${countOf(changed, 'order is', 'orders are')} ${status.data} now.${left}`)
}

/** Marks the order shipped with its carrier and tracking, and e-mails the customer. */
export async function shipOrderAction(form: FormData, viewer: Viewer, orderId: string) {
  const parsed = parseForm(ShipOrderFormSchema, {
    carrier: form.get('carrier'),
    trackingNumber: form.get('trackingNumber'),
    trackingUrl: form.get('trackingUrl') ?? '',
  })
  if (!parsed.ok) return refusedForm(null, parsed)
  return run(
    'ship',
    orderId,
    () => shipOrder(orderId, parsed.data, actorOf(viewer)),
    async (result) => {
      await sendOrderShippedMail(orderId)
      return success('Order Shipped', `Order #${result.number} is marked shipped; the customer was e-mailed.`)
    },
  )
}

/** Cancels the order, gives its stock back and, when asked, refunds what is left of its payment. */
export async function cancelOrderAction(form: FormData, viewer: Viewer, orderId: string) {
  const refund = form.get('refund') === 'on'
  return run(
    'cancel',
    orderId,
    () => cancelOrder(orderId, { refund }, actorOf(viewer)),
    async (result) => {
      await sendOrderCancelledMail(orderId, result.refundedCents)
      const refunded = result.refundedCents > 0 ? ` ${formatMoney(result.refundedCents)} was refunded.` : ''
      return success('Order Cancelled', `Order #${result.number} is cancelled and its stock is back.${refunded}`)
    },
  )
}

/** Refunds an amount (all that is left, or part) through the payment provider. */
export async function refundOrderAction(form: FormData, viewer: Viewer, orderId: string) {
  const parsed = parseForm(RefundFormSchema, { amount: form.get('amount'), reason: form.get('reason') ?? '' })
  if (!parsed.ok) return refusedForm(null, parsed)
  const { amount: amountCents, reason } = parsed.data
  return run(
    'refund',
    orderId,
    () => refundOrder(orderId, { amountCents, reason: reason || null }, actorOf(viewer)),
    async (result) => {
      await sendOrderRefundedMail(orderId, { amountCents, reason: reason || null })
      return success('Refund Issued', `${formatMoney(amountCents)} of order #${result.number} was refunded.`)
    },
  )
}

/** Saves the shop's own note on the order (never shown to the customer). */
export async function saveNoteAction(form: FormData, viewer: Viewer, orderId: string) {
  const parsed = parseForm(OrderNoteFormSchema, { note: form.get('note') ?? '' })
  if (!parsed.ok) return refusedForm(null, parsed)
  return run(
    'note',
    orderId,
    () => changeInternalNote(orderId, parsed.data.note, actorOf(viewer)),
    (result) => success('Note Saved', `The note on order #${result.number} is saved.`),
  )
}

/** Sends the order confirmation to the customer again. */
export async function resendConfirmationAction(viewer: Viewer, orderId: string, invoiceId: string | null) {
  try {
    const sent = await resendOrderConfirmation(orderId, invoiceId, actorOf(viewer))
    if (!sent) return failure(409, 'This order has no e-mail address to send to, or the e-mail could not be stored.')
    return success('Confirmation Sent', 'The order confirmation was sent to the customer again.')
  } catch (err) {
    logger.error({ err, orderId }, 'Order confirmation could not be resent')
    return failure(500, 'The confirmation could not be sent. Please try again.')
  }
}

export function unknownIntent() {
  return failure(400, 'Unknown request.')
}
