import { Badge } from '#app/components/ui/badge.tsx'
import { type FulfilmentStatus, fulfilmentLabels, type PaymentStatus, paymentLabels } from '#app/rules/order-labels.ts'

const fulfilmentVariants = {
  pending: 'outline',
  processing: 'warning',
  shipped: 'default',
  delivered: 'success',
  cancelled: 'secondary',
} as const

const paymentVariants = {
  unpaid: 'outline',
  paid: 'success',
  test: 'destructive',
  refunded: 'secondary',
  partially_refunded: 'warning',
} as const

/** Where the parcel is: the specification's order status. */
export function FulfilmentBadge({ status }: { status: FulfilmentStatus }) {
  return (
    <Badge variant={fulfilmentVariants[status]} data-testid="fulfilment-status">
      {fulfilmentLabels[status]}
    </Badge>
  )
}

/** Where the money is; a test payment says so, so nobody ships it. */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge
      variant={paymentVariants[status]}
      data-testid="payment-status"
      title={status === 'test' ? 'Paid through the demo checkout: no money was taken. Do not ship.' : undefined}
    >
      {paymentLabels[status]}
    </Badge>
  )
}
