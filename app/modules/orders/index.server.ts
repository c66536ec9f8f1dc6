export {
  attachCheckoutSession,
  createCheckoutRecord,
  hasUnfinishedCheckoutWith,
  listLapsedCheckouts,
  lockCheckout,
  markCheckoutCompleted,
  markCheckoutExpired,
  retrieveCheckout,
} from './checkouts.server.ts'
export { countOrdersByStatus, iterateOrders, listAllOrders, setOrderStatus } from './manage.server.ts'
export { createOrder, listOrdersOfUser } from './service.server.ts'
export type {
  AdminOrderDto,
  AdminOrderItemDto,
  CheckoutDto,
  CheckoutLineDto,
  CheckoutStatus,
  CreateCheckoutRecordInput,
  CreateOrderInput,
  OrderFilter,
  OrderShippingAddress,
  OrderStatus,
  OrderSummaryDto,
} from './types.ts'
export { keepOrderEmailsOfUser } from './user-records.server.ts'
