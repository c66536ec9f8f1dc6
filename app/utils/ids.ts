const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether a value can be a database id. Lookups check this first, so a malformed id from a URL
 * answers "not found" instead of reaching PostgreSQL as an invalid uuid (an error, a 500).
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value)
}

const slugPattern = /^[a-z0-9-]{1,200}$/

/** Whether a value can be a readable address the shop made (a policy's `returns-exchanges`). */
export function isSlug(value: unknown): value is string {
  return typeof value === 'string' && slugPattern.test(value)
}

const providerIdPattern = /^[A-Za-z0-9_-]{1,255}$/

/**
 * Whether a value can be a payment provider's id (Stripe's `cs_test_…`, the demo's `cs_demo_…`).
 * A session id from a URL is checked before it is looked up, as a uuid is.
 */
export function isProviderId(value: unknown): value is string {
  return typeof value === 'string' && providerIdPattern.test(value)
}
const shortIdPattern = /^[0-9a-f]{8}$/i

/** How a customer names one of their invoices or orders: the full id, or the first 8 characters shown as its number. */
export type IdReference = { id: string } | { prefix: string }

/**
 * Reads an id a customer typed: a full UUID, or the 8-character short id the shop shows as the
 * number ('#' in front and surrounding spaces are allowed). Null for anything else.
 * @example parseIdReference('#1A2B3C4D') // { prefix: '1a2b3c4d' }
 */
export function parseIdReference(text: string): IdReference | null {
  const value = text.trim().replace(/^#/, '').toLowerCase()
  if (isUuid(value)) return { id: value }
  if (shortIdPattern.test(value)) return { prefix: value }
  return null
}

/** What a lookup by `IdReference` found among someone's own records. */
export type ReferenceLookup = { status: 'found'; id: string } | { status: 'not-found' } | { status: 'ambiguous' }

const lowestUuid = '00000000-0000-0000-0000-000000000000'
const highestUuid = 'ffffffff-ffff-ffff-ffff-ffffffffffff'

/**
 * The ids that start with `prefix` (hexadecimal digits, with dashes only where a UUID has them) as
 * an inclusive range: UUIDs sort as their text does, so a range reads the primary key's index
 * where `id::text like '9b1d%'` would cast every id of the table. Null when no id can start so.
 * @example uuidPrefixRange('9B1D') // { from: '9b1d0000-0000-0000-0000-000000000000', to: '9b1dffff-ffff-ffff-ffff-ffffffffffff' }
 */
export function uuidPrefixRange(prefix: string): { from: string; to: string } | null {
  const text = prefix.toLowerCase()
  if (text.length === 0 || text.length > lowestUuid.length) return null
  for (let index = 0; index < text.length; index++) {
    const fits = lowestUuid[index] === '-' ? text[index] === '-' : /[0-9a-f]/.test(text[index] as string)
    if (!fits) return null
  }
  return { from: text + lowestUuid.slice(text.length), to: text + highestUuid.slice(text.length) }
}
