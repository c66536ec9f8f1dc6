/**
 * A same-site path to return to after signing in. Anything that could leave the site
 * (absolute URLs, protocol-relative `//host`, backslashes) falls back to the default.
 */
export function safeRedirectPath(to: string | null | undefined, fallback = '/account'): string {
  if (!to || typeof to !== 'string') return fallback
  if (!to.startsWith('/') || to.startsWith('//') || to.includes('\\')) return fallback
  return to
}

/** The login address that brings the visitor back to `request`'s page afterwards. */
export function loginPathFor(request: Request): string {
  const url = new URL(request.url)
  const here = `${url.pathname}${url.search}`
  return `/auth?tab=login&redirectTo=${encodeURIComponent(here)}`
}
