import { recordActivity } from '#app/modules/activity/index.server.ts'
import { releaseStock, takeStockUnconditionally } from '#app/modules/catalog/index.server.ts'
import { recordInvoiceRefund } from '#app/modules/invoices/index.server.ts'
import {
  type LockedOrder,
  lockOrder,
  moveOrderStatus,
  type OrderActor,
  type OrderStatus,
  recordOrderRefund,
  recordShipment,
  refundableCents,
  saveInternalNote,
} from '#app/modules/orders/index.server.ts'
import { getPaymentProvider, PaymentRefundError } from '#app/modules/payments/index.server.ts'
import { formatMoney } from '#app/rules/money.ts'
import { getDb, type Tx } from '#app/utils/db.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { announcePublicChange } from '#app/utils/public-change.server.ts'

/** What an order-page action did, or why it changed nothing (the HTTP status and the message). */
export type FulfilmentResult<T = object> =
  | ({ ok: true; number: number } & T)
  | { ok: false; status: 400 | 404 | 409 | 502; message: string }

const ORDER_NOT_FOUND = 'Order not found.'

/** Thrown inside a transaction to roll it back and answer with a message. */
class Refused extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 502,
    message: string,
  ) {
    super(message)
  }
}

async function inOrderTransaction<T extends object>(
  orderId: string,
  work: (order: LockedOrder, tx: Tx) => Promise<T>,
): Promise<FulfilmentResult<T>> {
  const db = await getDb()
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrder(orderId, tx)
      if (!order) throw new Refused(404, ORDER_NOT_FOUND)
      return { ok: true as const, number: order.number, ...(await work(order, tx)) }
    })
  } catch (error) {
    if (error instanceof Refused) return { ok: false, status: error.status, message: error.message }
    throw error
  }
}

/** The activity log's record of an admin's change to an order, in the change's transaction. */
function recordOrderActivity(
  order: LockedOrder,
  action: string,
  changes: Record<string, { before: unknown; after: unknown }>,
  actor: OrderActor,
  tx: Tx,
) {
  return recordActivity(
    {
      actor,
      action: `order.${action}`,
      recordType: 'order',
      recordId: order.id,
      recordLabel: `Order #${order.number}`,
      changes,
    },
    tx,
  )
}

const stockLines = (order: LockedOrder) =>
  order.lines.flatMap((line) => (line.productId ? [{ productId: line.productId, quantity: line.quantity }] : []))

/**
 * Gives money back for a locked order through the provider that took it, then records it on the
 * order and its invoice. The provider call happens under the order's row lock, with an
 * idempotency key made of the order, what was refunded before and the amount: if our commit fails
 * after the provider refunded, the admin's retry is the same refund and the provider makes it once.
 * A payment the shop recorded by hand (declared or marked paid, no provider reference) is
 * recorded as refunded outside the shop.
 */
async function refundLocked(order: LockedOrder, amountCents: number, reason: string | null, actor: OrderActor, tx: Tx) {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new Refused(400, 'Enter an amount above 0.00.')
  if (!['paid', 'test', 'partially_refunded'].includes(order.paymentStatus)) {
    throw new Refused(409, 'This order has no payment to refund.')
  }
  const left = refundableCents(order)
  if (amountCents > left) {
    throw new Refused(400, `You can refund at most ${formatMoney(left)} of this order.`)
  }
  let refundId: string | null = null
  if (order.paymentReference && order.paymentProvider) {
    const provider = getPaymentProvider()
    if (provider.name !== order.paymentProvider) {
      throw new Refused(
        409,
        `This order was paid through ${order.paymentProvider}, which is not the shop's payment provider now. Refund it there.`,
      )
    }
    try {
      ;({ id: refundId } = await provider.refundPayment({
        paymentReference: order.paymentReference,
        amountCents,
        idempotencyKey: `order-refund:${order.id}:${order.refundedCents}:${amountCents}`,
        reason,
      }))
    } catch (error) {
      if (error instanceof PaymentRefundError) throw new Refused(502, `The payment provider refused: ${error.message}`)
      logger.error({ err: error, orderId: order.id }, 'Refund failed at the payment provider')
      throw new Refused(502, 'The payment provider could not be reached. Nothing was refunded; please try again.')
    }
  }
  const recorded = await recordOrderRefund(order, { amountCents, refundId, reason }, actor, tx)
  await recordInvoiceRefund(order.id, amountCents, tx)
  await recordOrderActivity(
    order,
    'refunded',
    { refundedCents: { before: order.refundedCents, after: order.refundedCents + amountCents } },
    actor,
    tx,
  )
  return { ...recorded, refundId }
}

