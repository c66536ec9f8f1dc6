import { readQuoteModelOwners } from '#app/wiring/quote-model-owners.server.ts'
import { findQuoteModelToShow } from '#app/workflows/instant-quote/restore-quote-model.server.ts'
import type { Route } from './+types/quote-model.ts'

/**
 * An uploaded model's measures and warnings, for its owner only: the customer, or the guest of the
 * cookie, also once signed in. The page asks here when it comes back from the log-in in the browser:
 * its own data request (`/instant-quote.data`) is outside the guest cookie's path, this one is not.
 * Anyone else, and an unknown id, get 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { owners } = await readQuoteModelOwners(request)
  const model = await findQuoteModelToShow(params.modelId, owners)
  const headers = { 'Cache-Control': 'private, no-store' }
  // Plain JSON: the page fetches it itself, not through React Router's data requests.
  if (!model) return Response.json({ ok: false, message: 'Not found' }, { status: 404, headers })
  return Response.json({ ok: true, model }, { headers })
}
