import { listOrdersOfUserPage } from '#app/modules/orders/index.server.ts'
import type { PageCursor } from '#app/utils/keyset.server.ts'
import { withModelFileSummaries } from './model-files/line-model-files.server.ts'

/**
 * One page of a customer's own orders, newest first, with their lines and each made-to-order
 * line's note and 3D model (name and size, for the account's Orders tab).
 * @example const page = await listCustomerOrders(viewer.id, { after }) // { rows, next, previous, at }
 */
export async function listCustomerOrders(userId: string, cursor: PageCursor = {}) {
  const page = await listOrdersOfUserPage(userId, cursor)
  return { ...page, rows: await withModelFileSummaries(page.rows) }
}

export type CustomerOrderDto = Awaited<ReturnType<typeof listCustomerOrders>>['rows'][number]
