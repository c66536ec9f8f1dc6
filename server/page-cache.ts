import { randomUUID } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { LRUCache } from 'lru-cache'
import { createRequestHandler, type ServerBuild } from 'react-router'
import type { Database } from '#app/utils/db.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { onPublicChange } from '#app/utils/public-change.server.ts'
import { loadContextOf, pagePathOf, toWebRequest } from './request-handler.ts'

/**
 * The public pages a visitor who is not signed in sees are the same for everyone (DESIGN, quality
 * bar): the cart lives in the browser and the signed-in header comes from the session. So the
 * server renders each such page once and serves the copy until something changes.
 *
 * - Only an allow-list of public GET routes, and only for requests without the shop's session or
 *   toast cookies: signed-in people (and admins, who see extra buttons) always get a fresh render.
 * - Only complete 200 answers that set no cookie are kept.
 * - A copy is kept per path and the query parameters its page reads; other parameters (utm_*,
 *   made-up ones) are ignored, so they can neither fill the cache nor change a kept page.
 * - The cache is cleared when the shop announces a change visitors see (`announcePublicChange`:
 *   catalog, stock, content, approved reviews), on every instance through PostgreSQL NOTIFY; a
 *   short lifetime bounds anything else. A visitor's form post changes nothing here.
 * - The CSP nonce stays unique per response: the copy keeps a marker in each `nonce="…"`
 *   attribute, and each answer gets its request's own nonce there (and nowhere else).
 */
export type PageCache = {
  /** Express middleware: answers cacheable requests from the kept copies. */
  middleware: (req: Request, res: Response, next: NextFunction) => void
  /** Drops every kept page here and on the other instances. */
  invalidate: (reason: string) => void
}

type CachedPage = { status: number; headers: [string, string][]; body: string }

const CHANNEL = 'shop_page_cache'
// What a kept copy has in place of each nonce attribute. Page text can never contain it: React
// escapes quotes in text (&quot;) and in inline script data (\").
const NONCE_ATTRIBUTE_MARK = 'nonce="__shop_csp_nonce__"'
const MAX_PAGE_BYTES = 2_000_000
// The shop's own cookies: a session (signed in) or a one-time toast makes a page personal.
export const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?layerworks\./

// React Router's single-fetch data requests (`/products.data`, `/_root.data` for the home page) are
// cached like the pages they belong to.
const PUBLIC_PATHS = [
  /^\/$/,
  /^\/(?:services|products|contact|feedback|about|updates|guides|policies|search|test-products|etsy)$/,
  /^\/(?:products|guides|policies)\/[^/]+$/,
  /^\/(?:sitemap\.xml|robots\.txt)$/,
  /^\/resources\/search-suggestions$/,
]

// The query parameters each page's loader reads. Every page also reads `newsletter` (the footer
// form's answer without JavaScript), and a data request `_routes` (which loaders to run).
const PAGE_PARAMS: Record<string, readonly string[]> = {
  '/products': ['category'],
  '/guides': ['category'],
  '/search': ['q'],
  '/resources/search-suggestions': ['q'],
}
const EVERY_PAGE_PARAMS = ['newsletter', '_routes']

const DROPPED_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'date'])

export function isCacheableRequest(req: Pick<Request, 'method' | 'path' | 'headers'>): boolean {
  if (req.method !== 'GET') return false
  if (PERSONAL_COOKIE.test(req.headers.cookie ?? '')) return false
  const path = pagePathOf(req.path)
  return PUBLIC_PATHS.some((pattern) => pattern.test(path))
}

/**
 * The address a kept copy is stored under and rendered from: the path and only the query
 * parameters its page reads, by name in a stable order (each name's values in their own order).
 * @example cacheKeyOf('/products', '?utm_source=x&sort=a&category=c') // '/products?category=c'
 */
export function cacheKeyOf(path: string, search: string): string {
  const params = new URLSearchParams(search)
  const kept = new URLSearchParams()
  for (const name of [...(PAGE_PARAMS[pagePathOf(path)] ?? []), ...EVERY_PAGE_PARAMS].sort()) {
    for (const value of params.getAll(name)) kept.append(name, value)
  }
  const query = kept.toString()
  return query ? `${path}?${query}` : path
}

/** The copy to keep: the render's nonce attributes become markers; the page's text is left alone. */
export function markNonces(body: string, nonce: string): string {
  return body.replaceAll(`nonce="${nonce}"`, NONCE_ATTRIBUTE_MARK)
}

/** The copy to send: each marker attribute gets this response's nonce. */
export function fillNonces(body: string, nonce: string): string {
  return body.replaceAll(NONCE_ATTRIBUTE_MARK, `nonce="${nonce}"`)
}

export async function createPageCache({
  build,
  mode,
  ttlSeconds,
  database,
}: {
  build: () => Promise<ServerBuild>
  mode: 'development' | 'production'
  ttlSeconds: number
  database: Pick<Database, 'listen' | 'notify'>
}): Promise<PageCache> {
  const instanceId = randomUUID()
  const pages = new LRUCache<string, CachedPage>({
    max: 500,
    maxSize: 50_000_000,
    sizeCalculation: (page) => Math.max(1, page.body.length),
    ttl: ttlSeconds * 1000,
  })
  // Bumped on every clear, so a render that started before a change is never kept after it.
  let generation = 0
  const render = createRequestHandler(build, mode)

  const clearHere = () => {
    generation++
    pages.clear()
  }
  await database.listen(CHANNEL, (sender) => {
    if (sender !== instanceId) clearHere()
  })

  function invalidate(reason: string) {
    clearHere()
    logger.debug({ reason }, 'page cache cleared')
    database.notify(CHANNEL, instanceId).catch((error) => logger.warn({ err: error }, 'page cache notify failed'))
  }
  onPublicChange(invalidate)

  async function answer(req: Request, res: Response) {
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : ''
    const key = cacheKeyOf(req.path, search)
    const nonce = res.locals.cspNonce as string
    let page = pages.get(key)
    res.setHeader('X-Page-Cache', page ? 'hit' : 'miss')
    if (!page) {
      const startedAt = generation
      // Rendered from the key, so the copy is the same whatever else the address carried.
      const response = await render(toWebRequest(req, res, key), loadContextOf(req, res))
      const body = await response.text()
      const headers = [...response.headers].filter(([name]) => !DROPPED_HEADERS.has(name.toLowerCase()))
      page = { status: response.status, headers, body: markNonces(body, nonce) }
      const keep =
        response.status === 200 &&
        !response.headers.has('set-cookie') &&
        body.length <= MAX_PAGE_BYTES &&
        startedAt === generation
      if (keep) pages.set(key, page)
      // A page that may not be kept still goes out whole, cookies included.
      for (const cookie of response.headers.getSetCookie()) res.append('Set-Cookie', cookie)
    }
    res.status(page.status)
    for (const [name, value] of page.headers) res.setHeader(name, value)
    res.send(fillNonces(page.body, nonce))
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (ttlSeconds === 0 || !isCacheableRequest(req)) return next()
    answer(req, res).catch(next)
  }

  return { middleware, invalidate }
}
