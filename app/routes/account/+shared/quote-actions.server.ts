import { sendMail } from '#app/modules/mail/index.server.ts'
import { requestQuoteAcceptance } from '#app/modules/quotes/index.server.ts'
import { QuoteIdSchema, SaveQuoteSchema } from '#app/modules/quotes/schemas.ts'
import { shortId } from '#app/rules/money.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import type { Viewer } from '#app/wiring/viewer.server.ts'
import { deleteQuoteWithModels } from '#app/workflows/instant-quote/quote-model-retention.server.ts'
import { saveQuote } from '#app/workflows/save-quote.server.ts'

type QuoteIntent = 'save' | 'delete' | 'request'

const failed = (intent: QuoteIntent, title: string, description: string, status = 400) =>
  refused(intent, description, status, undefined, title)

function parseItems(fields: FormData) {
  const raw = fields.get('items')
  if (typeof raw !== 'string' || raw.length > 20_000) return null
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return null
  }
}

/** Save Quote: the lines the customer chose, priced from the catalogue at base prices. */
export async function saveQuoteFromForm(viewer: Viewer, fields: FormData) {
  // Each line's problem comes back by its place (`items.0.quantity`), shown beside that line.
  const parsed = parseForm(SaveQuoteSchema, { items: parseItems(fields) })
  if (!parsed.ok) return refusedForm('save', parsed, { title: 'Failed to save quote' })
  const saved = await saveQuote(viewer.id, parsed.data.items)
  if (!saved.ok) return failed('save', 'Failed to save quote', saved.message, 409)
  const until = saved.quote.expiresAt.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
  return succeeded('save', 'Quote Saved!', `Quote #${shortId(saved.quote.id)} is valid until ${until}.`)
}

/** Delete, after the page asked for confirmation: only the customer's own quote, with the models only it used. */
export async function deleteQuoteFromForm(viewer: Viewer, fields: FormData) {
  const parsed = parseForm(QuoteIdSchema, { quoteId: fields.get('quoteId') })
  if (!parsed.ok || !(await deleteQuoteWithModels(parsed.data.quoteId, viewer.id))) {
    return failed('delete', 'Deletion failed', 'Quote not found.', 404)
  }
  return succeeded('delete', 'Quote Deleted')
}

const requestRefusals = {
  'not-found': 'Quote not found.',
  expired: 'This quote has expired. Save a new quote to ask for one.',
  settled: 'The shop already has this quote.',
}

/** The customer asks the shop to accept their quote; the shop is e-mailed. */
export async function requestQuoteFromForm(viewer: Viewer, fields: FormData) {
  const parsed = parseForm(QuoteIdSchema, { quoteId: fields.get('quoteId') })
  if (!parsed.ok) return failed('request', 'Request failed', requestRefusals['not-found'], 404)
  const result = await requestQuoteAcceptance(parsed.data.quoteId, viewer.id)
  if (!result.ok) {
    return failed(
      'request',
      'Request failed',
      requestRefusals[result.reason],
      result.reason === 'not-found' ? 404 : 409,
    )
  }
  const env = getEnv()
  await sendMail({
    to: env.SHOP_EMAIL,
    template: 'quote-requested',
    data: {
      quoteNumber: shortId(result.quote.id),
      customerEmail: viewer.email,
      totalCents: result.quote.totalCents,
      expiresAt: result.quote.expiresAt,
      adminUrl: `${env.PUBLIC_URL}/admin/quotes?filter=requested`,
    },
  }).catch((err: unknown) => logger.error({ err }, 'Quote request e-mail could not be stored'))
  return succeeded('request', 'Request Sent', 'We will review your quote and send you an invoice.')
}
