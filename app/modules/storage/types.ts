export type StoredFile = { body: Buffer; contentType: string }

/** Where uploaded and generated files live: local disk by default, object storage when configured. */
export type FileStorage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>
  get(key: string): Promise<StoredFile | null>
  delete(key: string): Promise<void>
}

/** Keys are relative paths of safe segments, such as `products/phone-mount/1.png`. */
export const storageKeyPattern = /^(?!.*\.\.)[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i

export function assertStorageKey(key: string) {
  if (!storageKeyPattern.test(key) || key.length > 300) throw new Error(`Invalid storage key: ${key}`)
}
