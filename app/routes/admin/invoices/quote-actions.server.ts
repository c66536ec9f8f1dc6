import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { QuoteIdSchema } from '#app/modules/quotes/schemas.ts'
import { shortId } from '#app/rules/money.ts'
import { refused, succeeded } from '#app/utils/action-reply.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { acceptQuote } from '#app/workflows/accept-quote.server.ts'

/** Create Invoice: the quote becomes an unpaid invoice at its prices, once. */
export async function acceptQuoteFromForm(fields: FormData, actor: ActivityActor) {
  const parsed = parseForm(QuoteIdSchema, { quoteId: fields.get('quoteId') })
  if (!parsed.ok) return refused(null, 'Quote not found.', 404)
  const result = await acceptQuote(parsed.data.quoteId, actor)
  if (!result.ok) return refused(null, result.message, result.reason === 'not-found' ? 404 : 409)
  return succeeded(
    null,
    'Invoice Created',
    `Quote #${shortId(parsed.data.quoteId)} is now invoice #${shortId(result.invoiceId)}, sent to the customer.`,
  )
}
