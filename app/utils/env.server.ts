import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { isTimeZone } from '#app/rules/calendar.ts'

const optionalUrl = z.url().optional()

/** The named address ranges Express's 'trust proxy' setting knows (proxy-addr). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal']

function isProxyEntry(entry: string) {
  if (PROXY_RANGE_NAMES.includes(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0 || address.includes('%')) return false
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128))
}

/**
 * Which proxies in front may tell the client's address in X-Forwarded-For, in the forms Express's
 * 'trust proxy' setting takes: a hop count, or named ranges, addresses and CIDR ranges. Unset
 * trusts nobody: the address is the socket's, so no client can pick its own (decision 022).
 * Trusting every hop (`true`) is refused: it would let any client choose its address again.
 */
const TrustProxySchema = z
  .string()
  .optional()
  .transform((value, context): false | number | string[] => {
    const text = value?.trim() ?? ''
    if (text === '' || text === 'false' || text === '0') return false
    if (/^\d{1,2}$/.test(text)) return Number(text)
    const entries = text.split(',').map((entry) => entry.trim())
    if (entries.every(isProxyEntry)) return entries
    context.addIssue({
      code: 'custom',
      message:
        'must be a hop count like 1, loopback, or a comma-separated list of proxy addresses or CIDR ranges (like 10.0.0.0/8)',
    })
    return z.NEVER
  })

/** Every setting the server reads, validated once at start-up. `.env.example` documents each. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  DEMO_DATA: z.enum(['true', 'false']).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('LayerWorks 3D <shop@localhost>'),
  SHOP_EMAIL: z.email().default('shop@localhost'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** Run the built-in demo checkout on purpose on a shop served over https (a public demo, a staging copy). */
  DEMO_PAYMENTS: z.enum(['true', 'false']).optional(),
  MARKETPLACE_URL: z.url().default('https://www.etsy.com/shop/LayerWorks3D'),
  LIVE_CHAT_SCRIPT_URL: optionalUrl,
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).optional(),
  TRUST_PROXY: TrustProxySchema,
  /** How long the server keeps a public page rendered for visitors who are not signed in; 0 turns it off. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * On SIGTERM, how long the server goes on serving while /readyz answers 503, so a balancer's
   * health checks take it out before it stops accepting connections.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  /** Send a Server-Timing header (time and SQL statements) with each rendered answer, for `npm run bench`. */
  SERVER_TIMING: z.enum(['true', 'false']).default('false'),
  /** Days an uploaded instant-quote model is kept when no quote or order refers to it (decision 040). */
  QUOTE_MODEL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** The shop's own time zone: the back-office's 'today' and 'last 7 days' are its calendar days. */
  SHOP_TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin').default('UTC'),
})

export type Env = z.infer<typeof EnvSchema> & {
  PUBLIC_URL: string
  SESSION_SECRET: string
  demoData: boolean
  usesEmbeddedDatabase: boolean
}

/** A configuration problem: the server prints its message as one line and exits. */
export class ConfigError extends Error {
  name = 'ConfigError'
}

/**
 * Parses and checks the environment. Throws a {@link ConfigError} whose message names the
 * first bad variable, so start-up fails with one readable line instead of a stack trace.
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source)
  if (!result.success) {
    const issue = result.error.issues[0]
    const name = issue?.path.join('.') ?? 'environment'
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid'}`)
  }
  const env = result.data
  const usesEmbeddedDatabase = !env.DATABASE_URL
  const s3Keys = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
  const s3Set = s3Keys.filter((key) => env[key])
  if (s3Set.length > 0 && s3Set.length < s3Keys.length) {
    const missing = s3Keys.find((key) => !env[key])
    throw new ConfigError(`Missing environment variable ${missing}: object storage needs ${s3Keys.join(', ')}`)
  }
  // A shop on https is a real deployment: it must never take play money by accident (DESIGN 9).
  if (env.PUBLIC_URL?.startsWith('https:') && !env.STRIPE_SECRET_KEY && env.DEMO_PAYMENTS !== 'true') {
    throw new ConfigError(
      'Missing environment variable STRIPE_SECRET_KEY: a shop on https takes real payments (set DEMO_PAYMENTS=true to run the demo checkout on purpose)',
    )
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET && env.NODE_ENV === 'production') {
    throw new ConfigError('Missing environment variable STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY')
  }
  return {
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    SESSION_SECRET: env.SESSION_SECRET ?? sessionSecretFallback(env.NODE_ENV, env.DATA_DIR, usesEmbeddedDatabase),
    demoData: env.DEMO_DATA ? env.DEMO_DATA === 'true' : usesEmbeddedDatabase,
    usesEmbeddedDatabase,
  }
}

/**
 * A shared deployment on PostgreSQL must configure its secret; the single-instance embedded shop
 * (the quick start) keeps a generated one in its data folder so sessions survive restarts.
 */
function sessionSecretFallback(nodeEnv: string, dataDir: string, embedded: boolean): string {
  if (nodeEnv === 'production' && !embedded) {
    throw new ConfigError('Missing environment variable SESSION_SECRET: required in production')
  }
  if (nodeEnv === 'test') return 'test-session-secret-that-is-long-enough-000'
  const file = path.join(dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

const globalEnv = globalThis as typeof globalThis & { __shopEnv?: Env }

/** The validated environment, parsed on first use. */
export function getEnv(): Env {
  globalEnv.__shopEnv ??= parseEnv()
  return globalEnv.__shopEnv
}

/** Settings the browser may read; nothing secret goes here. */
export function getPublicEnv() {
  const env = getEnv()
  return {
    MARKETPLACE_URL: env.MARKETPLACE_URL,
    LIVE_CHAT_SCRIPT_URL: env.LIVE_CHAT_SCRIPT_URL ?? null,
    PAYMENTS_TEST_MODE: !env.STRIPE_SECRET_KEY,
  }
}
export type PublicEnv = ReturnType<typeof getPublicEnv>
