import { createHmac, timingSafeEqual } from 'node:crypto'
import { parseCookies } from 'better-auth/cookies'
import { eq, sql } from 'drizzle-orm'
import { type Db, getDb } from '#app/utils/db.server.ts'
import { type Auth, getAuth } from './auth.server.ts'
import { sessions, users } from './schema.server.ts'

/** What a page needs of its signed-in user, with the session it came through. */
export type FoundSession = { sessionId: string; id: string; email: string; name: string; role: string }

/**
 * The session token of a signed cookie value (`token.signature`, the signature an HMAC-SHA256 of
 * the token in base64, as the auth library writes it), or null when it is missing or forged.
 * @example signedToken('abc.<44 base64 characters>', secret) // 'abc'
 */
export function signedToken(value: string | undefined, secret: string): string | null {
  if (!value) return null
  const dot = value.lastIndexOf('.')
  if (dot < 1) return null
  const token = value.slice(0, dot)
  const signature = Buffer.from(value.slice(dot + 1), 'base64')
  const expected = createHmac('sha256', secret).update(token).digest()
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null
}

/**
 * The signed-in user of a request in one statement (the session joined to its user), where the
 * auth library's `getSession` sends two and costs more again in its endpoint machinery. The
 * library stays in charge of everything that writes: a session past its expiry (it deletes it)
 * or due for its daily extension (`updateAge`) is handed to `getSession`, so both behave as before.
 * Nothing is cached between requests: a revoked session, a sign-out or a role change counts on
 * the very next request (decision 030).
 * @example const found = await findSessionUser(request)
 */
export async function findSessionUser(request: Request): Promise<FoundSession | null> {
  const cookie = request.headers.get('cookie')
  if (!cookie) return null
  const auth = await getAuth()
  const context = await auth.$context
  const token = signedToken(parseCookies(cookie).get(context.authCookies.sessionToken.name), context.secret)
  if (!token) return null
  const [row] = await sessionLookupOf(await getDb()).execute({ token })
  if (!row) return null
  const { expiresIn, updateAge } = context.sessionConfig
  const now = Date.now()
  const expired = row.expiresAt.getTime() <= now
  const dueForExtension = row.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now
  if (expired || dueForExtension) return sessionThroughLibrary(auth, request)
  const { expiresAt: _expiresAt, ...found } = row
  return found
}

async function sessionThroughLibrary(auth: Auth, request: Request): Promise<FoundSession | null> {
  const session = await auth.api.getSession({ headers: request.headers })
  if (!session) return null
  const { user } = session
  return {
    sessionId: session.session.id,
    id: user.id,
    email: user.email,
    name: user.name,
    role: (user as { role?: string | null }).role ?? 'customer',
  }
}

/**
 * The session-and-user statement of {@link findSessionUser}, prepared once per database: every
 * signed-in request sends it, so its SQL is built once (not by Drizzle on every request) and
 * PostgreSQL parses and plans it once per connection (a named statement) instead of every time.
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('session_user_by_token')
}

const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>()

function sessionLookupOf(db: Db) {
  let lookup = sessionLookups.get(db)
  if (!lookup) {
    lookup = prepareSessionLookup(db)
    sessionLookups.set(db, lookup)
  }
  return lookup
}
