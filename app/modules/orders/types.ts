import type { PostalAddress } from '#app/rules/address.ts'
import type { ChangeActor } from '#app/rules/changes.ts'

export type OrderStatus = 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled'

export type OrderSummaryDto = Pick<
  OrderDetailDto,
  'id' | 'number' | 'status' | 'paymentStatus' | 'totalCents' | 'testPayment' | 'createdAt'
> & { items: OrderLineSummaryDto[] }

/** One line of a customer's order, with a made-to-order line's note and model file (by id). */
export type OrderLineSummaryDto = Pick<
  OrderDetailLineDto,
  'title' | 'quantity' | 'variationName' | 'note' | 'modelFileId'
>

export type CheckoutStatus = 'open' | 'completed' | 'expired'

export type OrderShippingAddress = PostalAddress

/**
 * What a print of the customer's own model was priced with (instant quote, decision 039), kept
 * as it was at checkout: sizes in mm at the chosen units, labels as the customer saw them. The
 * shape of a saved quote's print line, plus the file's format and the colour's swatch for the viewer.
 */
export type PrintLineDetails = {
  fileName: string
  format: 'stl' | '3mf' | 'obj'
  size: { x: number; y: number; z: number }
  volumeMm3: number
  watertight: boolean
  material: string
  colour: string
  colourHex: string
  quality: string
  infillPercent: number
  units: 'mm' | 'inch'
  gramsPerPart: number
  printHoursPerPart: number
}

/** A cart line priced by the server; copied into the checkout, then into the order. */
export type CheckoutLineDto = {
  /** Null for a print of the customer's own model: it takes no stock. */
  productId: string | null
  title: string
  variation: { id: string; name: string } | null
  quantity: number
  unitPriceCents: number
  totalPriceCents: number
  /**
   * A made-to-order line's instructions from the customer; absent on checkouts started before
   * notes existed.
   */
  note?: string | null
  /** A made-to-order line's 3D model (documents module), checked when the checkout started. */
  modelFileId?: string | null
  /** A print of the customer's own model (instant-quote module's quote_models), and how it was priced. */
  quoteModelId?: string | null
  print?: PrintLineDetails | null
}

/** What a checkout is for, and the order made from it: who, where to, the priced lines and the sums. */
type OrderContents = {
  userId: string | null
  email: string | null
  shippingAddress: OrderShippingAddress | null
  lines: CheckoutLineDto[]
  subtotalCents: number
  discountCents: number
  shippingCents: number
  totalCents: number
  promoCode: string | null
}

export type CheckoutDto = OrderContents & {
  id: string
  /** The promotion the checkout holds a use of. */
  promotionId: string | null
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
> & {
  /** The browser that holds the stock (`browser:<token>`); a new checkout of it releases this one. */
  holderKey: string | null
  /** The client's address as TRUST_PROXY resolves it. */
  clientAddress: string | null
}

/**
 * Whose open checkouts count together against the hold limits: a customer's account, or every
 * guest checkout from one client address (a guest can clear cookies, not change address at will).
 */
export type HoldScope = { userId: string } | { guestAddress: string }

/** An open checkout released to make way for its holder's new one. */
export type ReleasedCheckoutDto = { id: string; provider: string; providerSessionId: string | null }

export type CreateOrderInput = OrderContents & {
  /** The promotion the order used; it counts towards its limits. */
  promotionId?: string | null
  paymentSessionId: string | null
  /** Paid through the built-in demo checkout: no money was taken, never ship it. */
  testPayment: boolean
  /**
   * The payment that came with the order (a cart checkout), or null for an order paid later
   * through its invoice (/order). A paid order starts as `fulfilmentStatus`, never 'pending'.
   */
  payment: { provider: string; reference: string | null; paidAt: Date; fulfilmentStatus: OrderStatus } | null
}

/** One order line as the back-office lists it. */
export type AdminOrderItemDto = Omit<OrderDetailLineDto, 'id' | 'productId'>

/** An order as the back-office lists and exports it; the e-mail is the guest's or the customer's. */
export type AdminOrderDto = Pick<
  OrderDetailDto,
  | 'id'
  | 'number'
  | 'userId'
  | 'email'
  | 'status'
  | 'paymentStatus'
  | 'subtotalCents'
  | 'discountCents'
  | 'shippingCents'
  | 'totalCents'
  | 'promoCode'
  | 'shippingAddress'
  | 'testPayment'
  | 'createdAt'
> & { items: AdminOrderItemDto[] }

/** The back-office list's filter: every order, or those of one status. */
export type OrderFilter = 'all' | 'to-fulfil' | OrderStatus

/** Every order, only those paid for real, or only test payments. */
export type PaymentFilter = 'all' | 'real' | 'test'

export type OrderPaymentStatus = 'unpaid' | 'paid' | 'test' | 'refunded' | 'partially_refunded'

/** One line of an order as its page shows it. */
export type OrderDetailLineDto = {
  id: string
  productId: string | null
  title: string
  variationName: string | null
  quantity: number
  unitPriceCents: number
  totalPriceCents: number
  note: string | null
  modelFileId: string | null
  /** A print of the customer's own model, and what it was priced with (decision 039). */
  quoteModelId: string | null
  print: PrintLineDetails | null
}

/** An order as its pages (customer and back-office), /success and its e-mails show it. */
export type OrderDetailDto = {
  id: string
  /** The short number people use: shown as `#1001`. */
  number: number
  userId: string | null
  email: string | null
  status: OrderStatus
  paymentStatus: OrderPaymentStatus
  /** Paid through the demo checkout: no money was taken, never ship it. */
  testPayment: boolean
  subtotalCents: number
  discountCents: number
  shippingCents: number
  totalCents: number
  refundedCents: number
  promoCode: string | null
  shippingAddress: OrderShippingAddress | null
  paymentProvider: string | null
  paymentReference: string | null
  paidAt: Date | null
  shippedAt: Date | null
  deliveredAt: Date | null
  cancelledAt: Date | null
  carrier: string | null
  trackingNumber: string | null
  trackingUrl: string | null
  /** The shop's own notes: only for the back-office. */
  internalNote: string | null
  createdAt: Date
  updatedAt: Date
  lines: OrderDetailLineDto[]
}

export type OrderEventKind =
  | 'placed'
  | 'paid'
  | 'status'
  | 'shipped'
  | 'cancelled'
  | 'refunded'
  | 'note'
  | 'confirmation_sent'

/** One entry of an order's history. */
export type OrderEventDto = {
  id: string
  kind: OrderEventKind
  actorLabel: string
  message: string
  details: Record<string, string | number | boolean | null> | null
  createdAt: Date
}

/** Who made a change: an admin (id and e-mail), or the system on the customer's behalf. */
export type OrderActor = ChangeActor
