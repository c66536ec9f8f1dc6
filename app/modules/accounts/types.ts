import type { ShippingAddress } from './schema.server.ts'

export type { ShippingAddress }

/** The signed-in user as the server's permission checks see it. */
export type SessionUser = {
  id: string
  email: string
  name: string
  role: string
  isAdmin: boolean
  sessionId: string
}

export type ProfileDto = {
  id: string
  email: string
  fullName: string
  username: string | null
  role: string
  shippingAddress: ShippingAddress
  updatedAt: Date
}

/**
 * The answer of a sign-in, sign-up or reset. 'rate-limited': too many requests from this client or
 * for this e-mail address; 'account-locked': too many failed sign-ins for this e-mail address.
 */
export type AuthOutcome =
  | { ok: true; setCookies: string[] }
  | { ok: false; reason: 'rate-limited' | 'account-locked'; message: string; retryAfterSeconds?: number }
  | { ok: false; reason: 'email-not-verified' | 'rejected'; message: string }

/** How a password change from the account's settings went; `setCookies` carry the new session. */
export type PasswordChangeOutcome =
  | { ok: true; setCookies: string[] }
  | { ok: false; reason: 'wrong-password' | 'signed-out' | 'rate-limited' | 'rejected'; message: string }

/** An account as a customer picker lists it. */
export type CustomerOptionDto = { id: string; fullName: string; email: string }

export type AccountRole = 'customer' | 'Admin'

/** An account as the back-office user list shows it. */
export type AdminUserDto = {
  id: string
  fullName: string
  email: string
  role: AccountRole
  createdAt: Date
  /** Invited and has not set a password yet. */
  invitationPending: boolean
}

/** The answer of an admin's change to an account. */
export type UserChangeResult =
  | { ok: true }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'invalid'; message: string }
