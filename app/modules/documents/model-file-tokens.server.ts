import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { getEnv } from '#app/utils/env.server.ts'

let cached: { secret: string; key: Buffer } | null = null

/** The signing key, derived from SESSION_SECRET (never the secret itself), once per secret. */
function signingKey(): Buffer {
  const secret = getEnv().SESSION_SECRET
  if (cached?.secret !== secret) {
    cached = { secret, key: Buffer.from(hkdfSync('sha256', secret, 'layerworks-shop', 'model file tokens v1', 32)) }
  }
  return cached.key
}

/**
 * The token that proves a browser uploaded this model file: an HMAC of its id. A cart or order line
 * keeps `{ id, token }`, so nobody can attach someone else's file by guessing its id.
 * @example const token = modelFileToken(file.id)
 */
export function modelFileToken(id: string): string {
  return createHmac('sha256', signingKey()).update(`model-file:${id}`, 'utf8').digest('base64url')
}

/**
 * Whether a token is the one issued for this model file (compared in constant time).
 * @example if (!isModelFileToken(ref.id, ref.token)) return refuse()
 */
export function isModelFileToken(id: string, token: unknown): boolean {
  if (typeof token !== 'string' || token.length > 200) return false
  const expected = Buffer.from(modelFileToken(id), 'utf8')
  const given = Buffer.from(token, 'utf8')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
