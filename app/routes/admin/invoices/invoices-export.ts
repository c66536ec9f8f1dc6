import { InvoiceListQuerySchema } from '#app/modules/invoices/schemas.ts'
import { csvRow } from '#app/utils/csv.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { type AdminInvoiceRow, exportAdminInvoices } from '#app/workflows/list-admin-invoices.server.ts'
import { csvDollars, csvExportLoader } from '../+shared/csv-download.server.ts'

const HEADER = [
  'Invoice ID',
  'Invoice Number',
  'Date (UTC)',
  'Status',
  'Customer',
  'Email',
  'Order ID',
  'Items',
  'Total',
  'Refunded',
  'Due Date',
  'Payment Date (UTC)',
  'Payment Reference',
  'Test Payment',
]

function recordOf(invoice: AdminInvoiceRow) {
  return csvRow([
    invoice.id,
    invoice.id.slice(0, 8),
    invoice.createdAt.toISOString(),
    invoice.status,
    invoice.customerName,
    invoice.customerEmail,
    invoice.orderId,
    invoice.items.map((item) => `${item.quantity} × ${item.description}`).join('; '),
    csvDollars(invoice.totalCents),
    csvDollars(invoice.refundedCents),
    invoice.dueDate,
    invoice.paymentDate?.toISOString() ?? null,
    invoice.paymentReference,
    invoice.testPayment ? 'yes' : 'no',
  ])
}

/**
 * The invoices of the list's filter, search and dates as a CSV file, every page of them, streamed
 * in batches. Amounts are dollars with 2 decimals.
 * The action answers a bulk export: the invoices ticked in the list, or all matching.
 */
export const loader = csvExportLoader(
  'invoices',
  { header: HEADER, recordOf, what: 'Invoice export' },
  (query, ids) => {
    const { status, payment, q, from, to, by } = InvoiceListQuerySchema.parse(Object.fromEntries(query))
    const dates = from || to ? { from, to, by, timeZone: getEnv().SHOP_TIME_ZONE } : undefined
    return {
      prefix: `invoices-${status ? `${status}-` : ''}`,
      batches: exportAdminInvoices({ status, payment, search: q, dates, ids }),
    }
  },
)

export const action = loader
