import { desc, eq, inArray } from 'drizzle-orm'
import { getDb } from '#app/utils/db.server.ts'
import { orderLines, orders } from './schema.server.ts'
import type { OrderSummaryDto } from './types.ts'

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
