import 'react-router'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
import { pingDatabase, setDatabase } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { openShopDatabase, prepareDatabase } from '#app/utils/startup.server.ts'
import { expireStaleCheckouts } from '#app/workflows/checkout/expire-stale-checkouts.server.ts'
import { cspNonce, refuseCrossOriginWrites, requestLogger, securityHeaders } from './middleware.ts'

export { ConfigError } from '#app/utils/env.server.ts'

type CreateAppOptions = { mode: 'development' | 'production' }

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
  app.set('trust proxy', 1)
  app.use(requestLogger)
  app.use(cspNonce)
  app.use(
    securityHeaders({
      production: mode === 'production',
      https: env.PUBLIC_URL.startsWith('https:'),
      liveChatScriptUrl: env.LIVE_CHAT_SCRIPT_URL,
    }),
  )
  app.use(refuseCrossOriginWrites)
  app.all(
    '*splat',
    createRequestHandler({
      // Resolved by Vite: bundled into the production build, reloaded on change in development.
      build: () => import('virtual:react-router/server-build'),
      mode,
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip }),
    }),
  )
  startCheckoutExpirySweep()
  return { app, database, env, logger, pingDatabase }
}

/**
 * Once a minute, checkouts whose hosted payment page timed out give their reserved stock back.
 * Every instance may run it: each checkout is released once, under a row lock.
 */
function startCheckoutExpirySweep() {
  const timer = setInterval(() => {
    expireStaleCheckouts().catch((error) => logger.error({ err: error }, 'checkout expiry sweep failed'))
  }, 60_000)
  timer.unref()
}
