import { createHash } from 'node:crypto'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { clientAddressKey } from '#app/utils/client-address.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { authLimits } from './schema.server.ts'

/**
 * The shop's own limits on the account flows (decision 022), on top of the auth library's per-address
 * ones. Each counts in a fixed window that starts with the first attempt it counts.
 * - `sign-in-failures`: wrong passwords per e-mail address, whoever sends them; over the limit the
 *   address is refused, even with the right password, until the window ends.
 * - `sign-up`, `password-reset`, `verification-email`: requests (or e-mails sent) per target address.
 * - `verification-email-client`: verification e-mails asked for from one client address.
 */
export const AUTH_LIMITS = {
  'sign-in-failures': { max: 10, windowSeconds: 15 * 60 },
  'sign-up': { max: 5, windowSeconds: 60 * 60 },
  'password-reset': { max: 3, windowSeconds: 60 * 60 },
  'verification-email': { max: 5, windowSeconds: 60 * 60 },
  'verification-email-client': { max: 20, windowSeconds: 60 * 60 },
  // Not an account flow, but the same counter: each instant-quote upload holds a worker for seconds.
  'quote-model-upload-client': { max: 30, windowSeconds: 60 * 60 },
} as const

export type AuthLimitKind = keyof typeof AUTH_LIMITS
export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** Counters older than this are gone; every window above is shorter. */
const KEEP_COUNTERS_SECONDS = 24 * 60 * 60

/**
 * The counter's key. E-mail addresses are lower-cased and hashed: anything typed into a form ends
 * up here, and the table need not keep addresses that have no account.
 */
function limitKey(kind: AuthLimitKind, subject: string) {
  const digest = createHash('sha256').update(subject.trim().toLowerCase()).digest('base64url')
  return `${kind}:${digest}`
}

const secondsAgo = (seconds: number) => sql`now() - (${seconds}::integer * interval '1 second')`

/**
 * Counts one attempt against a limit and says whether it is allowed. One statement, so two
 * instances counting at the same moment never both pass the last free attempt.
 * @example const decision = await consumeAuthLimit('password-reset', 'casey@example.com')
 */
export async function consumeAuthLimit(
  kind: AuthLimitKind,
  subject: string,
  max: number = AUTH_LIMITS[kind].max,
): Promise<LimitDecision> {
  const { windowSeconds } = AUTH_LIMITS[kind]
  const db = await getDb()
  const expired = sql`(${authLimits.windowStartedAt} <= ${secondsAgo(windowSeconds)} or ${authLimits.count} <= 0)`
  const [row] = await db
    .insert(authLimits)
    .values({ key: limitKey(kind, subject), count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: authLimits.key,
      set: {
        // Past the limit the count stops growing: refused attempts only wait for the window to end.
        count: sql`case when ${expired} then 1 else least(${authLimits.count} + 1, ${max + 1}::integer) end`,
        windowStartedAt: sql`case when ${expired} then now() else ${authLimits.windowStartedAt} end`,
      },
    })
    .returning({
      count: authLimits.count,
      retryAfterSeconds: sql<number>`ceil(extract(epoch from ${authLimits.windowStartedAt} - now()))::integer + ${windowSeconds}::integer`,
    })
  if (!row) throw new Error('the limit counter was not written')
  if (row.count === 1) await forgetOldCounters()
  if (row.count <= max) return { allowed: true }
  return { allowed: false, retryAfterSeconds: Math.max(1, Number(row.retryAfterSeconds)) }
}

/**
 * Gives back an attempt counted by {@link consumeAuthLimit} that turned out not to count (a sign-in
 * whose password was right, or that never reached the password check).
 */
export async function releaseAuthLimit(kind: AuthLimitKind, subject: string) {
  const db = await getDb()
  await db
    .update(authLimits)
    .set({ count: sql`${authLimits.count} - 1` })
    .where(
      and(
        eq(authLimits.key, limitKey(kind, subject)),
        gt(authLimits.count, 0),
        gt(authLimits.windowStartedAt, secondsAgo(AUTH_LIMITS[kind].windowSeconds)),
      ),
    )
}

/** Clears a counter: a password reset proves the e-mail's owner, whose sign-ins are welcome again. */
export async function clearAuthLimit(kind: AuthLimitKind, subject: string) {
  const db = await getDb()
  await db.delete(authLimits).where(eq(authLimits.key, limitKey(kind, subject)))
}

/**
 * Whether a verification e-mail may go to this address now, counting it against the address and
 * against the client that asked. The per-client limit follows the auth library's: off in tests
 * unless AUTH_RATE_LIMIT_MAX sets it, which also replaces its maximum.
 * @example if (await allowVerificationEmail(user.email, '203.0.113.7')) await sendMail(...)
 */
export async function allowVerificationEmail(email: string, clientAddress: string | null): Promise<boolean> {
  const env = getEnv()
  const forAddress = await consumeAuthLimit('verification-email', email)
  const client = clientAddressKey(clientAddress)
  const perClientOn = env.NODE_ENV !== 'test' || env.AUTH_RATE_LIMIT_MAX !== undefined
  const forClient =
    client && perClientOn
      ? await consumeAuthLimit('verification-email-client', client, env.AUTH_RATE_LIMIT_MAX)
      : ({ allowed: true } as const)
  return forAddress.allowed && forClient.allowed
}

/**
 * Whether this client may upload another model to the instant quote (30 an hour). Off in tests
 * unless AUTH_RATE_LIMIT_MAX sets it, like the other per-client limits, which also replaces its maximum.
 * @example if (!(await allowQuoteModelUpload(context.clientIp))) return tooMany()
 */
export async function allowQuoteModelUpload(clientAddress: string | null): Promise<LimitDecision> {
  const env = getEnv()
  const client = clientAddressKey(clientAddress)
  if (!client || (env.NODE_ENV === 'test' && env.AUTH_RATE_LIMIT_MAX === undefined)) return { allowed: true }
  return consumeAuthLimit('quote-model-upload-client', client, env.AUTH_RATE_LIMIT_MAX)
}

async function forgetOldCounters() {
  const db = await getDb()
  await db.delete(authLimits).where(lt(authLimits.windowStartedAt, secondsAgo(KEEP_COUNTERS_SECONDS)))
}
