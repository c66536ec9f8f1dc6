import { getSessionUser } from '#app/modules/accounts/index.server.ts'
import { memoInRequest } from '#app/utils/request-memo.server.ts'

/** Who is asking: what the header and role checks need to know about the signed-in user. */
export type Viewer = { id: string; email: string; name: string; isAdmin: boolean; sessionId: string }

/**
 * The signed-in user of this request, or null for a visitor. Looked up once per page render (two
 * queries: session and user), however many of its loaders ask.
 */
export function getViewer(request: Request): Promise<Viewer | null> {
  return memoInRequest(`viewer:${request.headers.get('cookie') ?? ''}`, () => lookUpViewer(request))
}

async function lookUpViewer(request: Request): Promise<Viewer | null> {
  const user = await getSessionUser(request)
  return user
    ? { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin, sessionId: user.sessionId }
    : null
}
