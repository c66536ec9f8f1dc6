import type { InvoiceDetailDto } from '#app/modules/invoices/index.server.ts'
import { type CheckoutLine, getPaymentProvider } from '#app/modules/payments/index.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'

export type PayInvoiceResult = { ok: true; url: string } | { ok: false; message: string }

export const MISSING_URL_MESSAGE = 'The payment session address was not returned.'

/** Step 1: the hosted page's lines and credit, from the stored items only (never from the browser). */
function checkoutLines(invoice: InvoiceDetailDto): { lines: CheckoutLine[]; creditCents: number } {
  const lines = invoice.items
    .filter((item) => item.unitPriceCents >= 0 && item.quantity > 0)
    .map((item) => ({ name: item.description, unitAmountCents: item.unitPriceCents, quantity: item.quantity }))
  const creditCents = invoice.items
    .filter((item) => item.unitPriceCents < 0)
    .reduce((sum, item) => sum - item.unitPriceCents * item.quantity, 0)
  if (lines.length > 0) return { lines, creditCents }
  // An invoice without items is paid as one line for its stored total.
  return {
    lines: [{ name: `Invoice #${invoice.id.slice(0, 8)}`, unitAmountCents: invoice.totalCents, quantity: 1 }],
    creditCents: 0,
  }
}

/**
 * Pay Now: creates a hosted checkout session for an unpaid invoice the caller has already been
 * allowed to see, and returns where to send the browser. The webhook marks the invoice paid.
 * @example
 * const result = await payInvoice(invoice, viewer.email)
 * if (result.ok) throw redirect(result.url)
 */
export async function payInvoice(invoice: InvoiceDetailDto, customerEmail: string): Promise<PayInvoiceResult> {
  if (invoice.status !== 'unpaid') return { ok: false, message: 'This invoice is not awaiting payment.' }
  const env = getEnv()
  const { lines, creditCents } = checkoutLines(invoice)
  try {
    // Step 2: the provider's hosted session, linked to this invoice.
    const session = await getPaymentProvider().createCheckout({
      reference: { kind: 'invoice', id: invoice.id },
      lines,
      discount: creditCents > 0 ? { code: 'Credit', amountCents: creditCents } : null,
      shippingCents: 0,
      customerEmail,
      collectShippingAddress: false,
      successUrl: `${env.PUBLIC_URL}/checkout?status=success&invoice_id=${invoice.id}`,
      cancelUrl: `${env.PUBLIC_URL}/checkout?status=cancel&invoice_id=${invoice.id}`,
    })
    if (!session?.url) return { ok: false, message: MISSING_URL_MESSAGE }
    return { ok: true, url: session.url }
  } catch (err) {
    logger.error({ err, invoiceId: invoice.id }, 'Invoice checkout could not be created')
    const readable = err instanceof Error && err.name !== 'ZodError'
    return { ok: false, message: readable ? err.message : 'The payment could not be started.' }
  }
}
