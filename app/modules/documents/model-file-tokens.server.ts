import { idSigner } from '#app/utils/signed-ids.server.ts'

const modelFileTokens = idSigner('model file tokens v1', 'model-file')

/**
 * The token that proves a browser uploaded this model file: an HMAC of its id. A cart or order line
 * keeps `{ id, token }`, so nobody can attach someone else's file by guessing its id.
 * @example const token = modelFileToken(file.id)
 */
export function modelFileToken(id: string): string {
  return modelFileTokens.sign(id)
}

/**
 * Whether a token is the one issued for this model file (compared in constant time).
 * @example if (!isModelFileToken(ref.id, ref.token)) return refuse()
 */
export function isModelFileToken(id: string, token: unknown): boolean {
  return modelFileTokens.verify(id, token)
}
