import { data } from 'react-router'
import { retrieveInvoiceForViewer } from '#app/modules/invoices/index.server.ts'
import { subscribeToInvoice } from '#app/modules/realtime/index.server.ts'
import { requireUser } from '#app/wiring/permissions.server.ts'
import type { Route } from './+types/invoice-events.ts'

/** Storefront §9: a comment line every 30 s keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 30_000

/**
 * Server-Sent Events for one invoice the viewer may see: a `ready` event once it listens, then an
 * `invoice` event with its new status on every change, announced through PostgreSQL NOTIFY so a
 * change on any server instance arrives.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request)
  const invoice = await retrieveInvoiceForViewer(params.invoiceId, viewer)
  if (!invoice) throw data('Not found', { status: 404 })

  const encoder = new TextEncoder()
  let stopped = false
  let stop = () => {
    stopped = true
  }
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        if (stopped) return
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          stop()
        }
      }
      const unsubscribe = await subscribeToInvoice(invoice.id, ({ status }) => {
        send(`event: invoice\ndata: ${JSON.stringify({ status })}\n\n`)
      })
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS)
      let released = false
      stop = () => {
        if (released) return
        released = true
        stopped = true
        clearInterval(heartbeat)
        void unsubscribe()
        try {
          controller.close()
        } catch {}
      }
      // Cancelled or aborted while subscribing: let go at once.
      if (stopped || request.signal.aborted) return stop()
      request.signal.addEventListener('abort', () => stop(), { once: true })
      // EventSource reconnects after a second when the connection drops.
      send('retry: 1000\n\n')
      // Listening from now on: the page may rely on every later change arriving (and, after a
      // reconnect, reloads once for what it may have missed while disconnected).
      send('event: ready\ndata: {}\n\n')
    },
    cancel() {
      stop()
    },
  })

  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    },
  })
}
