import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { getEnv } from './env.server.ts'

// Tokens that prove a browser was given a record's id by the server (an uploaded model file, a
// quote model added to the cart): an HMAC of the id with a key derived from SESSION_SECRET, one
// key per purpose, so a token of one kind never passes for another.

const keys = new Map<string, { secret: string; key: Buffer }>()

/** The purpose's signing key, derived from SESSION_SECRET (never the secret itself), once per secret. */
function signingKey(info: string): Buffer {
  const secret = getEnv().SESSION_SECRET
  const cached = keys.get(info)
  if (cached?.secret === secret) return cached.key
  const key = Buffer.from(hkdfSync('sha256', secret, 'layerworks-shop', info, 32))
  keys.set(info, { secret, key })
  return key
}

/** Signs ids of one kind: `info` names the key, `prefix` the kind inside the signed text. */
export function idSigner(info: string, prefix: string) {
  const sign = (id: string) =>
    createHmac('sha256', signingKey(info)).update(`${prefix}:${id}`, 'utf8').digest('base64url')
  return {
    sign,
    /** Whether a token is the one issued for this id (compared in constant time). */
    verify(id: string, token: unknown): boolean {
      if (typeof token !== 'string' || token.length > 200) return false
      const expected = Buffer.from(sign(id), 'utf8')
      const given = Buffer.from(token, 'utf8')
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}
