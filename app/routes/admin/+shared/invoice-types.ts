import type { InvoiceItemDto, InvoiceStatus } from '#app/modules/invoices/types.ts'
import type { AdminActionResult } from './use-action-toast.ts'

/** What every invoice action answers: the toast that reports it (back-office §1). */
export type InvoiceActionResult = AdminActionResult

export type CustomerOption = { id: string; fullName: string; email: string }
export type ProductOption = { id: string; title: string; priceCents: number }

/** One row of the back-office list, as the page shows and edits it. */
export type InvoiceRow = {
  id: string
  userId: string | null
  customerName: string | null
  customerEmail: string | null
  status: InvoiceStatus
  totalCents: number
  createdAt: Date | string
  items: InvoiceItemDto[]
}
