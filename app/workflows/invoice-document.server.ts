import { retrieveProfile } from '#app/modules/accounts/index.server.ts'
import {
  type InvoiceDetailDto,
  type InvoiceDocument,
  renderInvoicePdf,
  retrieveInvoice,
} from '#app/modules/invoices/index.server.ts'
import type { MailAttachment } from '#app/modules/mail/index.server.ts'
import { findOrderNumber, getOrderDetail } from '#app/modules/orders/index.server.ts'
import { getShopSettings } from '#app/modules/settings/index.server.ts'
import { addressLines, hasSpecAddress } from '#app/rules/address.ts'
import { shortId } from '#app/rules/money.ts'
import { countryName } from '#app/rules/order-labels.ts'
import { logger } from '#app/utils/logger.server.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

function paymentLine(invoice: InvoiceDetailDto): string {
  if (invoice.status === 'quote') return 'Quote (not yet an invoice)'
  if (invoice.status === 'unpaid') return 'Unpaid'
  if (invoice.status === 'void') return 'Void: cancelled by the shop, nothing is due'
  const when = invoice.paymentDate ? ` on ${dateFormat.format(invoice.paymentDate)}` : ''
  if (invoice.testPayment) return `Test payment${when} (no money was taken)`
  if (invoice.refundedCents >= invoice.totalCents && invoice.totalCents > 0) return `Paid${when}, refunded`
  return `Paid${when}`
}

/**
 * Gathers what an invoice's PDF prints: the shop's details from /admin/settings, the customer's
 * name and the address the order shipped to (or their profile's), the order's number, the items
 * and how it was paid.
 * @example const document = await invoiceDocumentOf(invoice)
 */
export async function invoiceDocumentOf(invoice: InvoiceDetailDto): Promise<InvoiceDocument> {
  const [shop, profile, order] = await Promise.all([
    getShopSettings(),
    invoice.userId ? retrieveProfile(invoice.userId) : null,
    invoice.orderId ? getOrderDetail(invoice.orderId) : null,
  ])
  const address = order?.shippingAddress ?? (hasSpecAddress(profile?.shippingAddress) ? profile?.shippingAddress : null)
  return {
    number: shortId(invoice.id),
    issuedAt: invoice.createdAt,
    dueDate: invoice.dueDate,
    paymentLine: paymentLine(invoice),
    issuer: { legalName: shop.legalName, address: shop.address, email: shop.email, taxId: shop.taxId },
    billedTo: {
      name: profile?.fullName || address?.name || null,
      email: invoice.email ?? profile?.email ?? null,
      addressLines: address ? addressLines({ ...address, name: '' }, countryName) : [],
    },
    orderNumber: order?.number ?? (invoice.orderId ? ((await findOrderNumber(invoice.orderId))?.number ?? null) : null),
    items: invoice.items,
    totalCents: invoice.totalCents,
    refundedCents: invoice.refundedCents,
  }
}

/**
 * The invoice as a PDF file: its bytes and the file name to offer.
 * @example const { bytes, fileName } = await invoicePdf(invoice) // 'invoice-a1b2c3d4.pdf'
 */
export async function invoicePdf(invoice: InvoiceDetailDto): Promise<{ bytes: Buffer; fileName: string }> {
  const document = await invoiceDocumentOf(invoice)
  return { bytes: await renderInvoicePdf(document), fileName: `invoice-${document.number}.pdf` }
}

/**
 * An invoice's PDF to attach to an e-mail (the order confirmation, the payment receipt); null when
 * the invoice is gone or the PDF could not be written, so the e-mail still goes out without it.
 * @example const attachments = [await invoicePdfAttachment(invoiceId)].filter(Boolean)
 */
export async function invoicePdfAttachment(invoiceId: string): Promise<MailAttachment | null> {
  try {
    const invoice = await retrieveInvoice(invoiceId)
    if (!invoice) return null
    const { bytes, fileName } = await invoicePdf(invoice)
    return { filename: fileName, contentType: 'application/pdf', content: bytes }
  } catch (err) {
    logger.error({ err, invoiceId }, 'The invoice PDF could not be written for an e-mail')
    return null
  }
}
