export type InvoiceStatus = 'quote' | 'unpaid' | 'paid'

export type InvoiceSummaryDto = {
  id: string
  status: InvoiceStatus
  totalCents: number
  dueDate: string | null
  paymentDate: Date | null
  createdAt: Date
}

export type CreatePaidInvoiceInput = {
  userId: string | null
  email: string | null
  orderId: string | null
  totalCents: number
  paymentDate: Date
  /** The provider's payment reference (Stripe: the PaymentIntent id). */
  paymentReference: string | null
  items: { productId: string | null; description: string; quantity: number; unitPriceCents: number }[]
}
