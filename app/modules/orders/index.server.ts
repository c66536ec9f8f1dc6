export {
  attachCheckoutSession,
  createCheckoutRecord,
  listLapsedCheckouts,
  lockCheckout,
  markCheckoutCompleted,
  markCheckoutExpired,
  retrieveCheckout,
} from './checkouts.server.ts'
export { createOrder, listOrdersOfUser } from './service.server.ts'
export type {
  CheckoutDto,
  CheckoutLineDto,
  CheckoutStatus,
  CreateCheckoutRecordInput,
  CreateOrderInput,
  OrderShippingAddress,
  OrderStatus,
  OrderSummaryDto,
} from './types.ts'
