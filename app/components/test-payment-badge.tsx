import { Badge } from '#app/components/ui/badge.tsx'

/** Paid through the built-in demo checkout (DESIGN 9): shown wherever an order or invoice is, so nobody ships it. */
export function TestPaymentBadge() {
  return (
    <Badge
      variant="destructive"
      title="Paid through the demo checkout: no money was taken. Do not ship."
      data-testid="test-payment"
    >
      Test payment
    </Badge>
  )
}
