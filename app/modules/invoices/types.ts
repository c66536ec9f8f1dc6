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

export type InvoiceItemDto = {
  id: string
  productId: string | null
  description: string
  quantity: number
  unitPriceCents: number
}

/** One invoice with its items, as the invoice page shows it. */
export type InvoiceDetailDto = {
  id: string
  userId: string | null
  email: string | null
  orderId: string | null
  status: InvoiceStatus
  totalCents: number
  dueDate: string | null
  paymentDate: Date | null
  createdAt: Date
  items: InvoiceItemDto[]
}

/** Who asks for an invoice: its owner or an admin may see it. */
export type InvoiceViewer = { id: string; isAdmin: boolean }

/** The payload of a NOTIFY on the 'invoice_changed' channel. */
export type InvoiceChange = { id: string; status: InvoiceStatus }
