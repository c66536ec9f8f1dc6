import type { invoicePayments } from './schema.server.ts'

type InvoicePaymentRow = typeof invoicePayments.$inferSelect

/** 'void' is reached only by voiding (voidInvoice), never chosen as a status. */
export type InvoiceStatus = 'quote' | 'unpaid' | 'paid' | 'void'

export type InvoiceSummaryDto = Pick<
  InvoiceDetailDto,
  'id' | 'status' | 'totalCents' | 'dueDate' | 'paymentDate' | 'testPayment' | 'orderId' | 'createdAt'
>

export type CreatePaidInvoiceInput = {
  userId: string | null
  email: string | null
  orderId: string | null
  totalCents: number
  paymentDate: Date
  /** The provider's payment reference (Stripe: the PaymentIntent id). */
  paymentReference: string | null
  /** Paid through the built-in demo checkout: no money was taken. */
  testPayment: boolean
  items: InvoiceItemInput[]
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
  /** The order the invoice bills, if any. */
  orderId: string | null
  status: InvoiceStatus
  totalCents: number
  dueDate: string | null
  paymentDate: Date | null
  /** Paid through the built-in demo checkout: no money was taken. */
  testPayment: boolean
  /** Given back through the order's refunds. */
  refundedCents: number
  createdAt: Date
  items: InvoiceItemDto[]
}

/** Who asks for an invoice: its owner or an admin may see it. */
export type InvoiceViewer = { id: string; isAdmin: boolean }

/** The payload of a NOTIFY on the 'invoice_changed' channel. */
export type InvoiceChange = { id: string; status: InvoiceStatus }

/** An item of an invoice an admin writes: prices in cents, computed from the form on the server. */
export type InvoiceItemInput = Omit<InvoiceItemDto, 'id'>

/**
 * What an admin saves: the customer, the billing e-mail (the customer's), the status and the items;
 * an order placed by the customer also names itself (an admin's edit keeps the order it had).
 */
export type InvoiceInput = {
  userId: string
  email: string | null
  orderId?: string | null
  status: InvoiceStatus
  items: InvoiceItemInput[]
  /** When payment is due, as a calendar date (`2026-12-07`); none by default. */
  dueDate?: string | null
}

/** One row of the back-office invoice list, with its items for the edit form. */
export type AdminInvoiceDto = InvoiceDetailDto & {
  /** The card payment's provider reference; null when the invoice was not paid by card. */
  paymentReference: string | null
  /** Paid by the customer's own Mark as Paid (a declared payment), not by card or by the shop. */
  declaredByCustomer: boolean
  updatedAt: Date
}

/** A saved invoice: its server-computed total and its status. */
export type SavedInvoiceDto = { id: string; status: InvoiceStatus; totalCents: number }

/** An invoice as Pay Now charges it: its stored items and total, and the version they belong to. */
export type PayableInvoiceDto = {
  id: string
  userId: string | null
  status: InvoiceStatus
  totalCents: number
  version: number
  items: Pick<InvoiceItemDto, 'description' | 'quantity' | 'unitPriceCents'>[]
}

/** A payment session of an invoice that was open, to expire at its provider. */
export type OpenPaymentSession = { provider: string; providerSessionId: string }

/** What a customer's Mark as Paid did: the invoice is paid by their declaration, or nothing changed. */
export type DeclaredPaymentResult =
  | { ok: true; invoiceId: string; declaredAt: Date; expiredSessions: OpenPaymentSession[] }
  | { ok: false; reason: 'not-found' | 'not-unpaid' }

export type InvoicePaymentOutcome = InvoicePaymentRow['outcome']

/** What a provider reports paid for an invoice session. */
export type ReceivedInvoicePayment = Pick<
  InvoicePaymentRow,
  'provider' | 'providerSessionId' | 'paymentReference' | 'testPayment'
> & {
  /** The invoice the session names; the shop's own session record wins when it has one. */
  invoiceId: string
  /** What the provider says was paid; the session's recorded amount when it does not say. */
  amountCents: number | null
  paidAt: Date
}

/** A payment the shop must look at: it did not match its invoice, or paid one twice. */
export type FlaggedInvoicePaymentDto = Pick<
  InvoicePaymentRow,
  'id' | 'invoiceId' | 'provider' | 'paymentReference' | 'amountCents' | 'testPayment' | 'note' | 'receivedAt'
> & { outcome: Exclude<InvoicePaymentOutcome, 'applied'> }
