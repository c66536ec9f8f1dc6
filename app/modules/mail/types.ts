import type { mailOutbox } from './schema.server.ts'

type OutboxRow = typeof mailOutbox.$inferSelect

/** Every e-mail the shop knows how to write. */
export const mailTemplateNames = [
  'verify-email',
  'reset-password',
  'invitation',
  'order-confirmation',
  'new-order',
  'order-shipped',
  'order-cancelled',
  'order-refunded',
  'invoice',
  'payment-receipt',
  'payment-flagged',
  'quote-requested',
  'contact-message',
  'contact-reply',
  'low-stock',
] as const

export type MailTemplateName = (typeof mailTemplateNames)[number]

/** A calendar date or an instant; strings are ISO dates such as `2025-07-01`. */
export type MailDate = Date | string

export type OrderMailLine = { title: string; quantity: number; totalCents: number }

/** What each template needs to be written. Money is in integer cents. */
export type MailTemplateData = {
  'verify-email': { name: string; url: string }
  'reset-password': { name: string; url: string }
  invitation: { url: string; invitedBy: string; name?: string; validDays?: number }
  'order-confirmation': {
    orderNumber: string
    lines: OrderMailLine[]
    subtotalCents: number
    discountCents: number
    shippingCents: number
    totalCents: number
    invoiceUrl: string
    /** The customer's order page, or for a guest the page to create an account with this e-mail. */
    orderUrl?: string
    /** Where the parcel goes, one line per entry as on a label. */
    shippingAddress?: string[]
    /** What happens next: production time and delivery. */
    nextSteps?: string
    /** Paid through the demo checkout: no money was taken and the order is not shipped. */
    testPayment?: boolean
    /** Placed on the order page: its invoice is still to be paid. */
    paymentDue?: boolean
  }
  'order-shipped': {
    orderNumber: string
    carrier: string
    trackingNumber: string
    trackingUrl: string | null
    shippingAddress: string[]
    orderUrl: string
  }
  'order-cancelled': { orderNumber: string; refundedCents: number; orderUrl: string }
  'order-refunded': {
    orderNumber: string
    amountCents: number
    totalRefundedCents: number
    fullyRefunded: boolean
    reason: string | null
    orderUrl: string
  }
  'new-order': {
    orderNumber: string
    customerEmail: string
    totalCents: number
    adminUrl: string
    testPayment?: boolean
    /** Placed on the order page: its invoice is still to be paid. */
    paymentDue?: boolean
  }
  invoice: { invoiceNumber: string; totalCents: number; dueDate: MailDate; url: string }
  'payment-receipt': {
    invoiceNumber: string
    totalCents: number
    paidAt: MailDate
    reference: string
    url: string
    testPayment?: boolean
  }
  /** To the shop: a payment that did not mark its invoice paid. */
  'payment-flagged': {
    invoiceNumber: string
    amountCents: number
    reason: string
    testPayment: boolean
    adminUrl: string
  }
  /** To the shop: a customer asks to accept their quote. */
  'quote-requested': {
    quoteNumber: string
    customerEmail: string
    totalCents: number
    expiresAt: MailDate
    adminUrl: string
  }
  'contact-message': {
    name: string
    email: string
    subject: string
    message: string
    urgencyLabel: string
    /** The names of the files sent with it (kept in the shop, never attached). */
    files?: string[]
    /** The message in the back-office inbox. */
    adminUrl?: string
  }
  /** To the sender of a contact message: the shop's answer, with their message quoted. */
  'contact-reply': { name: string; subject: string; reply: string; message: string; sentAt: MailDate }
  /** To the shop, at most once a day: products at or below their low-stock threshold. */
  'low-stock': { products: LowStockMailLine[]; adminUrl: string }
}

export type LowStockMailLine = { title: string; sku: string | null; stockQuantity: number; lowStockThreshold: number }

/** A written e-mail, ready to be stored and sent. */
export type RenderedMail = { subject: string; html: string; text: string }

/**
 * Where a stored message stands: handed to the SMTP server, kept in the outbox only because no
 * SMTP server is configured, or refused by the SMTP server (see `error`).
 */
export type OutboxStatus = 'sent' | 'outbox' | 'failed'

/** A stored message as the outbox list shows it (no bodies). */
export type OutboxMessageSummaryDto = Pick<
  OutboxRow,
  'id' | 'to' | 'subject' | 'template' | 'sentAt' | 'error' | 'createdAt'
> & { status: OutboxStatus }

/** A stored message with both bodies. */
export type OutboxMessageDto = OutboxMessageSummaryDto & Pick<OutboxRow, 'html' | 'text'>
