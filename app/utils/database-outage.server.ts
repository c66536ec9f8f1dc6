import { AsyncLocalStorage } from 'node:async_hooks'

// Node's socket errors and PostgreSQL's: connection exceptions (class 08), and the server shutting
// down, crashed or not yet accepting connections (57P01–57P03).
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
])
// node-postgres reports a lost or never-made connection in words, without a code.
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (?:starting up|shutting down|in recovery mode)/i

/** How long a visitor is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5

/**
 * Whether `error` (or what it wraps: Drizzle's query error keeps the driver's as `cause`) says the
 * database could not be reached, rather than that a query was wrong.
 * @example isDatabaseUnavailable(new DrizzleQueryError(sql, [], Object.assign(new Error(), { code: 'ECONNREFUSED' }))) // true
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false
  const { code, message, cause, errors } = error as {
    code?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
  }
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true
  if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true
  // Node tries each address of a host and reports them together.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true
  return isDatabaseUnavailable(cause, depth + 1)
}

const outage = new AsyncLocalStorage<{ unavailable: boolean }>()

/**
 * Records, for the request being rendered, that a loader or action failed because the database is
 * away (React Router's `handleError` calls this); false for any other error.
 */
export function noticeDatabaseOutage(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false
  const state = outage.getStore()
  if (state) state.unavailable = true
  return true
}

/**
 * Runs a render; when it failed (500) because the database could not be reached, the answer becomes
 * a 503 with Retry-After: the shop is not broken, it is waiting for its database, and a balancer or
 * a browser may try again. The error page rendered for the 500 is kept as the body.
 * @example const response = await answeringDatabaseOutage(() => handle(request, context))
 */
export async function answeringDatabaseOutage(render: () => Promise<Response>): Promise<Response> {
  const state = { unavailable: false }
  const response = await outage.run(state, render)
  if (!state.unavailable || response.status !== 500) return response
  return databaseUnavailableResponse(response.body, response.headers)
}

/** A 503 that asks to come back in RETRY_AFTER_SECONDS and is never kept by a cache. */
export function databaseUnavailableResponse(
  body: BodyInit | null = 'The shop is briefly unavailable. Please try again in a moment.',
  headers: HeadersInit = { 'Content-Type': 'text/plain; charset=utf-8' },
): Response {
  const answer = new Headers(headers)
  answer.set('Retry-After', String(RETRY_AFTER_SECONDS))
  answer.set('Cache-Control', 'no-store')
  return new Response(body, { status: 503, statusText: 'Service Unavailable', headers: answer })
}
