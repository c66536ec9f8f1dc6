import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import type { PostalAddress } from '../../rules/address.ts'
import { idColumn, partOf, timeColumn } from '../../utils/table-columns.ts'

/** The profile's shipping address: the shared postal address shape (app/rules/address.ts). */
export type ShippingAddress = PostalAddress
export { emptyAddress as emptyShippingAddress } from '../../rules/address.ts'

/**
 * Users and their profile. The documents keep a separate `profiles` row with the same id as the
 * auth user; one row holds both here, so a profile can never be missing for a user.
 * Columns follow better-auth's core schema plus its admin plugin (role, banned...).
 */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    username: text('username').unique(),
    role: text('role').notNull().default('customer'),
    shippingAddress: jsonb('shipping_address')
      .$type<ShippingAddress>()
      .notNull()
      .default(sql`'{"name":"","street":"","line2":"","city":"","state":"","zip":"","country":"","phone":""}'::jsonb`),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    createdAt: timeColumn('created_at'),
    updatedAt: timeColumn('updated_at'),
    /**
     * The name and e-mail lowercased, kept by the database for the searches (`accountTextContaining`):
     * ILIKE lowercases both columns of every row it reads (decision 032, step 7).
     */
    searchName: text('search_name').generatedAlwaysAs(sql`lower("name")`),
    searchEmail: text('search_email').generatedAlwaysAs(sql`lower("email")`),
  },
  (t) => [
    index('users_role_idx').on(t.role),
    // Newest first; with the search columns, a search walks it without reading the table.
    index('users_created_at_idx').on(t.createdAt, t.id, t.searchName, t.searchEmail),
    // The back-office search for part of a name or an e-mail, and the order and invoice searches by name.
    index('users_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
    index('users_search_email_trgm_idx').using('gin', t.searchEmail.op('gin_trgm_ops')),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    token: text('token').notNull().unique(),
    userId: partOf('user_id', () => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: uuid('impersonated_by'),
    createdAt: timeColumn('created_at'),
    updatedAt: timeColumn('updated_at'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

/** Credentials and linked sign-in providers (better-auth "account"). */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: idColumn(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: partOf('user_id', () => users.id),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timeColumn('created_at'),
    updatedAt: timeColumn('updated_at'),
  },
  (t) => [index('auth_accounts_user_id_idx').on(t.userId)],
)

/** One-time tokens: e-mail verification, password reset. */
export const verifications = pgTable(
  'verifications',
  {
    id: idColumn(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timeColumn('created_at'),
    updatedAt: timeColumn('updated_at'),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
)

/** Rate-limit counters live in the database so that several server instances share them. */
export const rateLimits = pgTable('rate_limits', {
  id: idColumn(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

/**
 * The shop's own limits per account and per client (decision 022): failed sign-ins, sign-ups,
 * reset and verification e-mails, counted per hashed e-mail address or client address. In the
 * database, so every instance counts the same attempts.
 */
export const authLimits = pgTable(
  'auth_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_limits_window_started_at_idx').on(t.windowStartedAt)],
)
