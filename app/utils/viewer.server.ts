/** Who is asking: what the header and role checks need to know about the signed-in user. */
export type Viewer = { id: string; email: string; name: string; isAdmin: boolean }

/**
 * The signed-in user of this request, or null for a visitor. Accounts do not exist yet
 * (the accounts issue adds sessions), so every request is a visitor's.
 */
export async function getViewer(_request: Request): Promise<Viewer | null> {
  return null
}
