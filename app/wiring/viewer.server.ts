import { getSessionUser } from '#app/modules/accounts/index.server.ts'

/** Who is asking: what the header and role checks need to know about the signed-in user. */
export type Viewer = { id: string; email: string; name: string; isAdmin: boolean; sessionId: string }

/** The signed-in user of this request, or null for a visitor. */
export async function getViewer(request: Request): Promise<Viewer | null> {
  const user = await getSessionUser(request)
  return user
    ? { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin, sessionId: user.sessionId }
    : null
}
