import { durationOf, queriesOf } from '#app/utils/request-timing.server.ts'
import { fail } from './load.ts'

export type ServerTimes = { p50: number; p95: number; queries: number }

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]

/**
 * The server's own time for a page and the SQL statements it sends, from the Server-Timing header
 * the shop writes with SERVER_TIMING=true: `count` requests one after the other, so no queue is in
 * the numbers. `queries` is the most any of them sent.
 */
export async function measureServerTimes(
  url: string,
  headers: Record<string, string>,
  count = 100,
): Promise<ServerTimes> {
  const durations: number[] = []
  let queries = 0
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { headers })
    await response.arrayBuffer()
    if (!response.ok) fail(`${url} answered ${response.status}`)
    const timing = response.headers.get('server-timing')
    const duration = durationOf(timing)
    const sent = queriesOf(timing)
    if (duration === null || sent === null) fail(`${url} sent no Server-Timing (is SERVER_TIMING=true?)`)
    durations.push(duration)
    queries = Math.max(queries, sent)
  }
  durations.sort((a, b) => a - b)
  return { p50: percentile(durations, 0.5), p95: percentile(durations, 0.95), queries }
}
