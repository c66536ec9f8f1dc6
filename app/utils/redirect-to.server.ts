import { hasUnsupportedCharacters } from '#app/rules/text.ts'
import { getEnv } from './env.server.ts'

// Control characters are refused (decision 014): browsers drop tabs and newlines from an address
// before reading it, so `/\t/evil.example` is followed as `//evil.example`, another site, and a
// newline in a Location header is refused by Node and answered 500. After the percent-escapes are
// undone byte by byte: an ASCII control, or the UTF-8 form of a C1 one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being refused
const DECODED_CONTROL = /[\u0000-\u001f\u007f]|\u00c2[\u0080-\u009f]/
const MAX_LENGTH = 2000

/** `value` with every percent-escape undone, repeatedly, so that `%2509` is seen as the tab it hides. */
function percentDecoded(value: string) {
  let current = value
  for (let round = 0; round < 5; round++) {
    const next = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    if (next === current) break
    current = next
  }
  return current
}

/**
 * `to` as a path on the shop's own origin (`PUBLIC_URL`): its pathname, query and hash, or null when
 * it could lead anywhere else. Refused: other origins (`https://x`, `//x`, `javascript:`), control
 * characters and backslashes, whether written out or percent-encoded (`/%09/x`, `/%5cx`), and a
 * path that ends up starting with `//`.
 * @example sameOriginPath('/products?page=2') // '/products?page=2'
 * @example sameOriginPath('/%09/evil.example') // null
 */
export function sameOriginPath(to: unknown): string | null {
  if (typeof to !== 'string' || to === '' || to.length > MAX_LENGTH) return null
  if (hasUnsupportedCharacters(to) || to.includes('\\')) return null
  const decoded = percentDecoded(to)
  if (DECODED_CONTROL.test(decoded) || decoded.includes('\\')) return null
  const origin = new URL(getEnv().PUBLIC_URL).origin
  let url: URL
  try {
    url = new URL(to, origin)
  } catch {
    return null
  }
  if (url.origin !== origin) return null
  if (percentDecoded(url.pathname).startsWith('//')) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Where to send the visitor for a requested `to` (a `redirectTo` field, a Referer): the same-origin
 * path {@link sameOriginPath} finds, or `fallback`.
 * @example throw redirect(safeRedirectPath(form.get('redirectTo'))) // '/account' for '//evil.example'
 */
export function safeRedirectPath(to: unknown, fallback = '/account'): string {
  return sameOriginPath(to) ?? fallback
}

/** The login address that brings the visitor back to `request`'s page afterwards. */
export function loginPathFor(request: Request): string {
  const url = new URL(request.url)
  const here = `${url.pathname}${url.search}`
  return `/auth?tab=login&redirectTo=${encodeURIComponent(here)}`
}
