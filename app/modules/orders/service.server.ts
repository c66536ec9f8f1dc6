import { desc, eq, inArray } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { orderLines, orders } from './schema.server.ts'
import type { CreateOrderInput, OrderSummaryDto } from './types.ts'

/**
 * A customer's own orders, newest first, with their lines.
 * @example const orders = await listOrdersOfUser(viewer.id)
 */
export async function listOrdersOfUser(userId: string): Promise<OrderSummaryDto[]> {
  const db = await getDb()
  const rows = await db
    .select({ id: orders.id, status: orders.status, totalCents: orders.totalCents, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
  if (rows.length === 0) return []
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      title: orderLines.title,
      quantity: orderLines.quantity,
      variation: orderLines.variation,
    })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    )
  return rows.map((row) => ({
    ...row,
    items: lines
      .filter((line) => line.orderId === row.id)
      .map((line) => ({ title: line.title, quantity: line.quantity, variationName: line.variation?.name ?? null })),
  }))
}

/**
 * Creates an order with its lines, status 'pending' (paid, awaiting fulfilment). Call it in the
 * transaction that takes the payment into account, so a failure leaves nothing half-made.
 * @example const { id } = await createOrder({ userId, email, lines, totalCents, ... }, tx)
 */
export async function createOrder(input: CreateOrderInput, tx?: DbOrTx): Promise<{ id: string }> {
  const db = tx ?? (await getDb())
  const [order] = await db
    .insert(orders)
    .values({
      userId: input.userId,
      email: input.email,
      status: 'pending',
      subtotalCents: input.subtotalCents,
      discountCents: input.discountCents,
      shippingCents: input.shippingCents,
      totalCents: input.totalCents,
      promoCode: input.promoCode,
      shippingAddress: input.shippingAddress,
      paymentSessionId: input.paymentSessionId,
    })
    .returning({ id: orders.id })
  if (!order) throw new Error('The order was not stored')
  if (input.lines.length > 0) {
    await db.insert(orderLines).values(
      input.lines.map((line) => ({
        orderId: order.id,
        productId: line.productId,
        title: line.title,
        variation: line.variation,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        totalPriceCents: line.totalPriceCents,
      })),
    )
  }
  return order
}
