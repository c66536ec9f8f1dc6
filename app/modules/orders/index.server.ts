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
export {
  findOrderNumber,
  getOrderDetail,
  listOrderEvents,
  orderIdNumbered,
  recordOrderEvent,
} from './detail.server.ts'
export {
  countOrdersToFulfil,
  type DailyOrdersDto,
  dailyPaidOrders,
  dailyPaidOrdersRows,
  ordersToFulfilCount,
  type TopProductDto,
  topProductsByRevenue,
} from './figures.server.ts'
export {
  type LockedOrder,
  lockOrder,
  markOrderPaid,
  moveOrderStatus,
  recordOrderRefund,
  recordShipment,
  refundableCents,
  saveInternalNote,
} from './fulfilment.server.ts'
export {
  countOrdersByStatus,
  iterateOrders,
  listAllOrders,
  listOrderIds,
  type OrderListFilter,
  setOrderStatus,
} from './manage.server.ts'
export {
  countPromotionOrders,
  countPromotionUses,
  type PromotionCustomer,
} from './promotion-uses.server.ts'
export { findOrderOfUser } from './references.server.ts'
export {
  createOrder,
  isModelFileOnOrderOfUser,
  isQuoteModelOnOrderOfUser,
  listOrdersOfUserPage,
  listRecentOrderIdsOfUser,
} from './service.server.ts'
export type {
  AdminOrderDto,
  AdminOrderItemDto,
  CheckoutDto,
  CheckoutLineDto,
  CheckoutStatus,
  CreateCheckoutRecordInput,
  CreateOrderInput,
  HoldScope,
  OrderActor,
  OrderDetailDto,
  OrderDetailLineDto,
  OrderEventDto,
  OrderEventKind,
  OrderFilter,
  OrderLineSummaryDto,
  OrderPaymentStatus,
  OrderShippingAddress,
  OrderStatus,
  OrderSummaryDto,
  PaymentFilter,
  PrintLineDetails,
} from './types.ts'
export { keepOrderEmailsOfUser } from './user-records.server.ts'
