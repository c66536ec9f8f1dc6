import { type QuoteModelOwner, readGuestToken } from '#app/modules/instant-quote/index.server.ts'
import { getViewer, type Viewer } from './viewer.server.ts'

/**
 * Who may use an instant-quote model in this request: the signed-in customer and the guest of the
 * cookie (the visit before they signed in), either or both (decision 037). With the viewer, which
 * most callers need too.
 * @example const { viewer, owners } = await readQuoteModelOwners(request)
 */
export async function readQuoteModelOwners(
  request: Request,
): Promise<{ viewer: Viewer | null; owners: QuoteModelOwner[] }> {
  const [viewer, guestToken] = await Promise.all([getViewer(request), readGuestToken(request)])
  const owners: QuoteModelOwner[] = [
    ...(viewer ? [{ userId: viewer.id }] : []),
    ...(guestToken ? [{ guestToken }] : []),
  ]
  return { viewer, owners }
}
