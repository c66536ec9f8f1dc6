import { randomUUID } from 'node:crypto'
import {
  type FileStorage,
  getStorage,
  prepareUploadedImage,
  versionedImageKey,
} from '#app/modules/storage/index.server.ts'
import { logger } from '#app/utils/logger.server.ts'

/** Largest picture an admin may upload for an update or an about section, as for product pictures. */
export const CONTENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024
const CONTENT_IMAGE_MAX_PIXELS = 40_000_000

export type StoredContentImage = { ok: true; key: string } | { ok: false; message: string }

/**
 * Checks an uploaded picture by what it contains (JPEG, PNG or WebP, at most 40 megapixels) and
 * stores it as an upright, metadata-free WebP under `{folder}/`; the content keeps the returned key.
 * @example const stored = await storeContentImage(file, 'updates') // { ok: true, key: 'updates/…webp' }
 */
export async function storeContentImage(
  upload: Pick<File, 'name' | 'arrayBuffer'>,
  folder: 'updates' | 'about',
  { storage = getStorage() }: { storage?: FileStorage } = {},
): Promise<StoredContentImage> {
  const prepared = await prepareUploadedImage(new Uint8Array(await upload.arrayBuffer()), {
    maxPixels: CONTENT_IMAGE_MAX_PIXELS,
  })
  const name = `“${upload.name.slice(0, 80) || 'image'}”`
  if (!prepared.ok) {
    return {
      ok: false,
      message:
        prepared.reason === 'too-many-pixels'
          ? `${name} has too many pixels (at most 40 megapixels).`
          : `${name} is not a JPEG, PNG or WebP image.`,
    }
  }
  const key = versionedImageKey(`${folder}/${randomUUID()}`, prepared.image.body, prepared.image.extension)
  await storage.put(key, prepared.image.body, prepared.image.contentType)
  return { ok: true, key }
}

/** Removes pictures stored for a change that was then refused, so nothing is left behind. */
export async function removeContentImages(keys: string[], { storage = getStorage() }: { storage?: FileStorage } = {}) {
  for (const key of keys) {
    await storage.delete(key).catch((error) => logger.warn({ err: error, key }, 'could not remove an unused upload'))
  }
}
