import type { RecordChoice } from '#app/components/admin/record-search-picker.tsx'
import type { InvoiceItemDto, InvoiceStatus } from '#app/modules/invoices/types.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import type { ReceiptLink } from '../+shared/receipt-links.tsx'

/** What every invoice action answers: the toast that reports it (back-office §1). */
export type InvoiceActionResult = ActionResult

/** One row of the back-office list, as the page shows and edits it. */
export type InvoiceRow = {
  id: string
  userId: string | null
  /** The customer as the dialog's picker shows it. */
  customer: RecordChoice | null
  customerName: string | null
  customerEmail: string | null
  status: InvoiceStatus
  testPayment: boolean
  totalCents: number
  createdAt: Date | string
  items: InvoiceItemDto[]
  /** How a paid invoice was paid: the customer's Mark as Paid, a card payment, or the shop's status change. */
  payment: { by: 'customer' | 'card' | 'shop'; date: Date | string } | null
  receipts: ReceiptLink[]
}
