import { PlusIcon, Trash2Icon } from 'lucide-react'
import { useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import {
  dollarsToCents,
  INVOICE_STATUSES,
  invoiceTotalCents,
  MISSING_CUSTOMER_OR_ITEMS,
} from '#app/modules/invoices/schemas.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'
import type { CustomerOption, InvoiceActionResult, InvoiceRow, ProductOption } from './invoice-types.ts'

type Row = { key: number; description: string; quantity: string; unitPrice: string; productId: string }

function centsToDollars(cents: number) {
  return (cents / 100).toFixed(2)
}

/** A preview only: the server computes the total it saves from the same rows. */
function previewTotal(rows: Row[]) {
  const items = rows.flatMap((row) =>
    /^\d+$/.test(row.quantity.trim()) && /^\d+(\.\d{1,2})?$/.test(row.unitPrice.trim())
      ? [{ quantity: Number(row.quantity), unitPriceCents: dollarsToCents(row.unitPrice.trim()) }]
      : [],
  )
  return invoiceTotalCents(items)
}

export function customerLabel(customer: { fullName: string; email: string }) {
  return customer.fullName ? `${customer.fullName} (${customer.email})` : customer.email
}

export function InvoiceFormDialog({
  invoice,
  customers,
  products,
  onClose,
}: {
  /** The invoice to edit; null for a new one. */
  invoice: InvoiceRow | null
  customers: CustomerOption[]
  products: ProductOption[]
  onClose: () => void
}) {
  const fetcher = useFetcher<InvoiceActionResult>()
  useActionAnswer(fetcher, { onOk: onClose })
  const busy = fetcher.state !== 'idle'
  const nextKey = useRef(0)
  const newRow = (values: Partial<Omit<Row, 'key'>> = {}): Row => ({
    key: nextKey.current++,
    description: '',
    quantity: '1',
    unitPrice: '',
    productId: '',
    ...values,
  })
  const [rows, setRows] = useState<Row[]>(() =>
    invoice?.items.length
      ? invoice.items.map((item) =>
          newRow({
            description: item.description,
            quantity: String(item.quantity),
            unitPrice: centsToDollars(item.unitPriceCents),
            productId: item.productId ?? '',
          }),
        )
      : [newRow()],
  )
  const change = (key: number, values: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...values } : row)))
  const chooseProduct = (row: Row, productId: string) => {
    const product = products.find((candidate) => candidate.id === productId)
    change(row.key, {
      productId,
      description: row.description || product?.title || '',
      unitPrice: row.unitPrice || (product ? centsToDollars(product.priceCents) : ''),
    })
  }
  const title = invoice ? `Edit Invoice #${shortId(invoice.id)}` : 'New Invoice'

  return (
    <Dialog open onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Quantity times unit price per item; the total is computed when you save.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          className="grid gap-5"
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget)
            const hasItem = rows.some((row) => row.description.trim() || row.unitPrice.trim() || row.productId)
            if (!form.get('userId') || !hasItem) {
              event.preventDefault()
              showToast({ title: 'Error', description: MISSING_CUSTOMER_OR_ITEMS, variant: 'destructive' })
            }
          }}
        >
          <input type="hidden" name="intent" value={invoice ? 'update' : 'create'} />
          {invoice ? <input type="hidden" name="invoiceId" value={invoice.id} /> : null}
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
            <div className="grid gap-1.5">
              <Label htmlFor="invoice-customer">Customer</Label>
              <NativeSelect id="invoice-customer" name="userId" defaultValue={invoice?.userId ?? ''}>
                <option value="">Select a customer…</option>
                {customers.map((customer) => (
                  <option key={customer.id} value={customer.id}>
                    {customerLabel(customer)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="invoice-status">Status</Label>
              <NativeSelect id="invoice-status" name="status" defaultValue={invoice?.status ?? 'unpaid'}>
                {INVOICE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>

          <div className="grid gap-3">
            {rows.map((row, index) => (
              <fieldset key={row.key} className="grid gap-3 rounded-lg border p-3 sm:grid-cols-6">
                <legend className="px-1 font-medium text-sm">Item {index + 1}</legend>
                <div className="grid gap-1.5 sm:col-span-3">
                  <Label htmlFor={`item-${row.key}-product`}>Product (optional)</Label>
                  <NativeSelect
                    id={`item-${row.key}-product`}
                    name="productId"
                    value={row.productId}
                    onChange={(event) => chooseProduct(row, event.target.value)}
                  >
                    <option value="">No product</option>
                    {row.productId && !products.some((product) => product.id === row.productId) ? (
                      <option value={row.productId}>Product not listed in the shop</option>
                    ) : null}
                    {products.map((product) => (
                      <option key={product.id} value={product.id}>
                        {product.title}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <div className="grid gap-1.5 sm:col-span-3">
                  <Label htmlFor={`item-${row.key}-description`}>Description</Label>
                  <Input
                    id={`item-${row.key}-description`}
                    name="description"
                    value={row.description}
                    maxLength={200}
                    onChange={(event) => change(row.key, { description: event.target.value })}
                  />
                </div>
                <div className="grid gap-1.5 sm:col-span-2">
                  <Label htmlFor={`item-${row.key}-quantity`}>Quantity</Label>
                  <Input
                    id={`item-${row.key}-quantity`}
                    name="quantity"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    value={row.quantity}
                    onChange={(event) => change(row.key, { quantity: event.target.value })}
                  />
                </div>
                <div className="grid gap-1.5 sm:col-span-2">
                  <Label htmlFor={`item-${row.key}-price`}>Unit price ($)</Label>
                  <Input
                    id={`item-${row.key}-price`}
                    name="unitPrice"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    value={row.unitPrice}
                    onChange={(event) => change(row.key, { unitPrice: event.target.value })}
                  />
                </div>
                <div className="flex items-end sm:col-span-2">
                  <Button
                    type="button"
                    variant="outline"
                    className="w-full"
                    disabled={rows.length === 1}
                    onClick={() => setRows((current) => current.filter((candidate) => candidate.key !== row.key))}
                  >
                    <Trash2Icon aria-hidden /> Remove item {index + 1}
                  </Button>
                </div>
              </fieldset>
            ))}
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              onClick={() => setRows((current) => [...current, newRow()])}
            >
              <PlusIcon aria-hidden /> Add Item
            </Button>
          </div>

          <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
            <p className="font-semibold">
              Total <span data-testid="invoice-form-total">{formatMoney(previewTotal(rows))}</span>
            </p>
            <div className="flex gap-2">
              <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? <Spinner /> : null} Save Invoice
              </Button>
            </div>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
