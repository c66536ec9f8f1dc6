import { data } from 'react-router'
import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { QuoteIdSchema } from '#app/modules/quotes/schemas.ts'
import { shortId } from '#app/rules/money.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { acceptQuote } from '#app/workflows/accept-quote.server.ts'

/** Create Invoice: the quote becomes an unpaid invoice at its prices, once. */
export async function acceptQuoteFromForm(fields: FormData, actor: ActivityActor) {
  const parsed = QuoteIdSchema.safeParse({ quoteId: fields.get('quoteId') })
  const result = parsed.success ? await acceptQuote(parsed.data.quoteId, actor) : null
  if (!result?.ok) {
    const status = !result || result.reason === 'not-found' ? 404 : 409
    return data<ActionResult>(
      {
        ok: false,
        toast: { title: 'Error', description: result?.message ?? 'Quote not found.', variant: 'destructive' },
      },
      { status },
    )
  }
  return data<ActionResult>({
    ok: true,
    toast: {
      title: 'Invoice Created',
      description: `Quote #${shortId(parsed.data?.quoteId ?? '')} is now invoice #${shortId(result.invoiceId)}, sent to the customer.`,
      variant: 'success',
    },
  })
}
