import { PlusIcon, Trash2Icon } from 'lucide-react'
import type * as React from 'react'
import { useRef, useState } from 'react'
import { FormDialog, useActionForm } from '#app/components/forms/action-form.tsx'
import { InputField, SelectField } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import {
  dollarsToCents,
  INVOICE_STATUSES,
  invoiceTotalCents,
  MISSING_CUSTOMER_OR_ITEMS,
} from '#app/modules/invoices/schemas.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'
import type { CustomerOption, InvoiceActionResult, InvoiceRow, ProductOption } from './invoice-types.ts'

type Row = { key: number; description: string; quantity: string; unitPrice: string; productId: string }

const wholeNumber = { type: 'number', inputMode: 'numeric', min: 1, step: 1 } as const
const dollars = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01 } as const

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
  const form = useActionForm<InvoiceActionResult>({ onOk: onClose })
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
  // The rows as they were posted: the server names a row's problem by its place then
  // (`items.1.quantity`), which stays with that row if another is added or removed since.
  const [postedKeys, setPostedKeys] = useState<number[]>([])
  const errorOf = (row: Row, field: keyof Omit<Row, 'key'>) => {
    const place = postedKeys.indexOf(row.key)
    return place < 0 ? undefined : form.errors[`items.${place}.${field}`]
  }
  const change = (key: number, values: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...values } : row)))
  /** A row's text box: its id (`item-{key}-{idEnd}`), name, value, problem and what a change does. */
  const rowInput = (row: Row, field: 'description' | 'quantity' | 'unitPrice', idEnd: string = field) => ({
    id: `item-${row.key}-${idEnd}`,
    name: field,
    value: row[field],
    error: errorOf(row, field),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => change(row.key, { [field]: event.target.value }),
  })
  const chooseProduct = (row: Row, productId: string) => {
    const product = products.find((candidate) => candidate.id === productId)
    change(row.key, {
      productId,
      description: row.description || product?.title || '',
      unitPrice: row.unitPrice || (product ? centsToDollars(product.priceCents) : ''),
    })
  }

  return (
    <FormDialog
      form={form}
      title={invoice ? `Edit Invoice #${shortId(invoice.id)}` : 'New Invoice'}
      description="Quantity times unit price per item; the total is computed when you save."
      fields={{ intent: invoice ? 'update' : 'create', invoiceId: invoice?.id }}
      submitLabel="Save Invoice"
      onClose={onClose}
      className="sm:max-w-3xl"
      onSubmit={(event) => {
        const values = new FormData(event.currentTarget)
        const hasItem = rows.some((row) => row.description.trim() || row.unitPrice.trim() || row.productId)
        if (!values.get('userId') || !hasItem) {
          event.preventDefault()
          showToast({ title: 'Error', description: MISSING_CUSTOMER_OR_ITEMS, variant: 'destructive' })
          return
        }
        setPostedKeys(rows.map((row) => row.key))
      }}
      aside={
        <p className="font-semibold">
          Total <span data-testid="invoice-form-total">{formatMoney(previewTotal(rows))}</span>
        </p>
      }
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <SelectField
          id="invoice-customer"
          label="Customer"
          name="userId"
          defaultValue={invoice?.userId ?? ''}
          error={form.errors.userId}
        >
          <option value="">Select a customer…</option>
          {customers.map((customer) => (
            <option key={customer.id} value={customer.id}>
              {customerLabel(customer)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="invoice-status"
          label="Status"
          name="status"
          defaultValue={invoice?.status ?? 'unpaid'}
          error={form.errors.status}
        >
          {INVOICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
      </div>

      <div className="grid gap-3">
        {rows.map((row, index) => (
          <fieldset key={row.key} className="grid min-w-0 gap-3 rounded-lg border p-3 sm:grid-cols-6">
            <legend className="px-1 font-medium text-sm">Item {index + 1}</legend>
            <SelectField
              id={`item-${row.key}-product`}
              label="Product (optional)"
              fieldClassName="sm:col-span-3"
              name="productId"
              value={row.productId}
              error={errorOf(row, 'productId')}
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
            </SelectField>
            <InputField
              {...rowInput(row, 'description')}
              label="Description"
              fieldClassName="sm:col-span-3"
              maxLength={200}
            />
            <InputField
              {...rowInput(row, 'quantity')}
              label="Quantity"
              fieldClassName="sm:col-span-2"
              {...wholeNumber}
            />
            <InputField
              {...rowInput(row, 'unitPrice', 'price')}
              label="Unit price ($)"
              fieldClassName="sm:col-span-2"
              {...dollars}
            />
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
    </FormDialog>
  )
}
