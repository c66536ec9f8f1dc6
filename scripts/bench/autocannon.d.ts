// autocannon ships no types; this covers the part of its API that the benchmark uses.
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p97_5: number; p99: number; max: number }

  export type Options = {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    headers?: Record<string, string>
  }

  export type Result = {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    non2xx: number
    errors: number
    timeouts: number
  }

  export type Instance = Promise<Result> & {
    on(event: 'reqError', listener: (error: Error & { code?: string }) => void): Instance
  }

  export default function autocannon(options: Options): Instance
}
