import { PencilIcon } from 'lucide-react'
import { Link } from 'react-router'
import { HistoryLink } from '#app/components/admin/activity-history.tsx'
import { type RowSelection, SelectRowCheckbox } from '#app/components/admin/bulk-actions.tsx'
import { DataTable } from '#app/components/admin/data-table.tsx'
import { InvoiceStatusBadge } from '#app/components/invoices/invoice-status-badge.tsx'
import { TestPaymentBadge } from '#app/components/test-payment-badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { formatMoney, shortId } from '#app/rules/money.ts'
import { ReceiptLinks } from '../+shared/receipt-links.tsx'
import { InvoiceRowMenu } from './invoice-row-menu.tsx'
import type { InvoiceRow } from './invoice-types.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

const paidBy = { customer: 'Marked paid by the customer', card: 'Paid by card', shop: 'Marked paid by the shop' }

/** DESIGN 8: a customer's Mark as Paid is told apart from a card payment. */
function PaymentNote({ payment }: { payment: InvoiceRow['payment'] }) {
  if (!payment) return null
  return (
    <p className="mt-1 text-muted-foreground text-xs" data-testid="admin-invoice-payment">
      {paidBy[payment.by]} on {dateFormat.format(new Date(payment.date))}
    </p>
  )
}

function itemsSummary(invoice: InvoiceRow) {
  const [first, ...others] = invoice.items
  if (!first) return 'No items'
  return others.length ? `${first.description} + ${others.length} more` : first.description
}

export function InvoicesTable({
  invoices,
  onEdit,
  onDelete,
  onVoid,
  selection,
}: {
  selection: RowSelection
  invoices: InvoiceRow[]
  onEdit: (invoice: InvoiceRow) => void
  onDelete: (invoice: InvoiceRow) => void
  onVoid: (invoice: InvoiceRow) => void
}) {
  return (
    <DataTable
      caption="Invoices and quotes, newest first"
      headings={['Invoice', 'Customer', 'Items', 'Status', 'Total', 'Created']}
      minWidth="min-w-[56rem]"
      selection={selection}
      selectPageLabel="Select every invoice on this page"
      actions
    >
      {invoices.map((invoice) => (
        <tr key={invoice.id} className="border-b" data-testid="admin-invoice-row">
          <td className="py-2 pr-3 align-middle">
            <SelectRowCheckbox selection={selection} id={invoice.id} label={`Select invoice #${shortId(invoice.id)}`} />
          </td>
          <td className="py-2 pr-4 align-middle">
            <Link
              to={`/invoices/${invoice.id}`}
              className="font-medium font-mono text-primary underline-offset-4 hover:underline"
            >
              #{shortId(invoice.id)}
            </Link>
            <ReceiptLinks receipts={invoice.receipts} />
          </td>
          <td className="py-2 pr-4 align-middle">
            <p>{invoice.customerName || 'Guest'}</p>
            {invoice.customerEmail ? (
              <p className="break-all text-muted-foreground text-xs">{invoice.customerEmail}</p>
            ) : null}
          </td>
          <td className="max-w-56 truncate py-2 pr-4 align-middle" title={itemsSummary(invoice)}>
            {itemsSummary(invoice)}
          </td>
          <td className="py-2 pr-4 align-middle">
            <div className="flex flex-wrap items-center gap-1">
              <InvoiceStatusBadge status={invoice.status} testId="admin-invoice-status" />
              {invoice.testPayment ? <TestPaymentBadge /> : null}
            </div>
            <PaymentNote payment={invoice.payment} />
          </td>
          <td className="whitespace-nowrap py-2 pr-4 align-middle font-semibold">{formatMoney(invoice.totalCents)}</td>
          <td className="whitespace-nowrap py-2 pr-4 align-middle">{dateFormat.format(new Date(invoice.createdAt))}</td>
          <td className="py-2 align-middle">
            {/* A void invoice is kept as it was: nothing more can be done with it. */}
            {invoice.status === 'void' ? (
              <div className="flex justify-end">
                <HistoryLink recordId={invoice.id} what={`invoice #${shortId(invoice.id)}`} />
              </div>
            ) : (
              <div className="flex items-center justify-end gap-1">
                <Button type="button" size="sm" variant="outline" onClick={() => onEdit(invoice)}>
                  <PencilIcon aria-hidden /> Edit<span className="sr-only"> invoice #{shortId(invoice.id)}</span>
                </Button>
                <InvoiceRowMenu invoice={invoice} onVoid={onVoid} onDelete={onDelete} />
              </div>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  )
}
