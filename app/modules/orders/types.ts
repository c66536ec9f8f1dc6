export type OrderStatus = 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled'

export type OrderSummaryDto = {
  id: string
  status: OrderStatus
  totalCents: number
  createdAt: Date
  items: { title: string; quantity: number; variationName: string | null }[]
}

export type CheckoutStatus = 'open' | 'completed' | 'expired'

export type OrderShippingAddress = { street: string; city: string; state: string; zip: string }

/** A cart line priced by the server; copied into the checkout, then into the order. */
export type CheckoutLineDto = {
  productId: string
  title: string
  variation: { id: string; name: string } | null
  quantity: number
  unitPriceCents: number
  totalPriceCents: number
}

export type CheckoutDto = {
  id: string
  userId: string | null
  email: string | null
  shippingAddress: OrderShippingAddress | null
  lines: CheckoutLineDto[]
  subtotalCents: number
  discountCents: number
  shippingCents: number
  totalCents: number
  promoCode: string | null
  provider: string
  providerSessionId: string | null
  status: CheckoutStatus
  expiresAt: Date
  orderId: string | null
  createdAt: Date
}

export type CreateCheckoutRecordInput = Omit<
  CheckoutDto,
  'id' | 'status' | 'providerSessionId' | 'orderId' | 'createdAt'
>

export type CreateOrderInput = {
  userId: string | null
  email: string | null
  shippingAddress: OrderShippingAddress | null
  lines: CheckoutLineDto[]
  subtotalCents: number
  discountCents: number
  shippingCents: number
  totalCents: number
  promoCode: string | null
  paymentSessionId: string | null
}

/** One order line as the back-office lists it. */
export type AdminOrderItemDto = {
  title: string
  quantity: number
  variationName: string | null
  unitPriceCents: number
  totalPriceCents: number
}

/** An order as the back-office lists and exports it; the e-mail is the guest's or the customer's. */
export type AdminOrderDto = {
  id: string
  userId: string | null
  email: string | null
  status: OrderStatus
  subtotalCents: number
  discountCents: number
  shippingCents: number
  totalCents: number
  promoCode: string | null
  shippingAddress: OrderShippingAddress | null
  createdAt: Date
  items: AdminOrderItemDto[]
}

/** The back-office list's filter: every order, or those of one status. */
export type OrderFilter = 'all' | OrderStatus
