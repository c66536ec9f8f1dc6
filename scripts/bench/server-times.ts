import { durationOf, queriesOf } from '#app/utils/request-timing.server.ts'
import { fail } from './load.ts'

export type ServerTimes = { p50: number; p95: number; queries: number }

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]

/** Server times of one page, collected over one or more runs of requests; see {@link serverTimesOf}. */
export type ServerSamples = { durations: number[]; queries: number }

/**
 * The server's own time for a page and the SQL statements it sends, from the Server-Timing header
 * the shop writes with SERVER_TIMING=true: `count` requests one after the other, so no queue is in
 * the numbers, added to `into` (a page measured in several runs). `queries` is the most any of
 * them sent.
 */
export async function sampleServerTimes(
  url: string,
  headers: Record<string, string>,
  count: number,
  into: ServerSamples = { durations: [], queries: 0 },
): Promise<ServerSamples> {
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { headers })
    await response.arrayBuffer()
    if (!response.ok) fail(`${url} answered ${response.status}`)
    const timing = response.headers.get('server-timing')
    const duration = durationOf(timing)
    const sent = queriesOf(timing)
    if (duration === null || sent === null) fail(`${url} sent no Server-Timing (is SERVER_TIMING=true?)`)
    into.durations.push(duration)
    into.queries = Math.max(into.queries, sent)
  }
  return into
}

/** The median and 95th percentile of the samples' times, and the most statements a request sent. */
export function serverTimesOf({ durations, queries }: ServerSamples): ServerTimes {
  const sorted = [...durations].sort((a, b) => a - b)
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), queries }
}

/** {@link sampleServerTimes} of `count` requests in one run, as percentiles. */
export async function measureServerTimes(
  url: string,
  headers: Record<string, string>,
  count = 100,
): Promise<ServerTimes> {
  return serverTimesOf(await sampleServerTimes(url, headers, count))
}
