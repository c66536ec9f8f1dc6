import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import { LRUCache } from 'lru-cache'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { answeringDatabaseOutage } from '#app/utils/database-outage.server.ts'
import type { Database } from '#app/utils/db.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { onPublicChange } from '#app/utils/public-change.server.ts'
import { loadContextOf, pagePathOf, toWebRequest } from './request-handler.ts'
import { requestIdOf } from './request-id.ts'
import {
  headerPairs,
  inlineScriptHashes,
  policyWithScriptHashes,
  type StoredPage,
  sendStoredPage,
  storePage,
} from './stored-page.ts'

/**
 * The public pages a visitor who is not signed in sees are the same for everyone (DESIGN, quality
 * bar): the cart lives in the browser and the signed-in header comes from the session. So the
 * server renders each such page once and serves the stored bytes until something changes.
 *
 * - Only an allow-list of public GET routes, and only for requests without the shop's session or
 *   toast cookies: signed-in people (and admins, who see extra buttons) always get a fresh render.
 * - Only complete 200 answers that set no cookie are kept.
 * - A copy is kept per path and the query parameters its page reads; other parameters (utm_*,
 *   made-up ones) are ignored, so they can neither fill the cache nor change a kept page.
 * - The cache is cleared when the shop announces a change visitors see (`announcePublicChange`:
 *   catalog, stock, content, approved reviews), on every instance through PostgreSQL NOTIFY; a
 *   short lifetime bounds anything else. A visitor's form post changes nothing here.
 * - A copy is stored as bytes: brotli, gzip and identity, compressed once, each with its whole
 *   header list, a strong ETag and a Content-Security-Policy that allows the page's inline scripts
 *   by their hashes (no per-response nonce to write in), so a hit is a lookup and one write
 *   (`serveStored`, called before Express) and a browser that has the page gets a 304 (decision 028).
 */
export type PageCache = {
  /** Answers a request from a kept copy, before any other work; false when there is none. */
  serveStored: (req: IncomingMessage, res: ServerResponse) => boolean
  /** Express middleware: renders, keeps and answers the cacheable requests `serveStored` missed. */
  middleware: (req: Request, res: Response, next: NextFunction) => void
  /** Drops every kept page here and on the other instances. */
  invalidate: (reason: string) => void
}

type Rendered = { page: StoredPage } | { page: null; response: globalThis.Response; body: string; policy: string }

const CHANNEL = 'shop_page_cache'
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
  '/products': ['category', 'sort', 'after', 'before'],
  '/test-products': ['after', 'before'],
  '/guides': ['category'],
  '/search': ['q'],
  '/resources/search-suggestions': ['q'],
}
const EVERY_PAGE_PARAMS = ['newsletter', '_routes']

// Made again for each kept representation, or meaningless for a copy.
const DROPPED_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'etag',
  'cache-control',
  'vary',
  'x-page-cache',
  'x-request-id',
  'cdn-cache-control',
])

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

/**
 * What lets a CDN keep an anonymous page too. `Cache-Control` is for every cache: browsers check back
 * every time (a 304 when nothing changed) and never show a stale copy, since Chrome would honour a
 * stale-while-revalidate there and show a visitor the stock from before their own purchase; shared
 * caches keep it as long as the server does (`s-maxage`). `CDN-Cache-Control` (RFC 9213), which only
 * CDNs read, adds the stale-while-revalidate they may use. Requests with the shop's cookies are
 * never answered from here, and `Vary: Cookie` keeps a CDN from handing this copy to them.
 */
export function publicCacheControl(ttlSeconds: number) {
  return {
    cacheControl: `public, max-age=0, must-revalidate, s-maxage=${ttlSeconds}`,
    cdnCacheControl: `public, max-age=${ttlSeconds}, stale-while-revalidate=${ttlSeconds}`,
  }
}

