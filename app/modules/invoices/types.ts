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

/** An item of an invoice an admin writes: prices in cents, computed from the form on the server. */
export type InvoiceItemInput = {
  description: string
  quantity: number
  unitPriceCents: number
  productId: string | null
}

/** What an admin saves: the customer, the billing e-mail (the customer's), the status and the items. */
export type InvoiceInput = {
  userId: string
  email: string | null
  status: InvoiceStatus
  items: InvoiceItemInput[]
}

/** One row of the back-office invoice list, with its items for the edit form. */
export type AdminInvoiceDto = {
  id: string
  userId: string | null
  email: string | null
  orderId: string | null
  status: InvoiceStatus
  totalCents: number
  paymentDate: Date | null
  createdAt: Date
  updatedAt: Date
  items: InvoiceItemDto[]
}

/** A saved invoice: its server-computed total and its status. */
export type SavedInvoiceDto = { id: string; status: InvoiceStatus; totalCents: number }
