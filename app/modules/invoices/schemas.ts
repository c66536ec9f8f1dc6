import { z } from 'zod'
import { searchText, singleLine } from '#app/rules/text.ts'
import { DateRangeQuerySchema } from '#app/utils/date-range-query.ts'
import { isUuid } from '#app/utils/ids.ts'

/** Back-office §9: an invoice is a quote, unpaid or paid; an admin may set any of them. */
export const INVOICE_STATUSES = ['quote', 'unpaid', 'paid'] as const

/** The list's status filter: the statuses an admin sets, and the voided invoices. */
export const INVOICE_LIST_STATUSES = [...INVOICE_STATUSES, 'void'] as const

export const INVOICE_IS_VOID = 'This invoice is void: it stays in the records as it is.'

export const MAX_INVOICE_ITEMS = 100
export const MAX_ITEM_QUANTITY = 100_000
export const MAX_UNIT_PRICE_CENTS = 100_000_000
/** Well inside the integer column, so no sum of allowed lines can overflow it. */
export const MAX_INVOICE_TOTAL_CENTS = 1_000_000_000
const MAX_DESCRIPTION = 200

/** Back-office §5, the message of an invoice without a customer or without items. */
export const MISSING_CUSTOMER_OR_ITEMS = 'Please select a customer and add at least one item.'
const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_ITEM_QUANTITY.toLocaleString('en-US')}.`
const PRICE_MESSAGE = 'Unit price must be an amount in dollars with at most 2 decimals, like 12.50.'

/** "12", "12.5" or "12.50" dollars as integer cents, without floating-point rounding. */
export function dollarsToCents(text: string): number {
  const [whole, fraction = ''] = text.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** The invoice total: the sum of quantity times unit price (back-office §5). */
export function invoiceTotalCents(items: readonly { quantity: number; unitPriceCents: number }[]): number {
  return items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0)
}

const RawRowSchema = z.object({
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  productId: z.string(),
})
type RawRow = z.infer<typeof RawRowSchema>

/** A row the admin added and left empty is not an item. */
function isBlankRow(row: RawRow) {
  return !row.description.trim() && !row.unitPrice.trim() && !row.productId.trim()
}

const ItemSchema = z
  .object({
    description: singleLine({ label: 'An item description' })
      .min(1, 'Each item needs a description.')
      .max(MAX_DESCRIPTION, `An item description must be at most ${MAX_DESCRIPTION} characters.`),
    quantity: z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, QUANTITY_MESSAGE)
      .transform(Number)
      .refine((quantity) => quantity >= 1 && quantity <= MAX_ITEM_QUANTITY, QUANTITY_MESSAGE),
    unitPrice: z
      .string()
      .trim()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, PRICE_MESSAGE)
      .transform(dollarsToCents)
      .refine((cents) => cents <= MAX_UNIT_PRICE_CENTS, 'Unit price must be at most $1,000,000.00.'),
    productId: z
      .string()
      .trim()
      .transform((value) => value || null)
      .pipe(z.uuid('Choose a product from the list.').nullable()),
  })
  .transform(({ unitPrice, ...item }) => ({ ...item, unitPriceCents: unitPrice }))

/**
 * The admin's invoice form (back-office §2, §5): a customer, at least one item and a status. Prices
 * come in as dollars and leave as integer cents; blank rows are dropped; no total is read, the
 * server computes it. The first issue is the toast to show; its title is in `params.title`.
 */
export const InvoiceFormSchema = z
  .object({
    userId: z.string().trim(),
    status: z.string().trim(),
    items: z.array(RawRowSchema).max(MAX_INVOICE_ITEMS, `An invoice can have at most ${MAX_INVOICE_ITEMS} items.`),
  })
  .refine((form) => isUuid(form.userId) && form.items.some((row) => !isBlankRow(row)), {
    message: MISSING_CUSTOMER_OR_ITEMS,
    params: { title: 'Error' },
    abort: true,
  })
  .pipe(
    z.object({
      userId: z.string(),
      status: z.enum(INVOICE_STATUSES, 'Choose a status: quote, unpaid or paid.'),
      // Each row is read where it was posted, blank ones dropped after: a problem names the row the
      // admin typed it in (`items.2.quantity`), whatever blank rows stand before it.
      items: z
        .array(RawRowSchema.transform((row) => (isBlankRow(row) ? null : row)).pipe(ItemSchema.nullable()))
        .transform((items) => items.filter((item) => item !== null)),
    }),
  )
  .refine((form) => invoiceTotalCents(form.items) <= MAX_INVOICE_TOTAL_CENTS, {
    message: 'The invoice total must be at most $10,000,000.00.',
    // The total of rows that could not all be read is no total.
    when: (payload) => payload.issues.length === 0,
  })

export type InvoiceForm = z.output<typeof InvoiceFormSchema>

export const InvoiceIdSchema = z.object({ invoiceId: z.uuid('Invoice not found.') })

export const InvoiceStatusFormSchema = z.object({
  invoiceId: z.uuid('Invoice not found.'),
  status: z.enum(INVOICE_STATUSES, 'Choose a status: quote, unpaid or paid.'),
})

/** The longest search the back-office invoice list accepts. */
export const INVOICE_SEARCH_MAX_LENGTH = 100

/** Which date an invoice list's date range reads: when it was written, or when it was paid. */
export const INVOICE_DATE_FIELDS = ['created', 'paid'] as const

/**
 * The list's and the export's filter from the query string; anything unknown shows every invoice.
 * `q` finds an invoice by the start of its id, its order's number, or its customer's name or e-mail.
 */
export const InvoiceListQuerySchema = z
  .object({
    status: z.enum(INVOICE_LIST_STATUSES).optional().catch(undefined),
    /** Invoices paid for real, test payments (the demo checkout), or every invoice. */
    payment: z.enum(['all', 'real', 'test']).catch('all'),
    q: searchText(INVOICE_SEARCH_MAX_LENGTH),
    by: z.enum(INVOICE_DATE_FIELDS).catch('created'),
    page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  })
  .and(DateRangeQuerySchema)

export const ResolvePaymentFormSchema = z.object({ paymentId: z.uuid('That payment is not flagged any more.') })

function text(value: FormDataEntryValue | undefined | null) {
  return typeof value === 'string' ? value : ''
}

/** The invoice form's fields as plain strings, its item rows zipped from the repeated fields. */
export function invoiceFormValues(form: FormData) {
  const column = (name: string) => form.getAll(name).map(text)
  const descriptions = column('description')
  const quantities = column('quantity')
  const prices = column('unitPrice')
  const productIds = column('productId')
  const rowCount = Math.max(descriptions.length, quantities.length, prices.length, productIds.length)
  return {
    userId: text(form.get('userId')),
    status: text(form.get('status')),
    items: Array.from({ length: rowCount }, (_, index) => ({
      description: descriptions[index] ?? '',
      quantity: quantities[index] ?? '',
      unitPrice: prices[index] ?? '',
      productId: productIds[index] ?? '',
    })),
  }
}

/** The title and text of a rejected form's first problem, for a destructive toast. */
export function invoiceIssueToast(error: z.ZodError, fallbackTitle: string) {
  const issue = error.issues[0]
  const title = (issue as { params?: { title?: string } } | undefined)?.params?.title
  return {
    title: title ?? fallbackTitle,
    description: issue?.message ?? 'Please check the form and try again.',
    variant: 'destructive' as const,
  }
}
