import { listOrdersOfUser } from '#app/modules/orders/index.server.ts'
import { withModelFileSummaries } from './model-files/line-model-files.server.ts'

/**
 * A customer's own orders, newest first, with their lines and each made-to-order line's note and
 * 3D model (name and size, for the account's Orders tab).
 * @example const orders = await listCustomerOrders(viewer.id)
 */
export async function listCustomerOrders(userId: string) {
  return withModelFileSummaries(await listOrdersOfUser(userId))
}

export type CustomerOrderDto = Awaited<ReturnType<typeof listCustomerOrders>>[number]
