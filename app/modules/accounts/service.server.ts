import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { getDb } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { startingWith } from '#app/utils/like-patterns.ts'
import { jsonRows } from '#app/utils/list-queries.server.ts'
import { CLIENT_ADDRESS_HEADER, getAuth } from './auth.server.ts'
import { clearAuthLimit, consumeAuthLimit, type LimitDecision, releaseAuthLimit } from './limits.server.ts'
import { isAdminRole } from './roles.ts'
import { type ShippingAddress, users } from './schema.server.ts'
import { findSessionUser } from './session-lookup.server.ts'
import type { AuthOutcome, CustomerOptionDto, PasswordChangeOutcome, ProfileDto, SessionUser } from './types.ts'
import { accountTextContaining, retrievePasswordTokenEmail } from './users.server.ts'

/** Where e-mail verification links land (storefront §4 Auth callback). */
const VERIFIED_CALLBACK = '/auth/callback?type=signup&verified=1'

type ClientInfo = { ip?: string; userAgent?: string | null }

/**
 * Calls one of the auth library's HTTP endpoints in-process. Going through its request handler
 * (rather than its direct API) keeps its per-address rate limits and origin checks in force.
 * The client's address goes in the one header the library reads it from (decision 022).
 */
async function callAuthEndpoint(path: string, body: unknown, client: ClientInfo, cookie?: string | null) {
  const auth = await getAuth()
  const { PUBLIC_URL } = getEnv()
  const headers = new Headers({ 'content-type': 'application/json', origin: PUBLIC_URL })
  if (client.ip) headers.set(CLIENT_ADDRESS_HEADER, client.ip)
  if (client.userAgent) headers.set('user-agent', client.userAgent)
  if (cookie) headers.set('cookie', cookie)
  const response = await auth.handler(
    new Request(`${PUBLIC_URL}/api/auth${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
  )
  const payload = (await response.json().catch(() => null)) as { code?: string; message?: string } | null
  return { response, payload }
}

/**
 * Answers one of the auth library's e-mailed links (verification, password reset) for a visitor,
 * with the client address the server resolved in place of any the visitor sent.
 */
export async function answerAuthLink(request: Request, clientIp: string | undefined) {
  const headers = new Headers(request.headers)
  headers.delete(CLIENT_ADDRESS_HEADER)
  if (clientIp) headers.set(CLIENT_ADDRESS_HEADER, clientIp)
  const auth = await getAuth()
  return auth.handler(new Request(request.url, { method: request.method, headers, signal: request.signal }))
}

function tooMany(decision: Extract<LimitDecision, { allowed: false }>): AuthOutcome {
  return {
    ok: false,
    reason: 'rate-limited',
    message: 'Too many requests.',
    retryAfterSeconds: decision.retryAfterSeconds,
  }
}

function outcome(response: Response, payload: { code?: string; message?: string } | null): AuthOutcome {
  if (response.ok) return { ok: true, setCookies: response.headers.getSetCookie() }
  if (response.status === 429) {
    const retryAfterSeconds = Number(response.headers.get('x-retry-after')) || undefined
    return { ok: false, reason: 'rate-limited', message: 'Too many requests.', retryAfterSeconds }
  }
  return {
    ok: false,
    reason: payload?.code === 'EMAIL_NOT_VERIFIED' ? 'email-not-verified' : 'rejected',
    message: payload?.message ?? 'Something went wrong',
  }
}

/**
 * Signs in with e-mail and password; on success returns the session cookie to set. After
 * AUTH_LIMITS['sign-in-failures'] wrong passwords for one address, from whatever clients, that
 * address is refused ('account-locked'), right password or not, until the window ends.
 * @example const result = await signIn({ email, password }, { ip })
 */
export async function signIn(input: { email: string; password: string }, client: ClientInfo = {}) {
  // Counted before the password is checked, so parallel guesses cannot all slip under the limit;
  // given back below unless the password turns out wrong.
  const allowed = await consumeAuthLimit('sign-in-failures', input.email)
  if (!allowed.allowed) {
    return {
      ok: false,
      reason: 'account-locked',
      message: 'Too many failed sign-ins.',
      retryAfterSeconds: allowed.retryAfterSeconds,
    } satisfies AuthOutcome
  }
  let wrongPassword = false
  try {
    // An unverified account gets a fresh verification e-mail on sign-in; it lands on the callback too.
    const { response, payload } = await callAuthEndpoint(
      '/sign-in/email',
      { ...input, rememberMe: true, callbackURL: VERIFIED_CALLBACK },
      client,
    )
    wrongPassword = response.status === 401
    return outcome(response, payload)
  } finally {
    if (!wrongPassword) await releaseAuthLimit('sign-in-failures', input.email)
  }
}

/**
 * Registers a customer (role 'customer', empty shipping address) and e-mails the verification
 * link, which lands on /auth/callback. An address that is already registered gets the same
 * answer as a new one, so the form cannot be used to find out who has an account.
 */
export async function signUp(input: { fullName: string; email: string; password: string }, client: ClientInfo = {}) {
  const allowed = await consumeAuthLimit('sign-up', input.email)
  if (!allowed.allowed) return tooMany(allowed)
  const { response, payload } = await callAuthEndpoint(
    '/sign-up/email',
    {
      name: input.fullName,
      email: input.email,
      password: input.password,
      callbackURL: VERIFIED_CALLBACK,
    },
    client,
  )
  if (payload?.code === 'USER_ALREADY_EXISTS' || payload?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
    return { ok: true, setCookies: [] } satisfies AuthOutcome
  }
  return outcome(response, payload)
}

/** E-mails a password-reset link to /update-password; never tells whether the address exists. */
export async function requestPasswordReset(input: { email: string }, client: ClientInfo = {}) {
  // Counted per address whether or not it has an account, so the answer tells nothing either.
  const allowed = await consumeAuthLimit('password-reset', input.email)
  if (!allowed.allowed) return tooMany(allowed)
  const { response, payload } = await callAuthEndpoint(
    '/request-password-reset',
    { email: input.email, redirectTo: '/update-password' },
    client,
  )
  return outcome(response, payload)
}

/**
 * Sets a new password from a reset link's token; the account's other sessions end. The link proves
 * the mailbox's owner, so failed sign-ins counted against the account are forgotten.
 */
export async function resetPassword(input: { token: string; newPassword: string }, client: ClientInfo = {}) {
  const email = await retrievePasswordTokenEmail(input.token)
  const { response, payload } = await callAuthEndpoint('/reset-password', input, client)
  const result = outcome(response, payload)
  if (result.ok && email) await clearAuthLimit('sign-in-failures', email)
  return result
}

/**
 * Ends the session of this request; returns the cookies that clear it in the browser. The client's
 * address keeps sign-outs in the library's per-address count, not one bucket for the whole shop.
 */
export async function signOut(request: Request, client: ClientInfo = {}) {
  const { response } = await callAuthEndpoint('/sign-out', {}, client, request.headers.get('cookie'))
  return response.headers.getSetCookie()
}

/** The signed-in user of a request, or null. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const found = await findSessionUser(request)
  if (!found) return null
  const role = found.role || 'customer'
  return {
    id: found.id,
    email: found.email,
    name: found.name,
    role,
    isAdmin: isAdminRole(role),
    sessionId: found.sessionId,
  }
}

/**
 * The profile of one user (storefront §3 Profile).
 * @example const profile = await retrieveProfile(viewer.id)
 */
export async function retrieveProfile(userId: string): Promise<ProfileDto | null> {
  const db = await getDb()
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.name,
      username: users.username,
      role: users.role,
      shippingAddress: users.shippingAddress,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return row ?? null
}

/**
 * Up to `limit` accounts whose name or e-mail contains `text`, for the back-office's customer
 * picker (back-office §7, at any number of customers): an exact e-mail first, then those whose
 * name or e-mail starts with the text, then the newest. An empty text gives the newest accounts.
 * @example const customers = await searchCustomerOptions({ text: 'casey' }) // [{ id, fullName: 'Casey Customer', email }]
 */
export async function searchCustomerOptions({
  text,
  limit = 20,
}: {
  text: string
  limit?: number
}): Promise<CustomerOptionDto[]> {
  const needle = text.trim()
  const db = await getDb()
  const columns = { id: users.id, fullName: users.name, email: users.email }
  if (!needle) return db.select(columns).from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(limit)
  const starting = startingWith(needle)
  return db
    .select(columns)
    .from(users)
    .where(accountTextContaining(needle))
    .orderBy(
      // One or two characters match most accounts: ranking them all would sort every one.
      ...(needle.length < 3
        ? []
        : [
            // On the lowercased columns the search reads (accountTextContaining).
            sql`${users.searchEmail} = lower(${needle}) desc`,
            sql`(${users.searchName} like lower(${starting}) or ${users.searchEmail} like lower(${starting})) desc`,
          ]),
      desc(users.createdAt),
      desc(users.id),
    )
    .limit(limit)
}

/**
 * The name and e-mail of the accounts with these ids (back-office §7: full_name for a set of ids);
 * unknown or malformed ids are left out.
 * @example const people = await listProfilesByIds([order.userId]) // [{ id, fullName: 'Casey Customer', email }]
 */
export async function listProfilesByIds(ids: readonly string[]): Promise<CustomerOptionDto[]> {
  const wanted = [...new Set(ids.filter(isUuid))]
  if (wanted.length === 0) return []
  const db = await getDb()
  return db
    .select({ id: users.id, fullName: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted))
}

/**
 * {@link listProfilesByIds} as a column, for one statement that reads several lists
 * (`readFigures`): the back-office invoice list reads its customers and products together.
 * @example await readFigures({ customers: profilesByIdsColumn(ids) })
 */
export function profilesByIdsColumn(ids: readonly string[]): SQL<CustomerOptionDto[]> {
  const wanted = [...new Set(ids.filter(isUuid))]
  return jsonRows<CustomerOptionDto>(
    sql`select ${users.id} as "id", ${users.name} as "fullName", ${users.email} as "email" from ${users} where ${wanted.length ? inArray(users.id, wanted) : sql`false`}`,
  )
}

/** Saves the editable profile fields: full name and shipping address. */
export async function updateProfile(userId: string, input: { fullName: string; shippingAddress: ShippingAddress }) {
  const db = await getDb()
  await db
    .update(users)
    .set({ name: input.fullName, shippingAddress: input.shippingAddress, updatedAt: new Date() })
    .where(eq(users.id, userId))
}

/**
 * Keeps the address a customer gave at checkout as their profile's, when the profile has none yet
 * (a street, city, state and zip): the next checkout and Pay Now find it. A saved address is
 * never overwritten. True when it was saved.
 * @example await keepFirstShippingAddress(userId, order.shippingAddress)
 */
export async function keepFirstShippingAddress(userId: string, address: ShippingAddress): Promise<boolean> {
  const db = await getDb()
  const saved = await db
    .update(users)
    .set({ shippingAddress: address, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        sql`coalesce(nullif(trim(${users.shippingAddress}->>'street'), ''), nullif(trim(${users.shippingAddress}->>'city'), ''), nullif(trim(${users.shippingAddress}->>'zip'), '')) is null`,
      ),
    )
    .returning({ id: users.id })
  return saved.length > 0
}

/**
 * Replaces the signed-in user's password once their current one is confirmed (decision 013).
 * It goes through the auth library's own endpoint, so the library checks the current password,
 * hashes the new one and applies its per-address limit. Every session of the account ends, a
 * stolen one elsewhere included, and a new one is opened here: its cookie is returned to set.
 * @example
 * const result = await changePassword(request.headers.get('cookie'), { currentPassword, newPassword }, { ip })
 * if (!result.ok && result.reason === 'wrong-password') // 'Your current password is incorrect.'
 */
export async function changePassword(
  cookie: string | null,
  input: { currentPassword: string; newPassword: string },
  client: ClientInfo = {},
): Promise<PasswordChangeOutcome> {
  const { response, payload } = await callAuthEndpoint(
    '/change-password',
    { ...input, revokeOtherSessions: true },
    client,
    cookie,
  )
  if (response.ok) return { ok: true, setCookies: response.headers.getSetCookie() }
  if (response.status === 429) return { ok: false, reason: 'rate-limited', message: 'Too many requests.' }
  if (payload?.code === 'INVALID_PASSWORD') return { ok: false, reason: 'wrong-password', message: 'Invalid password' }
  if (response.status === 401) return { ok: false, reason: 'signed-out', message: payload?.message ?? 'Unauthorized' }
  return { ok: false, reason: 'rejected', message: payload?.message ?? 'Something went wrong' }
}
