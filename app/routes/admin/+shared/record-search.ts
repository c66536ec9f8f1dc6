import { data } from 'react-router'
import { z } from 'zod'
import { searchCustomerOptions } from '#app/modules/accounts/index.server.ts'
import { searchProductOptions } from '#app/modules/catalog/index.server.ts'
import { cleanSearchText } from '#app/rules/text.ts'
import { requireAdmin } from '#app/wiring/permissions.server.ts'
import type { Route } from './+types/record-search.ts'
import { customerChoice, productChoice } from './record-choices.ts'

/** Enough to pick from; typing more narrows the rest. */
const MATCHES = 20

const SEARCH_MAX_LENGTH = 200

const QuerySchema = z.object({
  q: z
    .string()
    .max(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters.`)
    .optional()
    // A character no search can hold (a NUL byte) becomes a space rather than a failed query.
    .transform((text) => cleanSearchText(text ?? '', SEARCH_MAX_LENGTH)),
})

const searches = {
  customers: async (text: string) => (await searchCustomerOptions({ text, limit: MATCHES })).map(customerChoice),
  products: async (text: string) => (await searchProductOptions({ text, limit: MATCHES })).map(productChoice),
}

/**
 * The back-office pickers' search, as the admin types: customers by name or e-mail, products by
 * title or SKU, at most 20, best matches first (issue 14 §5: no page loads every record).
 * @example GET /admin/search/customers?q=casey → { records: [{ id, label: 'Casey Customer (casey@…)' }] }
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const kind = params.kind
  if (kind !== 'customers' && kind !== 'products') {
    return data({ records: [], asked: '', message: 'Search customers or products.' }, { status: 404 })
  }
  const query = new URL(request.url).searchParams
  // The text asked for, as sent: the picker shows an answer only for the text it now holds.
  const asked = query.get('q') ?? ''
  const parsed = QuerySchema.safeParse(Object.fromEntries(query))
  if (!parsed.success) {
    return data({ records: [], asked, message: parsed.error.issues[0]?.message ?? 'Bad search.' }, { status: 400 })
  }
  return { records: await searches[kind](parsed.data.q), asked, message: null }
}
