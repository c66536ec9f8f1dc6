import { eq } from 'drizzle-orm'
import { createOrPromoteAdmin, signIn, signUp } from '#app/modules/accounts/index.server.ts'
import { users } from '#app/modules/accounts/schema.server.ts'
import { getDb } from '#app/utils/db.server.ts'

// Calling route loaders and actions directly, as React Router would, with a signed-in session.

export const ORIGIN = 'http://localhost:3000'

/** What a loader or action answered, whether it returned or threw it. */
export type RouteOutcome = { status: number; data: unknown; location: string | null }

export type RouteCall = {
  url: string
  method?: 'GET' | 'POST'
  /** A form body, as a browser posts it; a value may repeat. FormData is sent multipart, with its files. */
  form?: [string, string][] | Record<string, string> | FormData
  /** Any other body, sent as is (JSON, text). */
  body?: string
  contentType?: string
  params?: Record<string, string | undefined>
  cookie?: string | null
}

// biome-ignore lint/suspicious/noExplicitAny: route modules have their own argument types
export type RouteHandler = (args: any) => Promise<unknown> | unknown

export function routeRequest(call: RouteCall) {
  const headers = new Headers({ origin: ORIGIN })
  if (call.cookie) headers.set('cookie', call.cookie)
  const init: RequestInit = { method: call.method ?? (call.form || call.body !== undefined ? 'POST' : 'GET'), headers }
  if (call.form) init.body = call.form instanceof FormData ? call.form : new URLSearchParams(call.form)
  else if (call.body !== undefined) {
    init.body = call.body
    headers.set('content-type', call.contentType ?? 'application/json')
  }
  return new Request(`${ORIGIN}${call.url}`, init)
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit'
}

async function outcomeOf(value: unknown): Promise<RouteOutcome> {
  if (value instanceof Response) {
    const type = value.headers.get('content-type') ?? ''
    let data: unknown = null
    if (type.includes('json')) data = await value.json().catch(() => null)
    else await value.body?.cancel()
    return { status: value.status, data, location: value.headers.get('location') }
  }
  if (isDataWithInit(value)) return { status: value.init?.status ?? 200, data: value.data, location: null }
  return { status: 200, data: value, location: null }
}

/**
 * Calls a loader or action with a request made of `call`. A returned or thrown Response or `data()`
 * is the answer; anything else thrown is not an answer at all (React Router makes it a 500), so it
 * is thrown on.
 */
export async function callRoute(handler: RouteHandler, call: RouteCall): Promise<RouteOutcome> {
  let value: unknown
  try {
    value = await handler({
      request: routeRequest(call),
      params: call.params ?? {},
      context: { cspNonce: 'test', clientIp: '127.0.0.1' },
    })
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return outcomeOf(thrown)
    throw thrown
  }
  return outcomeOf(value)
}

/** A verified account, optionally an admin, signed in: its session cookie. */
export async function signedInAs(email: string, { admin = false, fullName = 'Test Person' } = {}) {
  const password = 'Fuzz-pass-1!'
  await signUp({ email, password, fullName })
  const db = await getDb()
  await db.update(users).set({ emailVerified: true }).where(eq(users.email, email))
  if (admin) await createOrPromoteAdmin(email)
  const result = await signIn({ email, password })
  if (!result.ok) throw new Error(`could not sign in ${email}: ${result.message}`)
  const [{ id }] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return { id, email, password, cookie: result.setCookies.map((cookie) => cookie.split(';')[0]).join('; ') }
}
