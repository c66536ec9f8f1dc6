import sharp from 'sharp'
import { nearestImageWidth } from '#app/rules/images.ts'
import { getStorage } from './index.server.ts'
import { type StoredFile, storageKeyPattern } from './types.ts'

const rasterTypes = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif'])
// Only the folders whose pictures are on public pages. Customers' receipts and models live in the
// same storage and are served by their own routes, to their owners only.
const publicFolders = new Set(['products', 'updates', 'about'])
const cache = new Map<string, StoredFile>()
const cacheLimit = 300

/**
 * A stored image resized to the nearest standard width and encoded as WebP. Results are kept
 * in a small in-process cache, since the same few sizes are asked for again and again.
 * @example const image = await renderImage('products/desk-organiser/1.png', 640)
 */
export async function renderImage(key: string, requestedWidth: number): Promise<StoredFile | null> {
  if (!storageKeyPattern.test(key) || !publicFolders.has(key.split('/')[0])) return null
  const width = nearestImageWidth(requestedWidth)
  const cacheKey = `${key}@${width}`
  const cached = cache.get(cacheKey)
  if (cached) return cached
  const source = await getStorage().get(key)
  if (!source || !rasterTypes.has(source.contentType)) return null
  const body = await sharp(source.body).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer()
  const rendered = { body, contentType: 'image/webp' }
  if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value as string)
  cache.set(cacheKey, rendered)
  return rendered
}
