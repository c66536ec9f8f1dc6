import { eq } from 'drizzle-orm'
import type { Tx } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { recordOrderEvent } from './detail.server.ts'
import { orderLines, orders } from './schema.server.ts'
import type { OrderActor, OrderPaymentStatus, OrderStatus } from './types.ts'

/** What the fulfilment workflows read of an order, under its row lock. */
export type LockedOrder = {
  id: string
  number: number
  status: OrderStatus
  paymentStatus: OrderPaymentStatus
  totalCents: number
  refundedCents: number
  paymentProvider: string | null
  paymentReference: string | null
  testPayment: boolean
  lines: { productId: string | null; quantity: number }[]
}

/**
 * Locks an order for a change (status, shipment, cancellation, refund), so two admins acting at
 * once are applied one after the other. Null when there is no such order.
 * @example const order = await lockOrder(id, tx)
 */
export async function lockOrder(orderId: string, tx: Tx): Promise<LockedOrder | null> {
  if (!isUuid(orderId)) return null
  const [row] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalCents,
      refundedCents: orders.refundedCents,
      paymentProvider: orders.paymentProvider,
      paymentReference: orders.paymentReference,
      testPayment: orders.testPayment,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update')
  if (!row) return null
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
  return { ...row, lines }
}

const statusDate: Partial<Record<OrderStatus, 'shippedAt' | 'deliveredAt' | 'cancelledAt'>> = {
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  cancelled: 'cancelledAt',
}

/**
 * Moves a locked order to another fulfilment status, stamps the date of shipped, delivered or
 * cancelled, and records who did it. The caller handles what else the move means (stock, mail).
 * @example await moveOrderStatus(order, 'delivered', actor, tx)
 */
export async function moveOrderStatus(order: LockedOrder, status: OrderStatus, actor: OrderActor, tx: Tx) {
  const now = new Date()
  const dateColumn = statusDate[status]
  await tx
    .update(orders)
    .set({ status, updatedAt: now, ...(dateColumn ? { [dateColumn]: now } : {}) })
    .where(eq(orders.id, order.id))
  await recordOrderEvent(order.id, 'status', actor, `Status: ${order.status} → ${status}`, null, tx)
}

/**
 * Records a shipment on a locked order: carrier, tracking number and link, status 'shipped'.
 * @example await recordShipment(order, { carrier: 'UPS', trackingNumber: '1Z…', trackingUrl: null }, actor, tx)
 */
export async function recordShipment(
  order: LockedOrder,
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null },
  actor: OrderActor,
  tx: Tx,
) {
  const now = new Date()
  await tx
    .update(orders)
    .set({ ...shipment, status: 'shipped', shippedAt: now, updatedAt: now })
    .where(eq(orders.id, order.id))
  await recordOrderEvent(
    order.id,
    'shipped',
    actor,
    `Shipped with ${shipment.carrier}, tracking number ${shipment.trackingNumber}`,
    { ...shipment },
    tx,
  )
}

/**
 * Adds a refund to a locked order: the refunded total grows, the payment status becomes
 * 'refunded' once it reaches the order's total ('partially_refunded' before).
 * @example await recordOrderRefund(order, { amountCents: 500, refundId: 're_1', reason: null }, actor, tx)
 */
export async function recordOrderRefund(
  order: LockedOrder,
  refund: { amountCents: number; refundId: string | null; reason: string | null },
  actor: OrderActor,
  tx: Tx,
): Promise<{ refundedCents: number; paymentStatus: OrderPaymentStatus }> {
  const refundedCents = order.refundedCents + refund.amountCents
  const paymentStatus: OrderPaymentStatus = refundedCents >= order.totalCents ? 'refunded' : 'partially_refunded'
  await tx.update(orders).set({ refundedCents, paymentStatus, updatedAt: new Date() }).where(eq(orders.id, order.id))
  const amount = (refund.amountCents / 100).toFixed(2)
  await recordOrderEvent(
    order.id,
    'refunded',
    actor,
    paymentStatus === 'refunded' ? `Refunded $${amount} (in full)` : `Refunded $${amount} (in part)`,
    { amountCents: refund.amountCents, refundId: refund.refundId, reason: refund.reason },
    tx,
  )
  return { refundedCents, paymentStatus }
}

/**
 * Marks an unpaid order paid (its invoice was paid through Pay Now, declared paid or marked paid
 * by the shop) and moves a pending one to the shop's paid-order status. Nothing when it is not
 * unpaid any more.
 * @example await markOrderPaid(orderId, { provider: 'stripe', reference: 'pi_1', … }, actor, tx)
 */
export async function markOrderPaid(
  orderId: string,
  payment: {
    provider: string | null
    reference: string | null
    paidAt: Date
    testPayment: boolean
    fulfilmentStatus: OrderStatus
  },
  actor: OrderActor,
  tx: Tx,
): Promise<boolean> {
  const order = await lockOrder(orderId, tx)
  if (order?.paymentStatus !== 'unpaid') return false
  await tx
    .update(orders)
    .set({
      paymentStatus: payment.testPayment ? 'test' : 'paid',
      testPayment: payment.testPayment,
      paymentProvider: payment.provider,
      paymentReference: payment.reference,
      paidAt: payment.paidAt,
      status: order.status === 'pending' ? payment.fulfilmentStatus : order.status,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId))
  await recordOrderEvent(
    orderId,
    'paid',
    actor,
    payment.testPayment ? 'Test payment received (no money taken)' : 'Payment received',
    { reference: payment.reference },
    tx,
  )
  return true
}

/**
 * The shop's own note on an order (never shown to the customer), recorded in its history.
 * @example await saveInternalNote(order, 'Customer asked for gift wrap', actor, tx)
 */
export async function saveInternalNote(order: LockedOrder, note: string, actor: OrderActor, tx: Tx) {
  // The row is locked (lockOrder): the note read here is the one this save replaces.
  const [before] = await tx.select({ note: orders.internalNote }).from(orders).where(eq(orders.id, order.id))
  await tx
    .update(orders)
    .set({ internalNote: note || null, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
  await recordOrderEvent(order.id, 'note', actor, note ? 'Internal note changed' : 'Internal note removed', null, tx)
  return { before: before?.note ?? null }
}

/** What is left to refund of a locked order (the orders_refunded_range CHECK holds the same line). */
export const refundableCents = (order: LockedOrder) => Math.max(0, order.totalCents - order.refundedCents)
