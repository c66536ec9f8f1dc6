import { BanIcon, CheckIcon, HistoryIcon, Trash2Icon } from 'lucide-react'
import { Link, useFetcher } from 'react-router'
import { RowMenu } from '#app/components/admin/row-menu.tsx'
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from '#app/components/ui/dropdown-menu.tsx'
import { INVOICE_STATUSES } from '#app/modules/invoices/schemas.ts'
import type { InvoiceStatus } from '#app/modules/invoices/types.ts'
import { shortId } from '#app/rules/money.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import type { InvoiceRow } from './invoice-types.ts'

/**
 * An invoice row's less frequent actions (RowMenu): set the status (intent `set-status`, reported
 * by the page's clientAction), the row's history, Void and Delete (each asks first). One button a
 * row instead of a select and three buttons keeps a page of invoices light to render (decision 032).
 */
export function InvoiceRowMenu({
  invoice,
  onVoid,
  onDelete,
}: {
  invoice: InvoiceRow
  onVoid: (invoice: InvoiceRow) => void
  onDelete: (invoice: InvoiceRow) => void
}) {
  const fetcher = useFetcher<ActionResult>()
  const name = `invoice #${shortId(invoice.id)}`
  const setStatus = (status: InvoiceStatus) =>
    fetcher.submit({ intent: 'set-status', invoiceId: invoice.id, status }, { method: 'post' })
  return (
    <RowMenu label={`More actions for ${name}`} busy={fetcher.state !== 'idle'}>
      <DropdownMenuLabel>Status</DropdownMenuLabel>
      {INVOICE_STATUSES.map((status) => (
        <DropdownMenuItem key={status} disabled={status === invoice.status} onSelect={() => setStatus(status)}>
          {status === invoice.status ? <CheckIcon aria-hidden /> : <span aria-hidden className="size-4" />}
          Mark as {status}
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator />
      <DropdownMenuItem asChild>
        <Link to={`/admin/activity?record=${invoice.id}`}>
          <HistoryIcon aria-hidden /> History
        </Link>
      </DropdownMenuItem>
      {invoice.status === 'quote' ? null : (
        <DropdownMenuItem onSelect={() => onVoid(invoice)}>
          <BanIcon aria-hidden /> Void
        </DropdownMenuItem>
      )}
      {/* A paid invoice is a record of money taken: it stays (it can be voided). */}
      {invoice.status === 'paid' ? null : (
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(invoice)}>
          <Trash2Icon aria-hidden /> Delete
        </DropdownMenuItem>
      )}
    </RowMenu>
  )
}
