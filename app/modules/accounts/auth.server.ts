import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { admin } from 'better-auth/plugins'
import { sendMail } from '#app/modules/mail/index.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { allowVerificationEmail } from './limits.server.ts'
import { ADMIN_ROLE, CUSTOMER_ROLE } from './roles.ts'
import { authAccounts, rateLimits, sessions, users, verifications } from './schema.server.ts'

/**
 * The only place the auth library reads a client address from. The server sets it on every call
 * from the resolved address (the load context's `clientIp`) after dropping whatever the client
 * sent, so a client-sent X-Forwarded-For counts only when TRUST_PROXY says so (decision 022).
 */
export const CLIENT_ADDRESS_HEADER = 'x-layerworks-client-address'

/** Rate limits per client address (storefront §8); tests lower the window with AUTH_RATE_LIMIT_MAX. */
function rateLimitRules(max: number | undefined) {
  return {
    '/sign-in/email': { window: 60, max: max ?? 10 },
    '/sign-up/email': { window: 60 * 10, max: max ?? 5 },
    '/request-password-reset': { window: 60 * 10, max: max ?? 3 },
    '/send-verification-email': { window: 60 * 10, max: max ?? 3 },
    // Someone holding a session cannot try current passwords one after another (decision 013).
    '/change-password': { window: 60 * 10, max: max ?? 10 },
  }
}

/**
 * Mail is queued to run after the auth library's work instead of inside it: sign-up may run in a
 * database transaction, and a slow mail server must never hold one open.
 */
function queueMail(send: () => Promise<unknown>) {
  setImmediate(() => {
    send().catch((error) => logger.error({ err: error }, 'could not queue an account e-mail'))
  })
}

async function createAuth() {
  const env = getEnv()
  const db = await getDb()
  return betterAuth({
    appName: 'LayerWorks 3D',
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret: env.SESSION_SECRET,
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, sessions, authAccounts, verifications, rateLimits },
    }),
    user: {
      modelName: 'users',
      additionalFields: {
        username: { type: 'string', required: false, input: false },
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: 60 * 60 * 24 * 7,
      // The expiry slides forward once a day while the customer keeps using the shop.
      updateAge: 60 * 60 * 24,
    },
    account: { modelName: 'authAccounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        queueMail(() => sendMail({ to: user.email, template: 'reset-password', data: { name: user.name, url } }))
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }, request) => {
        const clientAddress = request?.headers.get(CLIENT_ADDRESS_HEADER) ?? null
        queueMail(async () => {
          // Sign-in of an unverified account sends one too: at most a few per address and per client.
          if (!(await allowVerificationEmail(user.email, clientAddress))) {
            logger.warn('verification e-mail not sent: too many for this address or client')
            return
          }
          await sendMail({ to: user.email, template: 'verify-email', data: { name: user.name, url } })
        })
      },
    },
    rateLimit: {
      enabled: env.NODE_ENV !== 'test' || env.AUTH_RATE_LIMIT_MAX !== undefined,
      storage: 'database',
      modelName: 'rateLimits',
      window: 60,
      max: 100,
      customRules: rateLimitRules(env.AUTH_RATE_LIMIT_MAX),
    },
    advanced: {
      cookiePrefix: 'layerworks',
      useSecureCookies: env.PUBLIC_URL.startsWith('https:'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    plugins: [admin({ defaultRole: CUSTOMER_ROLE, adminRoles: [ADMIN_ROLE] })],
    logger: { disabled: env.NODE_ENV === 'test' },
  })
}

export type Auth = Awaited<ReturnType<typeof createAuth>>

const store = globalThis as typeof globalThis & { __shopAuth?: Promise<Auth> }

/** The process-wide better-auth instance, created on first use (after the database is open). */
export function getAuth(): Promise<Auth> {
  store.__shopAuth ??= createAuth()
  return store.__shopAuth
}

/** Forgets the auth instance; tests call this after switching to a fresh database. */
export function resetAuth() {
  store.__shopAuth = undefined
}
