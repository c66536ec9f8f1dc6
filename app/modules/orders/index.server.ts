export {
  attachCheckoutSession,
  countCheckoutsSince,
  createCheckoutRecord,
  expireOpenCheckoutsOfHolder,
  hasUnfinishedCheckoutWith,
  heldUnitsByProduct,
  listLapsedCheckouts,
  lockCheckout,
  lockHoldScope,
  markCheckoutCompleted,
  markCheckoutExpired,
  retrieveCheckout,
} from './checkouts.server.ts'
export { countOrdersByStatus, iterateOrders, listAllOrders, setOrderStatus } from './manage.server.ts'
export { findOrderOfUser } from './references.server.ts'
export { createOrder, isModelFileOnOrderOfUser, listOrdersOfUser } from './service.server.ts'
export type {
  AdminOrderDto,
  AdminOrderItemDto,
  CheckoutDto,
  CheckoutLineDto,
  CheckoutStatus,
  CreateCheckoutRecordInput,
  CreateOrderInput,
  HoldScope,
  OrderFilter,
  OrderLineSummaryDto,
  OrderShippingAddress,
  OrderStatus,
  OrderSummaryDto,
  PaymentFilter,
} from './types.ts'
export { keepOrderEmailsOfUser } from './user-records.server.ts'