/**
 * Refunds part or all of what is left of an order's payment through its payment provider; the
 * order's payment status and its invoice follow.
 * @example const result = await refundOrder(orderId, { amountCents: 500, reason: 'Late' }, actor)
 */
export async function refundOrder(
  orderId: string,
  refund: { amountCents: number; reason: string | null },
  actor: OrderActor,
) {
  const result = await inOrderTransaction(orderId, async (order, tx) => ({
    amountCents: refund.amountCents,
    ...(await refundLocked(order, refund.amountCents, refund.reason, actor, tx)),
  }))
  return result
}

/**
 * Cancels an order: status 'cancelled', its products' stock given back, and (when asked) what is
 * left of its payment refunded, all or nothing. Cancelling a cancelled order changes nothing.
 * @example const result = await cancelOrder(orderId, { refund: true }, actor) // { ok: true, refundedCents: 2625 }
 */
export async function cancelOrder(orderId: string, options: { refund: boolean }, actor: OrderActor) {
  const result = await inOrderTransaction(orderId, async (order, tx) => {
    if (order.status === 'cancelled') throw new Refused(409, 'This order is already cancelled.')
    if (order.status === 'shipped' || order.status === 'delivered') {
      throw new Refused(409, `This order is ${order.status}; refund it instead of cancelling it.`)
    }
    let refundedCents = 0
    if (options.refund && refundableCents(order) > 0 && order.paymentStatus !== 'unpaid') {
      refundedCents = refundableCents(order)
      await refundLocked(order, refundedCents, 'Order cancelled', actor, tx)
    }
    await moveOrderStatus(order, 'cancelled', actor, tx)
    await releaseStock(stockLines(order), tx)
    await recordOrderActivity(order, 'cancelled', { status: { before: order.status, after: 'cancelled' } }, actor, tx)
    return { refundedCents }
  })
  if (result.ok) announcePublicChange('stock returned by a cancelled order')
  return result
}

/**
 * Records the parcel's carrier and tracking and marks the order shipped. A cancelled order cannot
 * be shipped.
 * @example await shipOrder(orderId, { carrier: 'UPS', trackingNumber: '1Z999', trackingUrl: null }, actor)
 */
export async function shipOrder(
  orderId: string,
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null },
  actor: OrderActor,
) {
  return inOrderTransaction(orderId, async (order, tx) => {
    if (order.status === 'cancelled') throw new Refused(409, 'A cancelled order cannot be shipped.')
    await recordShipment(order, shipment, actor, tx)
    await recordOrderActivity(
      order,
      'shipped',
      {
        status: { before: order.status, after: 'shipped' },
        carrier: { before: null, after: shipment.carrier },
        trackingNumber: { before: null, after: shipment.trackingNumber },
      },
      actor,
      tx,
    )
    return {}
  })
}

/**
 * Sets an order's fulfilment status from the list's menu or the order page (any from any other,
 * back-office §4). Cancelling goes through `cancelOrder`'s stock rule: the stock comes back; an
 * order taken out of 'cancelled' takes its stock again.
 * @example await changeOrderStatus(orderId, 'delivered', actor) // { ok: true, changed: true, status: 'delivered' }
 */
export async function changeOrderStatus(orderId: string, status: OrderStatus, actor: OrderActor) {
  const result = await inOrderTransaction(orderId, async (order, tx) => {
    if (order.status === status) return { changed: false, status, stockMoved: false }
    await moveOrderStatus(order, status, actor, tx)
    await recordOrderActivity(order, 'status-changed', { status: { before: order.status, after: status } }, actor, tx)
    let stockMoved = false
    if (status === 'cancelled') {
      await releaseStock(stockLines(order), tx)
      stockMoved = true
    } else if (order.status === 'cancelled') {
      await takeStockUnconditionally(stockLines(order), tx)
      stockMoved = true
    }
    return { changed: true, status, stockMoved }
  })
  if (result.ok && result.stockMoved) announcePublicChange('stock moved by an order status change')
  return result
}

/**
 * Saves the shop's own note on an order.
 * @example await changeInternalNote(orderId, 'Gift wrap', actor)
 */
export async function changeInternalNote(orderId: string, note: string, actor: OrderActor) {
  return inOrderTransaction(orderId, async (order, tx) => {
    const saved = await saveInternalNote(order, note, actor, tx)
    await recordOrderActivity(
      order,
      'note-saved',
      { internalNote: { before: saved.before, after: note || null } },
      actor,
      tx,
    )
    return {}
  })
}
