import { PlusIcon, Trash2Icon } from 'lucide-react'
import type * as React from 'react'
import { useRef, useState } from 'react'
import { type RecordChoice, RecordSearchPicker } from '#app/components/admin/record-search-picker.tsx'
import { FormDialog, useActionForm } from '#app/components/forms/action-form.tsx'
import { InputField, SelectField } from '#app/components/forms/field.tsx'
import { dollarsInput, wholeNumberInput } from '#app/components/forms/number-inputs.ts'
import { Button } from '#app/components/ui/button.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import {
  dollarsToCents,
  INVOICE_STATUSES,
  invoiceTotalCents,
  MISSING_CUSTOMER_OR_ITEMS,
} from '#app/modules/invoices/schemas.ts'
import { formatMoney, shortId } from '#app/rules/money.ts'
import type { InvoiceActionResult, InvoiceRow } from './invoice-types.ts'

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

export function InvoiceFormDialog({
  invoice,
  products,
  onClose,
}: {
  /** The invoice to edit; null for a new one. */
  invoice: InvoiceRow | null
  /** The products of the listed invoices' items, so that an item shows its product by name. */
  products: RecordChoice[]
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
  const chooseProduct = (row: Row, product: RecordChoice | null) => {
    change(row.key, {
      productId: product?.id ?? '',
      description: row.description || product?.label || '',
      unitPrice: row.unitPrice || (product?.priceCents === undefined ? '' : centsToDollars(product.priceCents)),
    })
  }
  const productOf = (productId: string): RecordChoice | null =>
    productId
      ? (products.find((product) => product.id === productId) ?? {
          id: productId,
          label: 'Product not listed in the shop',
        })
      : null

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
        <RecordSearchPicker
          id="invoice-customer"
          label="Customer"
          name="userId"
          kind="customers"
          placeholder="Name or e-mail…"
          chosen={invoice?.userId ? (invoice.customer ?? { id: invoice.userId, label: 'Deleted customer' }) : null}
          error={form.errors.userId}
        />
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
            <RecordSearchPicker
              id={`item-${row.key}-product`}
              label="Product (optional)"
              fieldClassName="sm:col-span-3"
              name="productId"
              kind="products"
              placeholder="Title or SKU…"
              chosen={productOf(row.productId)}
              error={errorOf(row, 'productId')}
              onChoose={(product) => chooseProduct(row, product)}
            />
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
              {...wholeNumberInput(1)}
            />
            <InputField
              {...rowInput(row, 'unitPrice', 'price')}
              label="Unit price ($)"
              fieldClassName="sm:col-span-2"
              {...dollarsInput}
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
