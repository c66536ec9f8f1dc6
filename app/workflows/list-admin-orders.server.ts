import { userIdsMatching } from '#app/modules/accounts/index.server.ts'
import {
  type AdminOrderDto,
  iterateOrders,
  listAllOrders,
  listOrderIds,
  type OrderFilter,
  type OrderListFilter,
  type PaymentFilter,
} from '#app/modules/orders/index.server.ts'
import { OrderListQuerySchema } from '#app/modules/orders/schemas.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { type WithCustomer, withCustomers } from './customer-names.server.ts'
import { type WithModelFiles, withModelFileSummaries } from './model-files/line-model-files.server.ts'

/** An order as the back-office shows and exports it: with the customer's name, or a guest's e-mail. */
export type AdminOrderRow = WithCustomer<AdminOrderDto>

/** An order as the back-office list shows it: its made-to-order lines with their 3D model's name and size. */
export type AdminOrderListRow = WithModelFiles<AdminOrderRow>

type Filter = {
  status: OrderFilter
  search: string
  payment?: PaymentFilter
  dates?: OrderListFilter['dates']
  ids?: readonly string[]
  promotionId?: string
}

/**
 * The list's filter from its address (`?status=&payment=&q=&from=&to=&promotion=&page=`), the same
 * for the page, a bulk action on all matching and the CSV export; days are the shop's.
 * @example const { filter, page } = adminOrderQuery(new URL(request.url).searchParams)
 */
export function adminOrderQuery(query: URLSearchParams) {
  const { status, page, q, payment, from, to, promotion } = OrderListQuerySchema.parse(Object.fromEntries(query))
  const dates = from || to ? { from, to, timeZone: getEnv().SHOP_TIME_ZONE } : undefined
  const filter: Filter = { status, search: q, payment, dates, promotionId: promotion }
  return { filter, page, from: from ?? null, to: to ?? null }
}

/** Step: a search also finds the orders of the customers whose name or e-mail matches it. */
async function withCustomerSearch(filter: Filter): Promise<OrderListFilter> {
  // A subquery, read in the list's own statement rather than before it.
  const customerIds = userIdsMatching(filter.search.trim()) ?? []
  return { ...filter, customerIds }
}

/**
 * One page of the back-office order list (back-office §2): orders newest first, then their
 * customers' names from the accounts module and their lines' 3D models from the documents module.
 * @example const { orders, total } = await listAdminOrders({ status: 'all', search: '', limit: 50, offset: 0 })
 */
export async function listAdminOrders({
  limit,
  offset,
  ...filter
}: Filter & { limit: number; offset: number }): Promise<{ orders: AdminOrderListRow[]; total: number }> {
  const { orders, total } = await listAllOrders({ ...(await withCustomerSearch(filter)), limit, offset })
  return { orders: await withModelFileSummaries(await withCustomers(orders)), total }
}

/**
 * The ids of the orders of a filter and search, at most `limit`, for a bulk action on all matching.
 * @example const ids = await listAdminOrderIds({ status: 'processing', search: '' }, 1001)
 */
export async function listAdminOrderIds(filter: Filter, limit: number): Promise<string[]> {
  return listOrderIds(await withCustomerSearch(filter), limit)
}

/**
 * Every order of a filter, in batches with their customers' names, for the CSV export (DESIGN 7).
 * @example for await (const rows of exportAdminOrders({ status: 'all', search: '' })) write(rows)
 */
export async function* exportAdminOrders(filter: Filter): AsyncGenerator<AdminOrderRow[]> {
  for await (const batch of iterateOrders(await withCustomerSearch(filter))) yield await withCustomers(batch)
}
