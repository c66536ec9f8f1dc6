import { retrieveProfile } from '#app/modules/accounts/index.server.ts'
import { type ActivityActor, recordActivity } from '#app/modules/activity/index.server.ts'
import { createInvoice } from '#app/modules/invoices/index.server.ts'
import { sendMail } from '#app/modules/mail/index.server.ts'
import { findQuoteOwner, lockQuote, markQuoteAccepted } from '#app/modules/quotes/index.server.ts'
import { shortId } from '#app/rules/money.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'

export type AcceptQuoteResult =
  | { ok: true; invoiceId: string }
  | { ok: false; reason: 'not-found' | 'expired' | 'accepted' | 'no-customer'; message: string }

/** The invoice is due two weeks after it is written. */
const DUE_DAYS = 14

/**
 * The shop accepts a customer's quote: one unpaid invoice at the quoted prices, and the quote marked
 * accepted with a link to it, in one transaction; then the customer is e-mailed the invoice. An
 * expired or already accepted quote is refused and nothing changes.
 * @example const result = await acceptQuote(quoteId) // { ok: true, invoiceId }
 */
export async function acceptQuote(quoteId: string, actor?: ActivityActor): Promise<AcceptQuoteResult> {
  // Step 0: the customer, read before the transaction (the accounts module uses its own connection).
  const ownerId = await findQuoteOwner(quoteId)
  if (!ownerId) return { ok: false, reason: 'not-found', message: 'Quote not found.' }
  const customer = await retrieveProfile(ownerId)
  if (!customer) return { ok: false, reason: 'no-customer', message: 'The customer of this quote no longer exists.' }
  const db = await getDb()
  const dueDate = new Date(Date.now() + DUE_DAYS * 24 * 60 * 60 * 1000)
  const outcome = await db.transaction(
    async (tx): Promise<AcceptQuoteResult & { email?: string; totalCents?: number }> => {
      // Step 1: the quote, locked, so two clicks make one invoice.
      const quote = await lockQuote(quoteId, tx)
      if (!quote) return { ok: false, reason: 'not-found', message: 'Quote not found.' }
      if (quote.status === 'accepted') {
        return { ok: false, reason: 'accepted', message: 'This quote was already accepted.' }
      }
      if (quote.expired)
        return { ok: false, reason: 'expired', message: 'This quote has expired and cannot be accepted.' }
      // Step 2: the invoice at the quoted prices (not today's).
      const invoice = await createInvoice(
        {
          userId: customer.id,
          email: customer.email,
          status: 'unpaid',
          dueDate: dueDate.toISOString().slice(0, 10),
          items: quote.items.map((item) => ({
            description: item.title,
            quantity: item.quantity,
            unitPriceCents: item.unitPriceCents,
            productId: item.productId,
          })),
        },
        tx,
      )
      // Step 3: the quote points at its invoice.
      await markQuoteAccepted(quote.id, invoice.id, tx)
      // Step 3b: the activity log's entry, in the same transaction.
      if (actor) {
        await recordActivity(
          {
            actor,
            action: 'quote.accepted',
            recordType: 'quote',
            recordId: quote.id,
            recordLabel: `Quote #${shortId(quote.id)}`,
            changes: {
              status: { before: quote.status, after: 'accepted' },
              invoice: { before: null, after: `#${shortId(invoice.id)}` },
            },
          },
          tx,
        )
      }
      return { ok: true, invoiceId: invoice.id, email: customer.email, totalCents: invoice.totalCents }
    },
  )
  if (!outcome.ok) return outcome
  // Step 4: after the commit, the customer gets the invoice.
  const env = getEnv()
  if (outcome.email) {
    await sendMail({
      to: outcome.email,
      template: 'invoice',
      data: {
        invoiceNumber: outcome.invoiceId.slice(0, 8),
        totalCents: outcome.totalCents ?? 0,
        dueDate,
        url: `${env.PUBLIC_URL}/invoices/${outcome.invoiceId}`,
      },
    }).catch((err: unknown) =>
      logger.error({ err, quoteId }, 'Invoice e-mail for an accepted quote could not be stored'),
    )
  }
  return { ok: true, invoiceId: outcome.invoiceId }
}
