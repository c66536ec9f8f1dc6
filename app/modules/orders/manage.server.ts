import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { CalendarDay } from '#app/rules/calendar.ts'
import { withinDays } from '#app/utils/calendar-sql.server.ts'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { emailContaining } from '#app/utils/email-search.server.ts'
import { idStartingWith } from '#app/utils/id-references.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import {
  countUpToLimit,
  type ExportPosition,
  idsReadOnce,
  inSubquery,
  isSubquery,
  iterateNewestFirst,
  type PageRequest,
  selectCounts,
  selectNewestFirstPage,
} from '#app/utils/list-queries.server.ts'
import { isToFulfil } from './figures.server.ts'
import { adminOrderColumns, linesByOrder, orderListLinesColumn } from './order-rows.server.ts'
import { orders } from './schema.server.ts'
import { ORDER_FILTERS, ORDER_SEARCH_MAX_LENGTH, ORDER_STATUSES } from './schemas.ts'
import type { AdminOrderDto, OrderFilter, OrderStatus, PaymentFilter } from './types.ts'

/**
 * The back-office list's filter. `customerIds` are the accounts a workflow found for the search
 * text by name; `dates` reads the day an order was placed, in the shop's time zone.
 */
export type OrderListFilter = {
  status?: OrderFilter
  search?: string
  customerIds?: readonly string[] | SQL
  payment?: PaymentFilter
  dates?: { from?: CalendarDay; to?: CalendarDay; timeZone: string }
  /** Only these orders (a bulk selection). */
  ids?: readonly string[]
  /** Only the orders that used this promotion. */
  promotionId?: string
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
    const byEmail = emailContaining(orders.email, text)
    const byId = idStartingWith(orders.id, text)
    const byNumber = /^\d{1,9}$/.test(text) ? eq(orders.number, Number(text)) : undefined
    const byCustomer = isSubquery(customerIds)
      ? inSubquery(orders.userId, customerIds)
      : customerIds.length
        ? inArray(orders.userId, [...customerIds])
        : undefined
    const matches = [byNumber, byId, byEmail, byCustomer].filter(
      (condition): condition is SQL => condition !== undefined,
    )
    conditions.push(matches.length > 1 ? (or(...matches) as SQL) : byEmail)
  }
  const days = dates ? withinDays(orders.createdAt, dates) : undefined
  if (days) conditions.push(days)
  return conditions.length ? and(...conditions) : undefined
}

async function withItems(db: DbOrTx, rows: Omit<AdminOrderDto, 'items'>[]): Promise<AdminOrderDto[]> {
  const linesOf = await linesByOrder(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({
    ...row,
    items: (linesOf.get(row.id) ?? []).map(({ id: _id, productId: _productId, ...item }) => item),
  }))
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
}: OrderListFilter & PageRequest): Promise<{ orders: AdminOrderDto[]; total: number }> {
  const db = await getDb()
  // The customers a search found are filtered on by the page and by its count: read once.
  const customers = idsReadOnce(db, 'matching_customers', filter.customerIds)
  const where = whereOf({ ...filter, customerIds: customers.ids })
  const columns = { ...adminOrderColumns, items: orderListLinesColumn }
  const { rows, total } = await selectNewestFirstPage(db, orders, columns, {
    where,
    limit,
    offset,
    shared: customers.shared,
  })
  return { orders: rows, total }
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
  const select = (position: ExportPosition) =>
    db
      .select({ ...adminOrderColumns, ...position })
      .from(orders)
      .$dynamic()
  for await (const rows of iterateNewestFirst(select, { from: orders, where: whereOf(filter), batchSize })) {
    yield await withItems(db, rows)
  }
}

/**
 * How many orders there are of each status, and in all, for the list's filter buttons: one
 * statement, each count capped (rules/list-counts.ts) so a million orders cost what a thousand do.
 * @example const counts = await countOrdersByStatus() // { all: 12, pending: 3, processing: 0, … }
 */
export async function countOrdersByStatus(): Promise<Record<OrderFilter, number>> {
  const db = await getDb()
  return selectCounts(
    db,
    Object.fromEntries(
      ORDER_FILTERS.map((filter) => [filter, countUpToLimit(orders, whereOf({ status: filter }))]),
    ) as Record<OrderFilter, SQL<number>>,
  )
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
