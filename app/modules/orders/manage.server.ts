import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, or, type SQL, sql } from 'drizzle-orm'
import { type CalendarDay, shiftDay } from '#app/rules/calendar.ts'
import { dayStart } from '#app/utils/calendar-sql.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { isToFulfil } from './figures.server.ts'
import { orderLines, orders } from './schema.server.ts'
import { ORDER_FILTERS, ORDER_SEARCH_MAX_LENGTH, ORDER_STATUSES } from './schemas.ts'
import type { AdminOrderDto, AdminOrderItemDto, OrderFilter, OrderStatus, PaymentFilter } from './types.ts'

/**
 * The back-office list's filter. `customerIds` are the accounts a workflow found for the search
 * text by name; `dates` reads the day an order was placed, in the shop's time zone.
 */
export type OrderListFilter = {
  status?: OrderFilter
  search?: string
  customerIds?: readonly string[]
  payment?: PaymentFilter
  dates?: { from?: CalendarDay; to?: CalendarDay; timeZone: string }
  /** Only these orders (a bulk selection). */
  ids?: readonly string[]
  /** Only the orders that used this promotion. */
  promotionId?: string
}

const orderColumns = {
  id: orders.id,
  number: orders.number,
  paymentStatus: orders.paymentStatus,
  userId: orders.userId,
  email: orders.email,
  status: orders.status,
  subtotalCents: orders.subtotalCents,
  discountCents: orders.discountCents,
  shippingCents: orders.shippingCents,
  totalCents: orders.totalCents,
  promoCode: orders.promoCode,
  shippingAddress: orders.shippingAddress,
  testPayment: orders.testPayment,
  createdAt: orders.createdAt,
}

/** `%` and `_` typed by an admin are searched for as themselves. */
function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/**
 * The WHERE of a filter: one status (or all), and a search that matches the order number (`1001`
 * or `#1001`), the start of its id, part of the buyer's e-mail, or the customers found by name.
 */
function whereOf({
  status = 'all',
  search = '',
  customerIds = [],
  payment = 'all',
  dates,
  ids,
  promotionId,
}: OrderListFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (promotionId) conditions.push(eq(orders.promotionId, promotionId))
  if (ids) conditions.push(ids.length ? inArray(orders.id, ids.filter(isUuid)) : sql`false`)
  if (status === 'to-fulfil') conditions.push(isToFulfil)
  else if (status !== 'all' && ORDER_STATUSES.includes(status)) conditions.push(eq(orders.status, status))
  if (payment !== 'all') conditions.push(eq(orders.testPayment, payment === 'test'))
  const text = search.trim().replace(/^#/, '').slice(0, ORDER_SEARCH_MAX_LENGTH)
  if (text) {
    const byEmail = ilike(orders.email, `%${escapeLike(text)}%`)
    const byId = /^[0-9a-f-]+$/i.test(text)
      ? like(sql`${orders.id}::text`, `${escapeLike(text.toLowerCase())}%`)
      : undefined
    const byNumber = /^\d{1,9}$/.test(text) ? eq(orders.number, Number(text)) : undefined
    const byCustomer = customerIds.length ? inArray(orders.userId, [...customerIds]) : undefined
    const matches = [byNumber, byId, byEmail, byCustomer].filter(
      (condition): condition is SQL => condition !== undefined,
    )
    conditions.push(matches.length > 1 ? (or(...matches) as SQL) : byEmail)
  }
  if (dates?.from) conditions.push(gte(orders.createdAt, dayStart(dates.from, dates.timeZone)))
  if (dates?.to) conditions.push(lt(orders.createdAt, dayStart(shiftDay(dates.to, 1), dates.timeZone)))
  return conditions.length ? and(...conditions) : undefined
}

async function withItems(rows: Omit<AdminOrderDto, 'items'>[]): Promise<AdminOrderDto[]> {
  if (rows.length === 0) return []
  const db = await getDb()
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      title: orderLines.title,
      quantity: orderLines.quantity,
      variation: orderLines.variation,
      unitPriceCents: orderLines.unitPriceCents,
      totalPriceCents: orderLines.totalPriceCents,
      note: orderLines.note,
      modelFileId: orderLines.modelFileId,
    })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    )
    // Lines keep no position; by title reads the same on every page and in every export.
    .orderBy(asc(orderLines.title), sql`${orderLines.variation}->>'name' nulls first`, asc(orderLines.id))
  const itemsOf = new Map<string, AdminOrderItemDto[]>()
  for (const { orderId, variation, ...line } of lines) {
    itemsOf.set(orderId, [...(itemsOf.get(orderId) ?? []), { ...line, variationName: variation?.name ?? null }])
  }
  return rows.map((row) => ({ ...row, items: itemsOf.get(row.id) ?? [] }))
}

