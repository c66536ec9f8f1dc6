import { createHash } from 'node:crypto'

/**
 * The first 16 hex digits of the SHA-256 of a picture's bytes: its version. 64 bits, so two
 * different pictures of one shop never share it by chance.
 * @example contentVersion(bytes) // '3f9a0c12d4e5b6a7'
 */
export function contentVersion(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16)
}

/**
 * The storage key for a picture: `stem` with the picture's version and extension, so a changed
 * picture is stored under a new key and its URLs change with it (`imageVersionOf` reads it back).
 * @example versionedImageKey('products/abc/1', bytes, 'webp') // 'products/abc/1.3f9a0c12d4e5b6a7.webp'
 */
export function versionedImageKey(stem: string, bytes: Uint8Array, extension: string): string {
  return `${stem}.${contentVersion(bytes)}.${extension}`
}
