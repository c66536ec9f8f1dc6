import {
  expireOpenPaymentSessions,
  lockPayableInvoice,
  type OpenPaymentSession,
  type PayableInvoiceDto,
  recordPaymentSession,
} from '#app/modules/invoices/index.server.ts'
import { type CheckoutLine, getPaymentProvider } from '#app/modules/payments/index.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { CANCELLED_ORDER_INVOICE, isInvoiceOfCancelledOrder } from './orders/order-of-invoice.server.ts'

export type PayInvoiceResult = { ok: true; url: string } | { ok: false; message: string }

export const MISSING_URL_MESSAGE = 'The payment session address was not returned.'
export const INVOICE_CHANGED_MESSAGE = 'The invoice changed while the payment was being prepared. Please try again.'

/** Step 2: the hosted page's lines and credit, from the stored items only (never from the browser). */
function checkoutLines(invoice: PayableInvoiceDto): { lines: CheckoutLine[]; creditCents: number } {
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

const checkoutTotal = ({ lines, creditCents }: ReturnType<typeof checkoutLines>) =>
  Math.max(0, lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0) - creditCents)

/**
 * Expires payment sessions at their provider, so they can no longer be paid. Best effort: a session
 * the provider will not expire may still be paid, and its payment is then judged against the
 * invoice as it is (and flagged if it does not match).
 * @example await expireAtProvider(await expireOpenPaymentSessions(invoiceId))
 */
export async function expireAtProvider(sessions: OpenPaymentSession[]) {
  if (sessions.length === 0) return
  const provider = getPaymentProvider()
  await Promise.all(
    sessions.map(async (session) => {
      if (session.provider !== provider.name) return
      const expired = await provider.expireCheckout(session.providerSessionId).catch((error: unknown) => {
        logger.warn({ err: error, sessionId: session.providerSessionId }, 'Payment session could not be expired')
        return false
      })
      if (!expired) logger.info({ sessionId: session.providerSessionId }, 'Payment session was no longer open')
    }),
  )
}

/**
 * An invoice changed (an admin's edit, a status change, a deletion): its open payment sessions can
 * no longer pay it, and are expired here and at the provider.
 * @example await expireInvoicePaymentSessions(invoice.id)
 */
export async function expireInvoicePaymentSessions(invoiceId: string) {
  await expireAtProvider(await expireOpenPaymentSessions(invoiceId))
}

/**
 * Pay Now: opens a hosted checkout session for an unpaid invoice the caller has already been
 * allowed to see, for its stored items and current total, and records the session with that
 * amount and the invoice's version. An earlier open session of the invoice is expired first, so
 * one invoice is never payable through two sessions. The webhook marks the invoice paid only if
 * the payment matches the invoice as it is then.
 * @example
 * const result = await payInvoice(invoice.id, viewer)
 * if (result.ok) throw redirect(result.url)
 */
export async function payInvoice(invoiceId: string, payer: { id: string; email: string }): Promise<PayInvoiceResult> {
  const env = getEnv()
  const db = await getDb()
  // Step 0: an invoice of a cancelled order is not paid any more.
  if (await isInvoiceOfCancelledOrder(invoiceId)) return { ok: false, message: CANCELLED_ORDER_INVOICE }
  // Step 1: the invoice as it is now, with every earlier session of it expired.
  const { invoice, earlier } = await db.transaction(async (tx) => {
    const invoice = await lockPayableInvoice(invoiceId, tx)
    if (invoice?.status !== 'unpaid') return { invoice: null, earlier: [] }
    return { invoice, earlier: await expireOpenPaymentSessions(invoiceId, tx) }
  })
  if (!invoice) return { ok: false, message: 'This invoice is not awaiting payment.' }
  await expireAtProvider(earlier)

  const checkout = checkoutLines(invoice)
  const amountCents = checkoutTotal(checkout)
  if (amountCents !== invoice.totalCents || amountCents === 0) {
    logger.error({ invoiceId, amountCents, totalCents: invoice.totalCents }, 'Invoice items do not add up to its total')
    return { ok: false, message: 'This invoice cannot be paid online. Please contact us.' }
  }
  const provider = getPaymentProvider()
  try {
    // Step 3: the provider's hosted session, linked to this invoice.
    const session = await provider.createCheckout({
      reference: { kind: 'invoice', id: invoice.id },
      lines: checkout.lines,
      discount: checkout.creditCents > 0 ? { code: 'Credit', amountCents: checkout.creditCents } : null,
      shippingCents: 0,
      customerEmail: payer.email,
      collectShippingAddress: false,
      successUrl: `${env.PUBLIC_URL}/checkout?status=success&invoice_id=${invoice.id}`,
      cancelUrl: `${env.PUBLIC_URL}/checkout?status=cancel&invoice_id=${invoice.id}`,
    })
    if (!session?.url) return { ok: false, message: MISSING_URL_MESSAGE }
    // Step 4: remember what the session charges and for which version; an edit meanwhile voids it.
    const current = await recordPaymentSession({
      invoiceId: invoice.id,
      userId: payer.id,
      provider: provider.name,
      providerSessionId: session.id,
      amountCents,
      invoiceVersion: invoice.version,
      expiresAt: session.expiresAt,
    })
    if (!current) {
      await expireAtProvider([{ provider: provider.name, providerSessionId: session.id }])
      return { ok: false, message: INVOICE_CHANGED_MESSAGE }
    }
    return { ok: true, url: session.url }
  } catch (err) {
    logger.error({ err, invoiceId: invoice.id }, 'Invoice checkout could not be created')
    const readable = err instanceof Error && err.name !== 'ZodError'
    return { ok: false, message: readable ? err.message : 'The payment could not be started.' }
  }
}
