// The shop's HTTP server. `node server.js` serves the production build; `--dev` runs Vite in
// middleware mode with hot reload. React's fast production build only runs with NODE_ENV=production.
import { existsSync } from 'node:fs'
import path from 'node:path'

const dev = process.argv.includes('--dev')
process.env.NODE_ENV ??= dev ? 'development' : 'production'

const { createServer } = await import('node:http')
const { default: compression } = await import('compression')
const { default: express } = await import('express')

function fail(message) {
  console.error(`Start-up failed: ${message}`)
  process.exit(1)
}

let viteDevServer
let shop
try {
  if (dev) {
    const vite = await import('vite')
    viteDevServer = await vite.createServer({ server: { middlewareMode: true } })
    const { createShopApp } = await viteDevServer.ssrLoadModule('./server/app.ts')
    shop = await createShopApp({ mode: 'development' })
  } else {
    const serverBuild = path.resolve('build/server/index.js')
    if (!existsSync(serverBuild)) fail('no production build found: run `npm run build` first.')
    const { createShopApp } = await import(serverBuild)
    shop = await createShopApp({ mode: 'production' })
  }
} catch (error) {
  if (error?.name === 'ConfigError') fail(error.message)
  throw error
}

const { env, database, logger } = shop
let draining = false
const app = express()
app.disable('x-powered-by')
// Server-Sent Events must not be buffered by compression.
app.use(
  compression({
    filter: (req, res) =>
      !String(res.getHeader('Content-Type') ?? '').includes('text/event-stream') && compression.filter(req, res),
  }),
)

app.get('/healthz', (_req, res) => {
  res.type('text/plain').send('ok')
})
app.get('/readyz', async (_req, res) => {
  const { pingDatabase } = shop
  const ready = !draining && (await pingDatabase(database))
  res
    .status(ready ? 200 : 503)
    .type('text/plain')
    .send(ready ? 'ready' : 'not ready')
})

if (viteDevServer) {
  app.use(viteDevServer.middlewares)
} else {
  // Hashed file names never change content, so they may be cached for a year.
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', index: false }))
  app.use(express.static('build/client', { maxAge: '1h', index: false }))
}
app.use(shop.app)

// A public page the cache keeps goes out as stored bytes before Express sees the request: a lookup
// and one write (server/page-cache.ts). Everything else is Express's.
const server = createServer((req, res) => {
  if (!shop.serveStoredPage(req, res)) app(req, res)
})
server.listen(env.PORT, () => {
  logger.info({ url: env.PUBLIC_URL, port: env.PORT, database: database.kind }, 'shop is listening')
})
server.on('error', (error) =>
  fail(error.code === 'EADDRINUSE' ? `port ${env.PORT} is already in use (set PORT).` : error.message),
)

// Graceful shutdown: /readyz answers 503 at once, and after SHUTDOWN_DELAY_SECONDS (time for a
// balancer's health checks to take this instance out) the server stops accepting, lets requests in
// flight finish (at most 10 s) and closes the database.
async function shutdown(signal) {
  if (draining) return
  draining = true
  logger.info({ signal, delaySeconds: env.SHUTDOWN_DELAY_SECONDS }, 'shutting down')
  if (env.SHUTDOWN_DELAY_SECONDS > 0) {
    await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_SECONDS * 1000))
  }
  const forced = setTimeout(() => {
    logger.warn('forcing shutdown after 10 s')
    server.closeAllConnections()
  }, 10_000)
  forced.unref()
  // Keep-alive connections become idle as their last response ends; close each one then.
  const idleSweep = setInterval(() => server.closeIdleConnections(), 250)
  idleSweep.unref()
  server.close(async () => {
    clearInterval(idleSweep)
    await viteDevServer?.close()
    await database.close()
    logger.info('stopped')
    process.exit(0)
  })
  server.closeIdleConnections()
}
process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