export async function createPageCache({
  build,
  mode,
  ttlSeconds,
  database,
}: {
  /** The build, or (development) a function that loads it afresh for every request. */
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: 'development' | 'production'
  ttlSeconds: number
  database: Pick<Database, 'listen' | 'notify'>
}): Promise<PageCache> {
  const instanceId = randomUUID()
  const pages = new LRUCache<string, StoredPage>({
    max: 500,
    maxSize: 100_000_000,
    sizeCalculation: (page) =>
      Math.max(1, page.size + page.representations.br.body.length + page.representations.gzip.body.length),
    ttl: ttlSeconds * 1000,
  })
  // Renders in progress, so a burst of visitors after a change renders each page once.
  const rendering = new Map<string, Promise<StoredPage | null>>()
  // Bumped on every clear, so a render that started before a change is never kept after it.
  let generation = 0
  const render = createRequestHandler(build, mode)
  const { cacheControl, cdnCacheControl } = publicCacheControl(ttlSeconds)

  const clearHere = () => {
    generation++
    pages.clear()
    rendering.clear()
  }
  // After the listening connection was lost (a database restart), another instance's change may
  // have gone unheard: everything kept is dropped.
  await database.listen(
    CHANNEL,
    (sender) => {
      if (sender !== instanceId) clearHere()
    },
    clearHere,
  )

  function invalidate(reason: string) {
    clearHere()
    logger.debug({ reason }, 'page cache cleared')
    database.notify(CHANNEL, instanceId).catch((error) => logger.warn({ err: error }, 'page cache notify failed'))
  }
  onPublicChange(invalidate)

  function serveStored(req: IncomingMessage, res: ServerResponse): boolean {
    if (ttlSeconds === 0 || req.method !== 'GET' || PERSONAL_COOKIE.test(req.headers.cookie ?? '')) return false
    const url = req.url ?? '/'
    const queryAt = url.indexOf('?')
    const path = queryAt === -1 ? url : url.slice(0, queryAt)
    const page = pages.get(cacheKeyOf(path, queryAt === -1 ? '' : url.slice(queryAt)))
    if (!page) return false
    const startedAt = performance.now()
    const id = requestIdOf(req)
    sendStoredPage(req, res, page, { extra: ['X-Page-Cache', 'hit', 'X-Request-Id', id] })
    if (logger.isLevelEnabled('info')) {
      logger.info(
        {
          req: { id, method: req.method, url: path },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - startedAt),
          pageCache: 'hit',
        },
        'request completed',
      )
    }
    return true
  }

  /**
   * Renders the page for everyone (no session, no nonce: its scripts are allowed by their hashes)
   * from its key, so the copy is the same whatever else the address carried, and keeps it when it
   * may be kept. A page that may not (an error, a cookie, a change while it rendered) still goes
   * to the visitor who asked, as rendered.
   */
  async function renderForEveryone(req: Request, res: Response, key: string): Promise<Rendered> {
    const startedAt = generation
    const response = await answeringDatabaseOutage(() =>
      render(toWebRequest(req, res, key), { ...loadContextOf(req, res), cspNonce: '' }),
    )
    const body = await response.text()
    const policy = policyWithScriptHashes(
      String(res.getHeader('content-security-policy') ?? ''),
      res.locals.cspNonce as string,
      inlineScriptHashes(body),
    )
    const pageHeaders = [...response.headers].filter(([name]) => !DROPPED_HEADERS.has(name.toLowerCase()))
    const ownCacheControl = response.headers.get('cache-control')
    const keep =
      response.status === 200 &&
      !response.headers.has('set-cookie') &&
      body.length <= MAX_PAGE_BYTES &&
      startedAt === generation
    if (!keep) return { page: null, response, body, policy }
    const page = await storePage({
      status: 200,
      body,
      headers: [
        // The security headers every answer carries (set by the middleware before this one)…
        ...headerPairs(res.getHeaders()).filter(
          ([name]) => !DROPPED_HEADERS.has(name) && name !== 'content-security-policy',
        ),
        // …then the page's own.
        ...pageHeaders,
        ['Content-Security-Policy', policy],
        // A page that says how long it may be kept (the sitemap) keeps its word.
        ...((ownCacheControl
          ? [['Cache-Control', ownCacheControl]]
          : [
              ['Cache-Control', cacheControl],
              ['CDN-Cache-Control', cdnCacheControl],
            ]) satisfies [string, string][]),
        ['Vary', 'Accept-Encoding, Cookie'],
      ],
    })
    if (startedAt !== generation) return { page: null, response, body, policy }
    pages.set(key, page)
    return { page }
  }

  async function answer(req: Request, res: Response) {
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : ''
    const key = cacheKeyOf(req.path, search)
    const shared = rendering.get(key)
    const rendered = shared ? { page: await shared } : await renderHere(req, res, key)
    if (rendered.page) {
      for (const name of res.getHeaderNames()) res.removeHeader(name)
      sendStoredPage(req, res, rendered.page, {
        setHeaders: true,
        extra: ['X-Page-Cache', 'miss', 'X-Request-Id', String(req.id)],
      })
      return
    }
    if (!('response' in rendered)) {
      // Another visitor's render that could not be kept: this visitor gets a render of their own.
      return answer(req, res)
    }
    const { response, body, policy } = rendered
    res.status(response.status)
    res.setHeader('X-Page-Cache', 'miss')
    for (const [name, value] of response.headers) {
      if (name.toLowerCase() !== 'set-cookie') res.setHeader(name, value)
    }
    for (const cookie of response.headers.getSetCookie()) res.append('Set-Cookie', cookie)
    res.setHeader('Content-Security-Policy', policy)
    res.send(body)
  }

  /** This visitor renders the page; visitors asking for it meanwhile wait for the same render. */
  function renderHere(req: Request, res: Response, key: string): Promise<Rendered> {
    const rendered = renderForEveryone(req, res, key)
    const page = rendered.then((result) => result.page)
    rendering.set(key, page)
    const forget = () => {
      if (rendering.get(key) === page) rendering.delete(key)
    }
    page.then(forget, forget)
    return rendered
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (ttlSeconds === 0 || !isCacheableRequest(req)) return next()
    answer(req, res).catch(next)
  }

  return { serveStored, middleware, invalidate }
}
