import { data } from 'react-router'
import { addPrintToCart } from '#app/components/product/add-to-cart.ts'
import { shortId } from '#app/rules/money.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { readQuoteModelOwners } from '#app/wiring/quote-model-owners.server.ts'
import { type AddPrintLineResult, addPrintLine } from '#app/workflows/instant-quote/add-print-line.server.ts'
import { askShopAboutModel } from '#app/workflows/instant-quote/ask-shop-about-model.server.ts'
import { savePrintQuote } from '#app/workflows/instant-quote/save-print-quote.server.ts'
import type { Route } from './+types/quote-requests.ts'

// Posted to under the instant quote's path, like its upload and price, so the guest cookie (whose
// path is /instant-quote/) comes with it.

/** Only posted to; a visit (a GET) is told so instead of React Router's missing-loader error. */
export function loader() {
  return refused(null, 'Method not allowed.', 405)
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/**
 * Save as Quote (customers) and Ask the shop (anyone), about a model the asker owns: as a customer,
 * or by the guest cookie of the visit before they signed in. Someone else's model is not found.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null)
  if (!form) return refused(null, 'The form could not be read. Please try again.')
  const fields = Object.fromEntries([...form].filter(([, value]) => typeof value === 'string'))
  const { viewer, owners } = await readQuoteModelOwners(request)
  if (fields.intent === 'save') {
    if (!viewer) return refused('save', 'Please log in to save your quotes.', 401, undefined, 'Not logged in')
    const result = await savePrintQuote(viewer.id, fields, owners)
    if (!result.ok)
      return refusedForm('save', problemOf(result), { status: result.status, title: 'Failed to save quote' })
    const until = dateFormat.format(result.quote.expiresAt)
    return succeeded(
      'save',
      'Quote Saved!',
      `Quote #${shortId(result.quote.id)} is valid until ${until}; see My Quotes.`,
    )
  }
  if (fields.intent === 'cart') {
    const result = await addPrintLine(fields, owners)
    if (!result.ok) return refusedForm('cart', problemOf(result), { status: result.status, title: 'Not added to cart' })
    const added = succeeded('cart', 'Added to cart!', result.line.title)
    return data({ ...added.data, line: result.line })
  }
  if (fields.intent === 'ask') {
    const result = await askShopAboutModel(fields, { owners, userId: viewer?.id ?? null })
    if (!result.ok) return refusedForm('ask', problemOf(result), { status: result.status, title: 'Message not sent' })
    return succeeded('ask', 'Message Sent!', "We'll get back to you shortly.")
  }
  return refused(null, 'Unknown request.')
}

const problemOf = (result: { message: string; fieldErrors?: Record<string, string> }) => ({
  message: result.message,
  fieldErrors: result.fieldErrors ?? {},
})

// The form's fetcher runs this route's clientAction: the answer's toast is raised once, when it
// arrives (decision 012).
type AddedPrintLine = Extract<AddPrintLineResult, { ok: true }>['line']

// Add to Cart's line goes into the browser's cart here, once per answer, like the toast.
export async function clientAction(args: Route.ClientActionArgs) {
  const answer = await toastActionResult(args)
  const added = answer.ok && 'line' in answer ? (answer.line as AddedPrintLine) : null
  if (added) addPrintToCart(added.print, added.quantity)
  return answer
}
