import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'
import { deferredPartsLoaded } from '#app/components/deferred.tsx'
import { bootAfterLoadScript, inertModulesStream } from '#app/utils/boot-after-load.server.ts'
import { BootScriptProvider } from '#app/utils/boot-after-load.tsx'
import { noticeDatabaseOutage } from '#app/utils/database-outage.server.ts'
import { StylesheetProvider } from '#app/utils/inline-stylesheet.tsx'
import { loggableUrl } from '#app/utils/loggable-url.ts'
import { logger } from '#app/utils/logger.server.ts'
import { NonceProvider } from '#app/utils/nonce-provider.ts'
import stylesheet from './app.css?inline'

export const streamTimeout = 5_000

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  // Empty for a page rendered for the page cache: its inline scripts are allowed by their hashes.
  const nonce = loadContext.cspNonce || undefined
  // A deferred part must render at once, never as a boundary streamed later (decision 036).
  await deferredPartsLoaded()

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ''}>
        <StylesheetProvider value={stylesheet}>
          <BootScriptProvider value={bootAfterLoadScript}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </BootScriptProvider>
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        // React outlines a finished Suspense boundary that comes after many bytes of the page (the
        // footer's, decision 036) into a hidden part revealed by an inline script, which a page
        // seen without JavaScript never shows. A finished boundary is sent in its place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          // The page's modules are fetched after it has loaded (decision 041).
          const html = inertModulesStream()
          html.pipe(body)
          pipe(html)
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) logger.error({ err: error }, 'streaming render failed')
        },
      },
    )
  })
}

/**
 * Logs unexpected loader and action errors; aborted requests are not errors. A database that cannot
 * be reached is noted for the request (its answer becomes a 503) and logged as a warning.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  if (noticeDatabaseOutage(error)) {
    logger.warn({ err: error, url: loggableUrl(request.url) }, 'database unavailable')
    return
  }
  logger.error({ err: error, url: loggableUrl(request.url) }, 'request failed')
}
