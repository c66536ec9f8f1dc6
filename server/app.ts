import 'react-router'
import express from 'express'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '#app/utils/database-outage.server.ts'
import { pingDatabase, setDatabase } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { openShopDatabase, prepareDatabase } from '#app/wiring/startup.server.ts'
import { expireStaleCheckouts } from '#app/workflows/checkout/expire-stale-checkouts.server.ts'
import { sweepUnreferencedQuoteModels } from '#app/workflows/instant-quote/quote-model-retention.server.ts'
import { sendLowStockAlert } from '#app/workflows/send-low-stock-alert.server.ts'
import {
  cspNonce,
  keepPersonalAnswersPrivate,
  limitRequestBodies,
  refuseCrossOriginWrites,
  requestLogger,
  securityHeaders,
} from './middleware.ts'
import { createPageCache } from './page-cache.ts'
import { createReactRouterHandler } from './request-handler.ts'

export { ConfigError } from '#app/utils/env.server.ts'

type CreateAppOptions = { mode: 'development' | 'production' }

// Resolved by Vite: bundled into the production build, reloaded on change in development.
const loadBuild = () => import('virtual:react-router/server-build')

/**
 * Validates the environment, opens and migrates the database (seeding a demo shop when empty)
 * and returns the Express app that renders the shop.
 */
export async function createShopApp({ mode }: CreateAppOptions) {
  const env = getEnv()
  const opening = openShopDatabase(env)
  setDatabase(opening)
  const database = await opening
  await prepareDatabase(database, env)

  const app = express()
  app.set('trust proxy', env.TRUST_PROXY)
  app.use(requestLogger)
  app.use(cspNonce)
  app.use(
    securityHeaders({
      production: mode === 'production',
      https: env.PUBLIC_URL.startsWith('https:'),
      liveChatScriptUrl: env.LIVE_CHAT_SCRIPT_URL,
    }),
  )
  app.use(keepPersonalAnswersPrivate)
  app.use(refuseCrossOriginWrites)
  app.use(limitRequestBodies)
  // Production hands React Router the build itself: given a function, it compiles the route tree
  // again on every request (a millisecond or two of each render), which only development needs.
  const build = mode === 'production' ? await loadBuild() : loadBuild
  const pageCache = await createPageCache({
    build,
    mode,
    // Development re-renders every time, so an edit shows at once.
    ttlSeconds: mode === 'production' ? env.PAGE_CACHE_SECONDS : 0,
    database,
  })
  app.use(pageCache.middleware)
  app.all('*splat', createReactRouterHandler({ build, mode, serverTiming: env.SERVER_TIMING === 'true' }))
  // An error no render answered (a middleware's, the page cache's) because the database is away:
  // 503 with Retry-After, like a render's (app/utils/database-outage.server.ts); others go on to 500.
  app.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (!isDatabaseUnavailable(error) || res.headersSent) return next(error)
    logger.warn({ err: error }, 'database unavailable')
    res
      .status(503)
      .set({ 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' })
      .type('text/plain')
      .send('The shop is briefly unavailable. Please try again in a moment.')
  })
  startCheckoutExpirySweep()
  return { app, database, env, logger, pingDatabase, serveStoredPage: pageCache.serveStored }
}

/** How often the uploaded models nothing refers to are looked for: they wait days, not minutes. */
const MODEL_SWEEP_EVERY_MS = 60 * 60_000

/**
 * Once a minute, checkouts whose hosted payment page timed out give their reserved stock back, and
 * the daily low-stock e-mail goes out when it is due; once an hour, uploaded quote models nothing
 * refers to are deleted after their retention time (decision 040). Every instance may run it: each
 * checkout is released once, under a row lock, the low-stock e-mail is claimed once a day in the
 * database, and a model another instance is deleting is skipped.
 */
function startCheckoutExpirySweep() {
  let lastModelSweep = 0
  const timer = setInterval(() => {
    expireStaleCheckouts()
      .catch((error) => logger.error({ err: error }, 'checkout expiry sweep failed'))
      .then(() => sendLowStockAlert())
      .catch((error) => logger.error({ err: error }, 'low-stock check failed'))
      .then(() => {
        if (Date.now() - lastModelSweep < MODEL_SWEEP_EVERY_MS) return
        lastModelSweep = Date.now()
        return sweepUnreferencedQuoteModels()
      })
      .catch((error) => logger.error({ err: error }, 'quote model sweep failed'))
  }, 60_000)
  timer.unref()
}
