import type { Result } from 'autocannon'

/** What a browser sends: pages go out compressed, and that work belongs in the numbers. */
export const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html,application/json,*/*' }
export const CONNECTIONS = 50
const DURATION_SECONDS = 10
const WARM_UP_SECONDS = 1

export type Load = {
  requestsPerSecond: number
  p50: number
  p95: number
  p99: number
  non2xx: number
  errors: number
  /** Why requests failed, by error code (connection refused, reset, timeout…). */
  errorCodes: Record<string, number>
}

class BenchmarkError extends Error {}

/** Stops the run with a message (the caller stops the servers first). */
export function fail(message: string): never {
  throw new BenchmarkError(message)
}

export const isBenchmarkError = (error: unknown) => error instanceof BenchmarkError

async function loadAutocannon() {
  try {
    return (await import('autocannon')).default
  } catch {
    return fail('autocannon is not installed: run `npm install` (it is a devDependency).')
  }
}

/**
 * Puts `url` under load: a warm-up, then ten seconds of `connections` clients asking as fast as
 * they are answered. Bounded in time; it stops by itself.
 */
export async function measureLoad(
  url: string,
  headers: Record<string, string>,
  connections = CONNECTIONS,
): Promise<Load> {
  const autocannon = await loadAutocannon()
  const check = await fetch(url, { headers })
  await check.arrayBuffer()
  if (!check.ok) fail(`${url} answered ${check.status}`)
  await autocannon({ url, connections, duration: WARM_UP_SECONDS, headers })
  const errorCodes: Record<string, number> = {}
  const result: Result = await autocannon({ url, connections, duration: DURATION_SECONDS, headers }).on(
    'reqError',
    (error) => {
      const code = error.code ?? error.message
      errorCodes[code] = (errorCodes[code] ?? 0) + 1
    },
  )
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    // autocannon reports p90 and p97.5, not p95: p97.5 is the nearer one above it.
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    errorCodes,
  }
}