/**
 * Every order for the back-office, newest first, optionally of one status or matching a search
 * (order number or e-mail), with its lines; `total` counts every match for paging.
 * @example const { orders, total } = await listAllOrders({ status: 'pending', limit: 50, offset: 0 })
 */
export async function listAllOrders({
  limit,
  offset = 0,
  ...filter
}: OrderListFilter & { limit: number; offset?: number }): Promise<{ orders: AdminOrderDto[]; total: number }> {
  const db = await getDb()
  const where = whereOf(filter)
  const [rows, [{ value: total }]] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(orders).where(where),
  ])
  return { orders: await withItems(rows), total }
}

/**
 * The ids of the orders a filter matches, newest first, at most `limit`: what a bulk action on
 * "every order matching the filter" applies to.
 * @example const ids = await listOrderIds({ status: 'processing' }, 1000)
 */
export async function listOrderIds(filter: OrderListFilter, limit: number): Promise<string[]> {
  const db = await getDb()
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(whereOf(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
  return rows.map((row) => row.id)
}

/**
 * Every order matching a filter, newest first, in batches: for an export of any size. Batches
 * continue after the last order read (not at an offset), so an order placed or changed while the
 * export runs never makes another appear twice.
 * @example for await (const batch of iterateOrders({ status: 'shipped' })) write(batch)
 */
export async function* iterateOrders(filter: OrderListFilter, batchSize = 500): AsyncGenerator<AdminOrderDto[]> {
  const db = await getDb()
  let last: { createdAt: Date; id: string } | null = null
  while (true) {
    const after: SQL | undefined = last
      ? (or(
          lt(orders.createdAt, last.createdAt),
          and(eq(orders.createdAt, last.createdAt), lt(orders.id, last.id)),
        ) as SQL)
      : undefined
    const rows: Omit<AdminOrderDto, 'items'>[] = await db
      .select(orderColumns)
      .from(orders)
      .where(and(whereOf(filter), after))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batchSize)
    if (rows.length === 0) return
    yield await withItems(rows)
    if (rows.length < batchSize) return
    const end = rows[rows.length - 1] as Omit<AdminOrderDto, 'items'>
    last = { createdAt: end.createdAt, id: end.id }
  }
}

/**
 * How many orders there are of each status, and in all, for the list's filter buttons.
 * @example const counts = await countOrdersByStatus() // { all: 12, pending: 3, processing: 0, … }
 */
export async function countOrdersByStatus(): Promise<Record<OrderFilter, number>> {
  const db = await getDb()
  const rows = await db
    .select({
      status: orders.status,
      value: count(),
      toFulfil: sql<number>`count(*) filter (where ${isToFulfil})`.mapWith(Number),
    })
    .from(orders)
    .groupBy(orders.status)
  const counts = Object.fromEntries(ORDER_FILTERS.map((filter) => [filter, 0])) as Record<OrderFilter, number>
  for (const row of rows) {
    counts[row.status] = row.value
    counts.all += row.value
    counts['to-fulfil'] += row.toFulfil
  }
  return counts
}

/**
 * Sets an order's status (back-office §4: any status from any other, no restriction). Null when
 * there is no such order; `changed` says whether it was another status before.
 * @example const result = await setOrderStatus(id, 'shipped') // { id, status: 'shipped', changed: true }
 */
export async function setOrderStatus(
  orderId: string,
  status: OrderStatus,
): Promise<{ id: string; status: OrderStatus; changed: boolean } | null> {
  if (!isUuid(orderId) || !ORDER_STATUSES.includes(status)) return null
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update')
    if (!before) return null
    if (before.status === status) return { id: orderId, status, changed: false }
    const [order] = await tx
      .update(orders)
      .set({ status, updatedAt: new Date() })
      .where(eq(orders.id, orderId))
      .returning({ id: orders.id, status: orders.status })
    return order ? { ...order, changed: true } : null
  })
}
