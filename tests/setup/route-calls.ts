// Calling route loaders and actions directly, as React Router would, with a signed-in session.

export const ORIGIN = 'http://localhost:3000'

/** What a loader or action answered, whether it returned or threw it. */
export type RouteOutcome = { status: number; data: unknown; location: string | null }

export type RouteCall = {
  url: string
  method?: 'GET' | 'POST'
  /** A form body, as a browser posts it; a value may repeat. FormData is sent multipart, with its files. */
  form?: [string, string][] | Record<string, string> | FormData
  /** Any other body, sent as is: JSON or text (of `contentType`), a multipart FormData, a form. */
  body?: string | FormData | URLSearchParams
  contentType?: string
  params?: Record<string, string | undefined>
  /** The session cookie of the account asking (`TestAccount.cookie`); none for a visitor. */
  cookie?: string | null
  /** More request headers (a client's address, a content length). */
  headers?: Record<string, string>
}

// biome-ignore lint/suspicious/noExplicitAny: route modules have their own argument types
export type RouteHandler = (args: any) => Promise<unknown> | unknown

/** The context the server hands every loader and action. */
const CONTEXT = { cspNonce: 'test', clientIp: '127.0.0.1' }

export function routeRequest(call: RouteCall) {
  const headers = new Headers({ origin: ORIGIN, ...call.headers })
  if (call.cookie) headers.set('cookie', call.cookie)
  const init: RequestInit = { method: call.method ?? (call.form || call.body !== undefined ? 'POST' : 'GET'), headers }
  if (call.form) init.body = call.form instanceof FormData ? call.form : new URLSearchParams(call.form)
  else if (typeof call.body === 'string') {
    init.body = call.body
    headers.set('content-type', call.contentType ?? 'application/json')
  } else if (call.body) init.body = call.body
  return new Request(`${ORIGIN}${call.url}`, init)
}

/** The arguments React Router would hand the route for `call`. */
function routeArgs(call: RouteCall) {
  return { request: routeRequest(call), params: call.params ?? {}, context: CONTEXT }
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
    value = await handler(routeArgs(call))
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return outcomeOf(thrown)
    throw thrown
  }
  return outcomeOf(value)
}

/**
 * What a loader returns, as it types it, for a request made of `call`; a thrown answer (a redirect
 * to sign in, a 404) is thrown on.
 * @example const page = await loadRoute(loader, { url: '/admin/guides', cookie: admin.cookie })
 */
export function loadRoute<Handler extends RouteHandler>(handler: Handler, call: RouteCall): ReturnType<Handler> {
  return handler(routeArgs(call)) as ReturnType<Handler>
}

/**
 * An action's answer as the page reads it: its data (`ActionResult` and the like) with the HTTP
 * status beside it, whether it was returned or thrown.
 * @example
 * const post = (form: Record<string, string>) =>
 *   answerOf<ActionResult>(action, { url: '/admin/guides', form, cookie: admin.cookie })
 * expect(await post({ intent: 'delete', guideId })).toMatchObject({ ok: true, status: 200 })
 */
export async function answerOf<Answer>(handler: RouteHandler, call: RouteCall): Promise<Answer & { status: number }> {
  const { status, data } = await callRoute(handler, call)
  return { status, ...(data as Answer) }
}
