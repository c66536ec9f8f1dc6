const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether a value can be a database id. Lookups check this first, so a malformed id from a URL
 * answers "not found" instead of reaching PostgreSQL as an invalid uuid (an error, a 500).
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value)
}
