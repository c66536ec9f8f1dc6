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

export type AuthOutcome =
  | { ok: true; setCookies: string[] }
  | { ok: false; reason: 'rate-limited' | 'email-not-verified' | 'rejected'; message: string }

/** An account as a customer picker lists it. */
export type CustomerOptionDto = { id: string; fullName: string; email: string }
