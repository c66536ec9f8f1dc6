export type InvoiceStatus = 'quote' | 'unpaid' | 'paid'

export type InvoiceSummaryDto = {
  id: string
  status: InvoiceStatus
  totalCents: number
  dueDate: string | null
  paymentDate: Date | null
  createdAt: Date
}
