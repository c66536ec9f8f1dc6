import { CheckCircle2Icon } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { TestPaymentBadge } from '#app/components/test-payment-badge.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent } from '#app/components/ui/card.tsx'
import type { InvoiceSummaryDto } from '#app/modules/invoices/types.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
// A due date is a calendar day ('2026-03-31'), shown as that day wherever the customer is.
const dueDateText = (day: string | null) =>
  day ? `Due ${dateFormat.format(new Date(`${day}T00:00:00Z`))}` : 'No due date'

export function InvoiceTracker({ invoices }: { invoices: InvoiceSummaryDto[] }) {
  const [marking, setMarking] = useState<InvoiceSummaryDto | null>(null)
  if (invoices.length === 0) {
    return (
      <Card>
        <CardContent className="grid gap-1">
          <p className="font-semibold">No invoices yet</p>
          <p className="text-muted-foreground text-sm">Invoices for your orders and quotes appear here.</p>
        </CardContent>
      </Card>
    )
  }
  return (
    <>
      <ul className="grid gap-3" aria-label="Your invoices">
        {invoices.map((invoice) => (
          <li
            key={invoice.id}
            data-testid="accounting-invoice-row"
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 rounded-xl border bg-card p-4"
          >
            <div className="min-w-0">
              <Link
                to={`/invoices/${invoice.id}`}
                className="font-semibold text-primary underline-offset-4 hover:underline"
              >
                Invoice #{shortId(invoice.id)}
              </Link>
              <p className="text-muted-foreground text-sm">
                {dueDateText(invoice.dueDate)}
                {invoice.status === 'paid' && invoice.paymentDate
                  ? ` · Paid ${dateFormat.format(new Date(invoice.paymentDate))}`
                  : ''}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Badge
                variant={invoice.status === 'paid' ? 'success' : 'warning'}
                className="capitalize"
                data-testid="accounting-invoice-status"
              >
                {invoice.status}
              </Badge>
              {invoice.testPayment ? <TestPaymentBadge /> : null}
              <span className="font-semibold tabular-nums">{formatMoney(invoice.totalCents)}</span>
              {invoice.status === 'unpaid' ? (
                <Button type="button" size="sm" variant="outline" onClick={() => setMarking(invoice)}>
                  <CheckCircle2Icon aria-hidden /> Mark as Paid
                  <span className="sr-only"> invoice #{shortId(invoice.id)}</span>
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {marking ? (
        <ConfirmDialog
          onClose={() => setMarking(null)}
          title={`Mark Invoice #${shortId(marking.id)} as paid?`}
          description={
            <>
              Do this once you have paid {formatMoney(marking.totalCents)} another way, such as by bank transfer. We
              record that you marked it paid and when; to pay by card, use Pay Now on the invoice instead.
            </>
          }
          confirmLabel="Mark as Paid"
          confirmVariant="default"
          intent="mark-paid"
          fields={{ invoiceId: marking.id }}
        />
      ) : null}
    </>
  )
}
