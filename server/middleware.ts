import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import helmet from 'helmet'
import { pinoHttp } from 'pino-http'
import { logger } from '#app/utils/logger.server.ts'

/** One structured log line per request; health probes are left out to keep logs readable. */
export const requestLogger: RequestHandler = pinoHttp({
  logger,
  autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
  customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
  serializers: {
    req: (req) => ({ method: req.method, url: req.url }),
    res: (res) => ({ statusCode: res.statusCode }),
  },
})

/** A fresh nonce per response for the inline scripts React Router renders. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString('base64')
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
        baseUri: ["'self'"],
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
