import type { Readable } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import type { NextFunction, Request, Response } from 'express'
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router'
import { answeringDatabaseOutage } from '#app/utils/database-outage.server.ts'
import { inRequestMemo } from '#app/utils/request-memo.server.ts'
import { timeRequest } from '#app/utils/request-timing.server.ts'
import { writeInBursts } from './write-in-bursts.ts'

type BuildOptions = {
  /** The build, or (development) a function that loads it afresh for every request. */
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: 'development' | 'production'
  /** Adds a Server-Timing header with the answer's time and SQL statements (SERVER_TIMING). */
  serverTiming?: boolean
}

/**
 * Express → React Router, as @react-router/express does it, with one difference: the body React
 * Router reads is the size-limited stream of `limitRequestBodies`, never the socket itself (the
 * adapter always reads `req`, so a limit could only cut the connection, not the body).
 */
export function createReactRouterHandler({ build, mode, serverTiming = false }: BuildOptions) {
  const handle = createRequestHandler(build, mode)
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = toWebRequest(req, res)
      const context = loadContextOf(req, res)
      // Reads share one lookup of who is signed in; a write looks afresh every time it asks.
      // A render that failed for want of the database answers 503, not 500.
      const render = () =>
        answeringDatabaseOutage(() =>
          req.method === 'GET' || req.method === 'HEAD'
            ? inRequestMemo(() => handle(request, context))
            : handle(request, context),
        )
      let response: globalThis.Response
      if (serverTiming) {
        const [timed, timing] = await timeRequest(render)
        res.setHeader('Server-Timing', timing)
        response = timed
      } else {
        response = await render()
      }
      await sendResponse(res, response)
    } catch (error) {
      // Someone else answered (the body limit's 413): nothing is waiting for this error.
      if (res.writableEnded) return
      next(error)
    }
  }
}

/** The page a single-fetch data request belongs to: `/products.data` → `/products`, `/_root.data` → `/`. */
export function pagePathOf(pathname: string): string {
  if (pathname === '/_root.data') return '/'
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
}

const replacedBodies = new WeakMap<Request, Readable>()

/** Makes React Router read the request's body from `body` (the body limit's counting stream). */
export function replaceRequestBody(req: Request, body: Readable) {
  replacedBodies.set(req, body)
}

export function loadContextOf(req: Request, res: Response): AppLoadContext {
  return { cspNonce: res.locals.cspNonce as string, clientIp: req.ip }
}

/**
 * The Fetch API request React Router takes; `path` replaces the request's own path and query (the
 * page cache renders the normalised address). Its signal aborts when nobody waits for the answer
 * any more: the visitor went away, or the body failed (too large: the 413 has gone out already).
 */
export function toWebRequest(req: Request, res: Response, path = req.originalUrl): globalThis.Request {
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.set(name, value)
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const body = replacedBodies.get(req) ?? req
    // Before the reader hears of the error, so the action's failure is not logged as the shop's.
    body.once('error', () => controller.abort())
    init.body = createReadableStreamFromReadable(body)
    init.duplex = 'half'
  }
  // Joined as text: resolved against the origin, a path like `//other.host/x` would change the host.
  return new Request(new URL(`${originOf(req)}${path}`), init)
}

/** The shop's origin as the visitor asked for it (`req.host` follows X-Forwarded-Host behind a trusted proxy). */
function originOf(req: Request) {
  try {
    return new URL(`${req.protocol}://${req.host}`).origin
  } catch {
    // A Host header that is no host name: the address still resolves, to nowhere in particular.
    return `${req.protocol}://localhost`
  }
}

async function sendResponse(res: Response, response: globalThis.Response) {
  if (res.writableEnded || res.destroyed) {
    await response.body?.cancel()
    return
  }
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers) res.append(name, value)
  // Server-Sent Events: the headers go out at once, before the first event.
  if (/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) res.flushHeaders()
  if (!response.body) {
    res.end()
    return
  }
  try {
    await writeInBursts(response.body, res)
  } catch (error) {
    if (res.writableEnded || res.destroyed) return
    throw error
  }
}
