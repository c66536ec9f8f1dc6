import type { Writable } from 'node:stream'

/** A writable that compression may have given a `flush` (it sends what the compressor holds). */
type FlushableWritable = Writable & { flush?: () => void }

const TURN_ENDED = Symbol('turn ended')

/**
 * Writes a response body as it comes, one write and one flush per burst: the chunks that arrive
 * within one turn of the event loop (React hands over a rendered shell as many small chunks at
 * once) are joined before they are written. React Router's adapter writes and flushes each chunk,
 * so the brotli stream compressed and flushed every small piece apart (3-4 ms of CPU more per
 * signed-in page, decision 030). A part that comes later (deferred data, an event of a stream) is a burst of
 * its own and is flushed as soon as it has come, so streaming is as before.
 * @example await writeInBursts(response.body, res)
 */
export async function writeInBursts(body: ReadableStream<Uint8Array>, writable: FlushableWritable): Promise<void> {
  const reader = body.getReader()
  const closed = closedBeforeEnd(writable)
  try {
    let next = reader.read()
    for (;;) {
      const first = await Promise.race([next, closed.promise])
      if (first.done) break
      const burst: Uint8Array[] = [first.value]
      // Ends when the event loop next reaches its check phase: every chunk already on its way is in.
      const turnEnded = new Promise<typeof TURN_ENDED>((resolve) => setImmediate(resolve, TURN_ENDED))
      let ended = false
      for (;;) {
        next = reader.read()
        const more = await Promise.race([next, turnEnded, closed.promise])
        if (more === TURN_ENDED) break
        if (more.done) {
          ended = true
          break
        }
        burst.push(more.value)
      }
      const fits = writable.write(burst.length === 1 ? burst[0] : Buffer.concat(burst))
      writable.flush?.()
      if (ended) break
      if (!fits) await Promise.race([new Promise((resolve) => writable.once('drain', resolve)), closed.promise])
    }
    writable.end()
  } catch (error) {
    reader.cancel(error).catch(() => {})
    if (!writable.destroyed) writable.destroy(error instanceof Error ? error : undefined)
    throw error
  } finally {
    closed.stop()
  }
}

/** Rejects when the writable closes or fails before its end (the visitor went away). */
function closedBeforeEnd(writable: Writable) {
  let onClose = () => {}
  const promise = new Promise<never>((_, reject) => {
    onClose = () => {
      if (!writable.writableFinished) reject(new Error('The response closed before its body was written'))
    }
  })
  // Nobody may await it when the body ends first; a rejection then must not go unhandled.
  promise.catch(() => {})
  writable.on('close', onClose)
  writable.on('error', onClose)
  const stop = () => {
    writable.off('close', onClose)
    writable.off('error', onClose)
  }
  return { promise, stop }
}
