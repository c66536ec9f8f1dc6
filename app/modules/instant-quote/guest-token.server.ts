import { randomBytes } from 'node:crypto'
import { createCookie } from 'react-router'
import { getEnv } from '#app/utils/env.server.ts'

// A visitor's quote models belong to a random token kept in a signed, httpOnly cookie. Its path is
// the quote's own resource routes, so no other page is sent it (and the storefront's cached pages
// stay cached); the `layerworks.` name marks its answers private (server/middleware.ts).
const GUEST_COOKIE_PATH = '/instant-quote'
const GUEST_COOKIE_DAYS = 30

function guestCookie() {
  const env = getEnv()
  return createCookie('layerworks.quote-guest', {
    httpOnly: true,
    sameSite: 'lax',
    path: GUEST_COOKIE_PATH,
    maxAge: GUEST_COOKIE_DAYS * 24 * 60 * 60,
    secure: env.PUBLIC_URL.startsWith('https:'),
    secrets: [env.SESSION_SECRET],
  })
}

/** The guest token of this request's cookie, if it carries a validly signed one. */
export async function readGuestToken(request: Request): Promise<string | null> {
  const header = request.headers.get('cookie')
  if (!header?.includes('layerworks.quote-guest')) return null
  const value: unknown = await guestCookie().parse(header)
  return typeof value === 'string' && /^[A-Za-z0-9_-]{32,64}$/.test(value) ? value : null
}

/**
 * This request's guest token, or a new one with the `Set-Cookie` header that keeps it.
 * @example const { token, setCookie } = await guestTokenFor(request)
 */
export async function guestTokenFor(request: Request): Promise<{ token: string; setCookie: string | null }> {
  const token = await readGuestToken(request)
  if (token) return { token, setCookie: null }
  const fresh = randomBytes(24).toString('base64url')
  return { token: fresh, setCookie: await guestCookie().serialize(fresh) }
}
