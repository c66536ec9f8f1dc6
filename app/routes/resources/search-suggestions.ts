import { z } from 'zod'
import { searchProducts } from '#app/modules/catalog/index.server.ts'
import { matchAdminShortcuts } from '#app/rules/admin-shortcuts.ts'
import { searchText } from '#app/rules/text.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import type { Route } from './+types/search-suggestions.ts'

const QuerySchema = z.object({ q: searchText(200) })

/** The header search dropdown: up to 4 products, and up to 4 admin shortcuts for admins. */
export async function loader({ request }: Route.LoaderArgs) {
  const { q } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const viewer = await getViewer(request)
  const products = await searchProducts({ text: q, limit: 4 })
  const admin = viewer?.isAdmin ? matchAdminShortcuts(q, 4).map(({ name, to }) => ({ name, to })) : []
  return { products, admin }
}
