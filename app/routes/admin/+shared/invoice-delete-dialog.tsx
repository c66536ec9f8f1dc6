import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { formatMoney, shortId } from '#app/rules/money.ts'
import type { InvoiceActionResult, InvoiceRow } from './invoice-types.ts'
import { useInvoiceActionToast } from './use-invoice-action-toast.ts'

/** Back-office §1: a destructive action asks for confirmation first. */
export function InvoiceDeleteDialog({ invoice, onClose }: { invoice: InvoiceRow; onClose: () => void }) {
  const fetcher = useFetcher<InvoiceActionResult>()
  useInvoiceActionToast(fetcher, onClose)
  const busy = fetcher.state !== 'idle'
  return (
    <Dialog open onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Invoice #{shortId(invoice.id)}?</DialogTitle>
          <DialogDescription>
            The {invoice.status} invoice of {invoice.customerName || invoice.customerEmail || 'a guest'} for{' '}
            {formatMoney(invoice.totalCents)} and its items are deleted for good.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <fetcher.Form method="post">
            <input type="hidden" name="invoiceId" value={invoice.id} />
            <Button type="submit" name="intent" value="delete" variant="destructive" disabled={busy}>
              {busy ? <Spinner /> : null} Delete Invoice
            </Button>
          </fetcher.Form>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
