import { data } from 'react-router'
import { readQuoteModelOwners } from '#app/wiring/quote-model-owners.server.ts'
import { type PriceQuoteModelResult, priceQuoteModel } from '#app/workflows/instant-quote/price-quote-model.server.ts'
import type { Route } from './+types/quote-price.ts'

/**
 * The instant quote's live price: a form of the model's id and the chosen options (material,
 * colour, quality, infill, quantity, units), answered as JSON with the numbers the page shows, all
 * computed here. Only the model's owner (the customer, or the guest of the cookie, also once
 * signed in) gets a price; anyone else is told it was not found (404).
 */
/** Only posted to; a visit (a GET) is told so instead of React Router's missing-loader error. */
export function loader() {
  return data({ ok: false as const, message: 'Method not allowed.' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null)
  if (!form) return data(unreadable, noStore(400))
  const fields = Object.fromEntries([...form].filter(([, value]) => typeof value === 'string'))
  const { owners } = await readQuoteModelOwners(request)
  const result = await priceQuoteModel(fields, owners)
  return data(result, noStore(result.ok ? 200 : result.status))
}

const unreadable: PriceQuoteModelResult = {
  ok: false,
  status: 400,
  message: 'The form could not be read. Please try again.',
}

const noStore = (status: number) => ({ status, headers: { 'Cache-Control': 'no-store' } })
