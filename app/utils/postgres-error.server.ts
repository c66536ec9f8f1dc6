/**
 * The SQLSTATE and constraint name of a database error, which Drizzle wraps as the `cause`: how a
 * write tells a unique (23505) or foreign key (23503) violation from any other failure.
 * @example if (postgresErrorOf(error).code === '23505') return { ok: false, reason: 'code-taken' }
 */
export function postgresErrorOf(error: unknown): { code?: string; constraint?: string } {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown }
    if (typeof code === 'string') return { code, constraint: typeof constraint === 'string' ? constraint : undefined }
  }
  return {}
}
