import { asc, eq, type SQL, sql } from 'drizzle-orm'
import { withAddressDefaults } from '#app/rules/address.ts'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { pickColumns } from '#app/utils/pick.ts'
import { linesByOrder, orderDetailColumns } from './order-rows.server.ts'
import { orderEvents, orders } from './schema.server.ts'
import type { OrderActor, OrderDetailDto, OrderEventDto, OrderEventKind, OrderStatus } from './types.ts'

/**
 * One order with its lines, or null when there is none with that id. Callers check who may see
 * it (`userId`); the customer's page answers someone else's order like an unknown one.
 * @example const order = await getOrderDetail(id) // { number: 1001, status: 'processing', lines: [...] }
 */
export async function getOrderDetail(orderId: string, tx?: DbOrTx): Promise<OrderDetailDto | null> {
  if (!isUuid(orderId)) return null
  const db = tx ?? (await getDb())
  const [row] = await db.select(orderDetailColumns).from(orders).where(eq(orders.id, orderId))
  if (!row) return null
  const lines = await linesByOrder(db, [orderId])
  return {
    ...row,
    shippingAddress: row.shippingAddress ? withAddressDefaults(row.shippingAddress) : null,
    lines: lines.get(orderId) ?? [],
  }
}

/**
 * An order's history, oldest first.
 * @example const history = await listOrderEvents(order.id) // [{ kind: 'placed', … }, { kind: 'paid', … }]
 */
export async function listOrderEvents(orderId: string): Promise<OrderEventDto[]> {
  if (!isUuid(orderId)) return []
  const db = await getDb()
  return db
    .select(pickColumns(orderEvents, ['id', 'kind', 'actorLabel', 'message', 'details', 'createdAt']))
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.seq))
}

/**
 * Adds an entry to an order's history; call it in the transaction of the change it records.
 * @example await recordOrderEvent(order.id, 'note', actor, 'Internal note changed', null, tx)
 */
export async function recordOrderEvent(
  orderId: string,
  kind: OrderEventKind,
  actor: OrderActor,
  message: string,
  details: OrderEventDto['details'],
  tx?: DbOrTx,
) {
  const db = tx ?? (await getDb())
  await db.insert(orderEvents).values({ orderId, kind, actorId: actor.id, actorLabel: actor.label, message, details })
}

/**
 * An order's number and owner, for a link to it (from its invoice).
 * @example const order = await findOrderNumber(invoice.orderId) // { id, number: 1001, userId }
 */
export async function findOrderNumber(
  orderId: string,
): Promise<{ id: string; number: number; userId: string | null; status: OrderStatus } | null> {
  if (!isUuid(orderId)) return null
  const db = await getDb()
  const [row] = await db
    .select({ id: orders.id, number: orders.number, userId: orders.userId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
  return row ?? null
}

/**
 * The order people call `#number` as a subquery, `(select id from orders where number = …)`, for
 * a list of another module to filter on in its own statement (an invoice by its order); null for
 * a number no order can have.
 * @example sql`${invoices.orderId} in ${orderIdNumbered(1001)}`
 */
export function orderIdNumbered(number: number): SQL | null {
  if (!Number.isSafeInteger(number) || number < 1 || number > 2_147_483_647) return null
  return sql`(select ${orders.id} from ${orders} where ${eq(orders.number, number)})`
}
