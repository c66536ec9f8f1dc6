import { Badge } from '#app/components/ui/badge.tsx'
import type { InvoiceStatus } from '#app/modules/invoices/types.ts'

/** How each status looks, on the customer's pages and the back-office's alike. */
const variants = {
  paid: 'success',
  unpaid: 'warning',
  quote: 'secondary',
  void: 'outline',
} as const satisfies Record<InvoiceStatus, string>

export function InvoiceStatusBadge({ status, testId = 'invoice-status' }: { status: InvoiceStatus; testId?: string }) {
  return (
    <Badge variant={variants[status]} className="capitalize" data-testid={testId}>
      {status}
    </Badge>
  )
}
