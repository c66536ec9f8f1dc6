import { AlertTriangleIcon } from 'lucide-react'
import { Link } from 'react-router'
import { IntentButton } from '#app/components/forms/intent-button.tsx'
import { TestPaymentBadge } from '#app/components/test-payment-badge.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import type { FlaggedInvoicePaymentDto } from '#app/modules/invoices/types.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

type FlaggedPayment = Omit<FlaggedInvoicePaymentDto, 'receivedAt'> & { receivedAt: Date | string }

/**
 * Payments that did not mark their invoice paid (another amount, an older version of the invoice,
 * or an invoice already paid): the shop refunds them or accepts them by hand, then marks them handled.
 */
export function FlaggedPayments({ payments }: { payments: FlaggedPayment[] }) {
  if (payments.length === 0) return null
  return (
    <Card id="flagged-payments" className="mt-6 border-destructive/50" role="region" aria-labelledby="flagged-title">
      <CardHeader>
        <CardTitle id="flagged-title" className="flex items-center gap-2 text-destructive">
          <AlertTriangleIcon aria-hidden className="size-5" /> Payment does not match the invoice
        </CardTitle>
        <CardDescription>
          These payments were received but not applied. Refund them through your payment provider, or set the invoice to
          paid by hand if you accept them, then mark them as handled.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {payments.map((payment) => (
            <li
              key={payment.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-testid="flagged-payment"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {formatMoney(payment.amountCents)}
                  {payment.invoiceId ? (
                    <Link to={`/invoices/${payment.invoiceId}`} className="font-mono text-primary hover:underline">
                      Invoice #{shortId(payment.invoiceId)}
                    </Link>
                  ) : (
                    <span className="text-muted-foreground">deleted invoice</span>
                  )}
                  {payment.outcome === 'duplicate' ? <span className="text-destructive">Refund needed</span> : null}
                  {payment.testPayment ? <TestPaymentBadge /> : null}
                </p>
                <p className="text-muted-foreground text-sm">{payment.note}</p>
                <p className="text-muted-foreground text-xs">
                  {dateFormat.format(new Date(payment.receivedAt))} · {payment.provider}
                  {payment.paymentReference ? ` · ${payment.paymentReference}` : ''}
                </p>
              </div>
              <IntentButton intent="resolve-payment" fields={{ paymentId: payment.id }} size="sm" variant="outline">
                Mark as handled<span className="sr-only"> (payment of {formatMoney(payment.amountCents)})</span>
              </IntentButton>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
