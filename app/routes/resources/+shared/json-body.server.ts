/** Why a JSON body was not read: larger than allowed, not readable at all, or not JSON. */
export type JsonBodyProblem = 'too-large' | 'unreadable' | 'not-json'

/**
 * A request's JSON body, read only up to `maxBytes`: a declared length over it is refused before
 * anything is read, and a body that turns out longer is refused too. Each caller says the problem
 * in its own words.
 * @example
 * const read = await readJsonBody(request, MAX_CART_BODY_BYTES)
 * if (!read.ok) return badRequest(read.problem === 'too-large' ? 'Your cart is too large.' : 'Please reload.')
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; body: unknown } | { ok: false; problem: JsonBodyProblem }> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return { ok: false, problem: 'too-large' }
  const text = await request.text().catch(() => null)
  if (text === null) return { ok: false, problem: 'unreadable' }
  if (text.length > maxBytes) return { ok: false, problem: 'too-large' }
  try {
    return { ok: true, body: JSON.parse(text) }
  } catch {
    return { ok: false, problem: 'not-json' }
  }
}
