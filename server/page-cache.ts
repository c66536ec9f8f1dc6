import { randomUUID } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { LRUCache } from 'lru-cache'
import { createRequestHandler, type ServerBuild } from 'react-router'
import type { Database } from '#app/utils/db.server.ts'
import { logger } from '#app/utils/logger.server.ts'

/**
 * The public pages a visitor who is not signed in sees are the same for everyone (DESIGN, quality
 * bar): the cart lives in the browser and the signed-in header comes from the session. So the
 * server renders each such page once and serves the copy until something changes.
 *
 * - Only an allow-list of public GET routes, and only for requests without the shop's session or
 *   toast cookies: signed-in people (and admins, who see extra buttons) always get a fresh render.
 * - Only complete 200 answers that set no cookie are kept.
 * - Every successful write (a form post, a webhook, an admin change) clears the whole cache, on
 *   every server instance through PostgreSQL NOTIFY; a short lifetime bounds anything else.
 * - The CSP nonce stays unique per response: the copy keeps a marker where the nonce was, and each
 *   answer gets its request's own nonce.
 */
export type PageCache = {
  /** Express middleware: answers cacheable requests, and clears the cache after writes. */
  middleware: (req: Request, res: Response, next: NextFunction) => void
  /** Drops every kept page here and on the other instances. */
  invalidate: (reason: string) => void
}

type CachedPage = { status: number; headers: [string, string][]; body: string }

const CHANNEL = 'shop_page_cache'
const NONCE_MARK = '__shop_csp_nonce__'
const MAX_PAGE_BYTES = 2_000_000
// The shop's own cookies: a session (signed in) or a one-time toast makes a page personal.
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-|__Host-)?layerworks\./

// React Router's single-fetch data requests (`/products.data`, `/_root.data` for the home page) are
// cached like the pages they belong to.
const PUBLIC_PATHS = [
  /^\/$/,
  /^\/(?:services|products|contact|feedback|about|updates|guides|policies|search|test-products|etsy)$/,
  /^\/(?:products|guides|policies)\/[^/]+$/,
  /^\/(?:sitemap\.xml|robots\.txt)$/,
  /^\/resources\/search-suggestions$/,
]

const DROPPED_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'date'])

export function pagePathOf(pathname: string): string {
  if (pathname === '/_root.data') return '/'
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
}

export function isCacheableRequest(req: Pick<Request, 'method' | 'path' | 'headers'>): boolean {
  if (req.method !== 'GET') return false
  if (PERSONAL_COOKIE.test(req.headers.cookie ?? '')) return false
  const path = pagePathOf(req.path)
  return PUBLIC_PATHS.some((pattern) => pattern.test(path))
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
  // Bumped on every clear, so a render that started before a write is never kept after it.
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

  async function answer(req: Request, res: Response) {
    const key = req.originalUrl
    const nonce = res.locals.cspNonce as string
    let page = pages.get(key)
    res.setHeader('X-Page-Cache', page ? 'hit' : 'miss')
    if (!page) {
      const startedAt = generation
      const response = await render(toWebRequest(req, res), { cspNonce: nonce, clientIp: req.ip })
      const body = await response.text()
      const headers = [...response.headers].filter(([name]) => !DROPPED_HEADERS.has(name.toLowerCase()))
      page = { status: response.status, headers, body: body.replaceAll(nonce, NONCE_MARK) }
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
    res.send(page.body.replaceAll(NONCE_MARK, nonce))
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.on('finish', () => {
        if (res.statusCode < 400) invalidate(`${req.method} ${req.path}`)
      })
      return next()
    }
    if (ttlSeconds === 0 || !isCacheableRequest(req)) return next()
    answer(req, res).catch(next)
  }

  return { middleware, invalidate }
}

function toWebRequest(req: Request, res: Response): globalThis.Request {
  const controller = new AbortController()
  res.on('close', () => controller.abort())
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.set(name, value)
  }
  return new Request(`${req.protocol}://${req.get('host')}${req.originalUrl}`, {
    method: 'GET',
    headers,
    signal: controller.signal,
  })
}
