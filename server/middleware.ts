import { randomBytes } from 'node:crypto'
import { finished, Transform } from 'node:stream'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import helmet from 'helmet'
import { pinoHttp } from 'pino-http'
import { CONTACT_FILE_MAX_BYTES, CONTACT_FILES_MAX } from '#app/modules/contact/schemas.ts'
import { RECEIPT_MAX_BYTES } from '#app/modules/documents/schemas.ts'
import { ABOUT_FILE_FIELDS } from '#app/routes/admin/about/about-actions.server.ts'
import { MODEL_FILE_MAX_BYTES } from '#app/rules/model-files.ts'
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '#app/rules/product-form.ts'
import { loggableUrl } from '#app/utils/loggable-url.ts'
import { logger } from '#app/utils/logger.server.ts'
import { uploadBodyLimit } from '#app/utils/upload-form.server.ts'
import { CONTENT_IMAGE_MAX_BYTES } from '#app/workflows/store-content-image.server.ts'
import { PERSONAL_COOKIE } from './page-cache.ts'
import { pagePathOf, replaceRequestBody } from './request-handler.ts'
import { requestIdOf } from './request-id.ts'

/**
 * One structured log line per request, with its id; health probes are left out to keep logs
 * readable. Addresses are logged without query values or reset tokens (`loggableUrl`).
 */
export const requestLogger: RequestHandler = pinoHttp({
  logger,
  genReqId: (req, res) => {
    const id = requestIdOf(req)
    res.setHeader('X-Request-Id', id)
    return id
  },
  autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
  customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
  serializers: {
    req: (req) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
    res: (res) => ({ statusCode: res.statusCode }),
  },
})

/** A fresh nonce per response for the inline scripts React Router renders. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString('base64')
  next()
}

// What only a signed-in person (or the buyer of one checkout) gets: the customer portal, checkout
// pages, the back-office, their files, receipts and live invoice events, and the auth API (sessions).
// `/account.data` and the like match as their pages do.
const SIGNED_IN_PATHS =
  /^\/(?:account|invoices|order|quotes|accounting|checkout|success|demo-checkout|update-password|admin|add-product|files|api\/auth|resources\/(?:receipts|model-files|checkout-session|invoices))(?:[/.]|$)/
// The catalogue's pictures are the same for everyone, whoever asks.
const PUBLIC_FILES = /^\/images\//

/**
 * `Cache-Control: private, no-store` on every answer that may carry personal data: anything asked
 * with the shop's cookies (a session, a toast), anything under the signed-in paths (redirects and
 * refusals included), and any answer that sets a cookie (signing in). It is set as the headers go
 * out, so no route can weaken it by mistake.
 */
export function keepPersonalAnswersPrivate(req: Request, res: Response, next: NextFunction) {
  if (PUBLIC_FILES.test(req.path)) return next()
  const personal = PERSONAL_COOKIE.test(req.headers.cookie ?? '') || SIGNED_IN_PATHS.test(req.path)
  const writeHead = res.writeHead
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (personal || this.hasHeader('set-cookie')) this.setHeader('Cache-Control', 'private, no-store')
    return writeHead.apply(this, args)
  } as Response['writeHead']
  next()
}

const paymentOrigins = ['https://js.stripe.com', 'https://checkout.stripe.com', 'https://api.stripe.com']

/**
 * Security headers. The Content-Security-Policy allows only what the shop loads: itself, the
 * payment provider and the configured live-chat widget.
 */
export function securityHeaders({
  production,
  https,
  liveChatScriptUrl,
}: {
  production: boolean
  https: boolean
  liveChatScriptUrl?: string
}) {
  const chatOrigin = liveChatScriptUrl ? new URL(liveChatScriptUrl).origin : null
  const extra = chatOrigin ? [chatOrigin] : []
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
          'https://js.stripe.com',
          ...extra,
          // Vite's dev client needs eval for source maps and hot reload; never in production.
          ...(production ? [] : ["'unsafe-eval'"]),
        ],
        styleSrc: ["'self'", "'unsafe-inline'", ...extra],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', ...extra],
        fontSrc: ["'self'", 'data:', ...extra],
        connectSrc: ["'self'", 'https://api.stripe.com', ...extra, ...(production ? [] : ['ws:', 'wss:'])],
        frameSrc: [
          "'self'",
          'https://js.stripe.com',
          'https://www.youtube-nocookie.com',
          'https://www.youtube.com',
          ...extra,
        ],
        formAction: ["'self'", ...paymentOrigins],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: production && https ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  })
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests sent by another site (CSRF). Browsers send Origin on every
 * cross-origin POST; payment-provider webhooks carry none and are verified by signature instead.
 */
