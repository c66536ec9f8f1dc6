import { Badge } from '#app/components/ui/badge.tsx'
import type { QuoteStatus } from '#app/modules/quotes/types.ts'

/** Where a quote stands, as a badge: expired beats everything but accepted. */
export function QuoteStatusBadge({ quote }: { quote: { status: QuoteStatus; expired: boolean } }) {
  if (quote.status === 'accepted') return <Badge variant="success">Accepted</Badge>
  if (quote.expired) return <Badge variant="outline">Expired</Badge>
  if (quote.status === 'requested') return <Badge variant="warning">Awaiting the shop</Badge>
  return <Badge variant="secondary">Draft</Badge>
}
