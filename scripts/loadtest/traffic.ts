import { Agent, request } from 'node:http'

/**
 * The load test's HTTP client: each virtual user is one keep-alive connection from its own
 * loopback address (127.0.1.1, 127.0.1.2, …), as visitors on other machines would reach the
 * balancer, so the shop's per-client limits count each one apart. autocannon cannot choose a
 * connection's source address nor follow a flow (price, check out, pay) with its own cookies, so
 * the requests are sent with node:http here and timed one by one.
 */

/** The kinds of request the report counts apart, in its order. */
export const KINDS = [
  'browse',
  'search',
  'cart pricing',
  'sign-in',
  'checkout start',
  'demo payment',
  'admin list',
] as const
export type Kind = (typeof KINDS)[number]

/** A request that takes longer than this counts as an error (the balancer's own limit is 60 s). */
export const REQUEST_TIMEOUT_MS = 30_000

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** Every request's time by kind, and everything that went wrong, for the report. */
export class Tally {
  readonly times = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]))
  readonly statuses = new Map<number, number>()
  /** Unexpected answers and failed requests: each message with how often it happened. */
  readonly problems = new Map<string, number>()

  record(kind: Kind, milliseconds: number, status: number | null) {
    this.times.get(kind)?.push(milliseconds)
    if (status !== null) this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1)
  }

  problem(message: string) {
    this.problems.set(message, (this.problems.get(message) ?? 0) + 1)
  }

  get errors() {
    return [...this.problems.values()].reduce((sum, count) => sum + count, 0)
  }

  get requests() {
    return [...this.times.values()].reduce((sum, list) => sum + list.length, 0)
  }

  /** Answers with this status, of any kind. */
  count(status: number) {
    return this.statuses.get(status) ?? 0
  }
}

/** The value at this percentile (nearest rank) of a list of times. */
export function percentile(sorted: readonly number[], p: number) {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

/** One virtual user's connection and cookies; `send` times the request under its kind. */
export class VirtualUser {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 })
  private readonly cookies = new Map<string, string>()

  constructor(
    readonly base: string,
    readonly address: string,
    private readonly tally: Tally,
  ) {}

  get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  hasCookie(fragment: string) {
    return [...this.cookies.keys()].some((name) => name.includes(fragment))
  }

  /**
   * Sends one request and reads the whole answer. `expected` are the statuses this request may
   * answer with; any other, a failed connection or a timeout counts as an error. Returns null then.
   */
  async send(
    kind: Kind,
    path: string,
    expected: readonly number[],
    options: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer | null> {
    const started = performance.now()
    try {
      const answer = await this.exchange(path, options)
      this.tally.record(kind, performance.now() - started, answer.status)
      this.keepCookies(answer.headers['set-cookie'])
      if (!expected.includes(answer.status)) {
        const text = answer.body.toString('utf8', 0, 200).replace(/\s+/g, ' ')
        this.tally.problem(`${kind} ${options.method ?? 'GET'} ${templated(path)}: ${answer.status} ${text}`)
        return null
      }
      return answer
    } catch (error) {
      this.tally.record(kind, performance.now() - started, null)
      this.tally.problem(`${kind} ${options.method ?? 'GET'} ${templated(path)}: ${(error as Error).message}`)
      return null
    }
  }

  close() {
    this.agent.destroy()
  }

  private exchange(
    path: string,
    { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<Answer> {
    const cookie = this.cookie
    return new Promise((resolve, reject) => {
      const outgoing = request(
        `${this.base}${path}`,
        {
          method,
          agent: this.agent,
          localAddress: this.address,
          headers: { ...(cookie ? { cookie } : {}), ...(method === 'GET' ? {} : { origin: this.base }), ...headers },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
          )
          response.on('error', reject)
        },
      )
      outgoing.setTimeout(REQUEST_TIMEOUT_MS, () =>
        outgoing.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)),
      )
      outgoing.on('error', reject)
      outgoing.end(body)
    })
  }

  private keepCookies(setCookies: string | string[] | undefined) {
    for (const line of [setCookies ?? []].flat()) {
      const [pair, ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      if (at <= 0) continue
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const gone = value === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))
      if (gone) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}

/** A path with its ids and query values hidden, so one kind of failure is counted as one. */
function templated(path: string) {
  return path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>').replace(/cs_demo_[\w-]+/g, '<session>')
}

/** The n-th virtual user's loopback address: 127.0.1.1 up to 127.0.4.250 for a thousand users. */
export function loopbackAddress(n: number) {
  return `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`
}
