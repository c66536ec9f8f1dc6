import { Link } from 'react-router'
import { InvoiceStatusBadge } from '#app/components/invoices/invoice-status-badge.tsx'
import { TestPaymentBadge } from '#app/components/test-payment-badge.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import type { InvoiceItemDto, InvoiceStatus } from '#app/modules/invoices/types.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

export type InvoiceViewData = {
  id: string
  status: InvoiceStatus
  testPayment: boolean
  /** The quote the shop made this invoice of. */
  fromQuote?: { id: string; href: string } | null
  /** The order this invoice bills: its number and page. */
  ofOrder?: { number: number; href: string } | null
  createdAt: Date | string
  totalCents: number
  items: InvoiceItemDto[]
  billedTo: { name: string | null; email: string | null }
  /** The shop as /admin/settings names it; the shop's name when no legal name is set. */
  issuer?: { legalName: string; address: string; email: string; taxId: string }
}

export function InvoiceView({ invoice }: { invoice: InvoiceViewData }) {
  const subtotalCents = invoice.items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0)
  return (
    <Card className="print:border-0 print:shadow-none">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <CardTitle className="text-2xl">Invoice #{shortId(invoice.id)}</CardTitle>
          <p className="text-muted-foreground text-sm">Date: {dateFormat.format(new Date(invoice.createdAt))}</p>
          {invoice.ofOrder ? (
            <p className="text-muted-foreground text-sm">
              For{' '}
              <Link to={invoice.ofOrder.href} className="text-primary underline-offset-4 hover:underline">
                Order #{invoice.ofOrder.number}
              </Link>
            </p>
          ) : null}
          {invoice.fromQuote ? (
            <p className="text-muted-foreground text-sm">
              From{' '}
              <Link to={invoice.fromQuote.href} className="text-primary underline-offset-4 hover:underline">
                Quote #{shortId(invoice.fromQuote.id)}
              </Link>
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <InvoiceStatusBadge status={invoice.status} />
          {invoice.testPayment ? <TestPaymentBadge /> : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-8">
        <div className="grid gap-6 sm:grid-cols-2">
          <div>
            <h2 className="font-semibold text-sm uppercase tracking-wide">Billed To</h2>
            {invoice.billedTo.name ? <p>{invoice.billedTo.name}</p> : null}
            {invoice.billedTo.email ? <p className="text-muted-foreground">{invoice.billedTo.email}</p> : null}
          </div>
          <div>
            <h2 className="font-semibold text-sm uppercase tracking-wide">From</h2>
            <p>{invoice.issuer?.legalName || 'LayerWorks 3D'}</p>
            {invoice.issuer?.address ? (
              <p className="whitespace-pre-line text-muted-foreground">{invoice.issuer.address}</p>
            ) : null}
            {invoice.issuer?.email ? <p className="text-muted-foreground">{invoice.issuer.email}</p> : null}
            {invoice.issuer?.taxId ? <p className="text-muted-foreground">Tax ID: {invoice.issuer.taxId}</p> : null}
          </div>
        </div>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b text-left">
              <th className="py-2 font-medium">Description</th>
              <th className="py-2 text-right font-medium">Quantity</th>
              <th className="py-2 text-right font-medium">Unit Price</th>
              <th className="py-2 text-right font-medium">Total</th>
            </tr>
          </thead>
          <tbody>
            {invoice.items.map((item) => (
              <tr key={item.id} className="border-b">
                <td className="py-2">{item.description}</td>
                <td className="py-2 text-right">{item.quantity}</td>
                <td className="py-2 text-right">{formatMoney(item.unitPriceCents)}</td>
                <td className="py-2 text-right">{formatMoney(item.unitPriceCents * item.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="ml-auto grid w-full max-w-xs grid-cols-2 gap-y-1 text-sm">
          <dt>Subtotal</dt>
          <dd className="text-right" data-testid="invoice-subtotal">
            {formatMoney(subtotalCents)}
          </dd>
          <dt>Taxes</dt>
          <dd className="text-right" data-testid="invoice-taxes">
            {formatMoney(0)}
          </dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold" data-testid="invoice-total">
            {formatMoney(invoice.totalCents)}
          </dd>
        </dl>
      </CardContent>
    </Card>
  )
}