export function refuseCrossOriginWrites(req: Request, res: Response, next: NextFunction) {
  if (safeMethods.has(req.method)) return next()
  const origin = req.get('origin')
  const crossSite = req.get('sec-fetch-site') === 'cross-site'
  if (crossSite || (origin !== undefined && hostOf(origin) !== req.get('host'))) {
    res.status(403).type('text/plain').send('Cross-origin request refused.')
    return
  }
  next()
}

function hostOf(origin: string) {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}

const DEFAULT_BODY_LIMIT = 1024 * 1024

// Forms and JSON are small. The upload routes take their files plus room for the other fields and
// the multipart framing; their own reader checks each file as it arrives and answers first, with
// the form's message, for anything this limit lets through.
const UPLOAD_BODY_LIMITS: [RegExp, number][] = [
  [/^\/resources\/model-files$/, uploadBodyLimit({ maxFiles: 1, maxFileBytes: MODEL_FILE_MAX_BYTES })],
  // The instant quote's model: the print settings' file limit is at most this (ADR 035).
  [/^\/instant-quote\/models$/, uploadBodyLimit({ maxFiles: 1, maxFileBytes: MODEL_FILE_MAX_BYTES })],
  [/^\/resources\/receipts$/, uploadBodyLimit({ maxFiles: 1, maxFileBytes: RECEIPT_MAX_BYTES })],
  // The contact form: up to three photos, PDFs or 3D models with the message.
  [/^\/contact$/, uploadBodyLimit({ maxFiles: CONTACT_FILES_MAX, maxFileBytes: CONTACT_FILE_MAX_BYTES })],
  [
    /^\/(?:add-product|admin\/products\/edit\/[^/]+)$/,
    uploadBodyLimit({ maxFiles: PRODUCT_IMAGES_MAX, maxFileBytes: PRODUCT_IMAGE_MAX_BYTES }),
  ],
  [/^\/admin\/updates$/, uploadBodyLimit({ maxFiles: 1, maxFileBytes: CONTENT_IMAGE_MAX_BYTES })],
  [/^\/admin\/about$/, uploadBodyLimit({ maxFiles: ABOUT_FILE_FIELDS.length, maxFileBytes: CONTENT_IMAGE_MAX_BYTES })],
]

/** The most a request's body may weigh on the wire; `.data` form posts count as their page's. */
export function bodyLimitOf(pathname: string): number {
  const path = pagePathOf(pathname)
  return UPLOAD_BODY_LIMITS.find(([pattern]) => pattern.test(path))?.[1] ?? DEFAULT_BODY_LIMIT
}

/**
 * Refuses a body over its limit (`bodyLimitOf`) with 413 as soon as the limit is passed, whatever
 * Content-Length says or whether it is sent at all (chunked): a declared size over the limit is
 * refused before a byte is read; otherwise the bytes are counted as they stream through to React
 * Router, and the one that passes the limit fails the body (so the action never sees it whole) and
 * sends the 413. The connection is then closed instead of reading the rest.
 */
export function limitRequestBodies(req: Request, res: Response, next: NextFunction) {
  if (req.method === 'GET' || req.method === 'HEAD') return next()
  const limit = bodyLimitOf(req.path)
  if (Number(req.get('content-length')) > limit) return refuseTooLarge(res)
  let received = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length
      if (received <= limit) return done(null, chunk)
      refuseTooLarge(res)
      done(new BodyTooLargeError(limit))
    },
  })
  req.pipe(counted)
  // A visitor who goes away mid-body: the reader gets an error, never a body cut short.
  finished(req, (error) => {
    if (error) counted.destroy(error)
  })
  replaceRequestBody(req, counted)
  next()
}

class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`The request body is larger than ${limit} bytes.`)
    this.name = 'BodyTooLargeError'
  }
}

function refuseTooLarge(res: Response) {
  if (res.headersSent) return
  // `Connection: close`: Node closes the socket once the answer is out, so the rest is never read.
  res.status(413).set('Connection', 'close').type('text/plain').send('Request body too large.')
}
