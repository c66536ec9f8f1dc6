export { listOrdersOfUser } from './service.server.ts'
export type { OrderStatus, OrderSummaryDto } from './types.ts'
