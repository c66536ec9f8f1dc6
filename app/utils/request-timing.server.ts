import { AsyncLocalStorage } from 'node:async_hooks'
import type { Logger } from 'drizzle-orm/logger'

type Timing = { queries: number; startedAt: number }

const current = new AsyncLocalStorage<Timing>()

/**
 * Drizzle's logger hook, used here only to count: every statement a request's loaders and actions
 * send is counted against that request, so the benchmark can see how many queries a page costs.
 */
export const queryCounter: Logger = {
  logQuery() {
    const timing = current.getStore()
    if (timing) timing.queries++
  },
}

/**
 * Runs `handle` with a count of its SQL statements and its time, and returns them as a
 * `Server-Timing` header value (`app;dur=12.3, sql;desc="4 queries"`). The shop sends it only
 * when `SERVER_TIMING=true`: the numbers are for the benchmark, not for every visitor.
 * @example const [response, timing] = await timeRequest(() => handle(request))
 */
export async function timeRequest<T>(handle: () => Promise<T>): Promise<[T, string]> {
  const timing: Timing = { queries: 0, startedAt: performance.now() }
  // Awaited inside the run, so a lazy query (Drizzle's builders start on `then`) counts too.
  const result = await current.run(timing, async () => await handle())
  const duration = (performance.now() - timing.startedAt).toFixed(1)
  return [result, `app;dur=${duration}, sql;desc="${timing.queries} queries"`]
}

/** The number of SQL statements in a Server-Timing value written by `timeRequest`. */
export function queriesOf(serverTiming: string | null): number | null {
  const match = /sql;desc="(\d+) queries"/.exec(serverTiming ?? '')
  return match ? Number(match[1]) : null
}

/** The application's time in a Server-Timing value written by `timeRequest`, in milliseconds. */
export function durationOf(serverTiming: string | null): number | null {
  const match = /app;dur=([\d.]+)/.exec(serverTiming ?? '')
  return match ? Number(match[1]) : null
}
