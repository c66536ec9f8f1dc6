import { z } from 'zod'
import { listOrderableProductsByIds } from '#app/modules/catalog/index.server.ts'
import { MAX_ORDER_LINES } from '#app/rules/order.ts'
import { isUuid } from '#app/utils/ids.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import type { Route } from './+types/order-products.ts'

/** A UUID and its comma: the longest `ids` an order panel can send. */
const MAX_IDS_LENGTH = MAX_ORDER_LINES * 37

const QuerySchema = z.object({
  ids: z
    .string()
    .max(MAX_IDS_LENGTH)
    .transform((text) => [...new Set(text.split(',').filter(Boolean))])
    .pipe(z.array(z.string()).max(MAX_ORDER_LINES)),
})

const answer = (body: object, status = 200) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } })

/**
 * Create an Order's panel keeps its lines in the browser and shows a page of the products at a
 * time: this answers the products of lines added from another page, `?ids=a,b,…` (at most one per
 * line), with what the panel prices them by. `asked` names the ids it looked up; those missing from
 * `products` cannot be ordered any more (hidden, sold out or deleted).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request)
  if (!viewer) return answer({ error: 'You must be logged in to place an order.' }, 401)
  const parsed = QuerySchema.safeParse({ ids: new URL(request.url).searchParams.get('ids') ?? '' })
  if (!parsed.success) return answer({ error: `Ask for at most ${MAX_ORDER_LINES} products.` }, 400)
  const asked = parsed.data.ids.filter(isUuid)
  return answer({ asked, products: await listOrderableProductsByIds(asked) })
}
