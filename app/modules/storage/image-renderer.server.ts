import sharp from 'sharp'
import { type ImageFormat, imageVersionOf, nearestImageWidth } from '#app/rules/images.ts'
import { logger } from '#app/utils/logger.server.ts'
import { contentVersion } from './image-keys.server.ts'
import { keptVariant, variantOf } from './image-variants.server.ts'
import { getStorage } from './index.server.ts'
import { storageKeyPattern } from './types.ts'

export type RenderedImage = {
  body: Buffer
  contentType: string
  /** The bytes' version and the variant: the same for the same answer, for `ETag`. */
  tag: string
  /** True when the key names the version of its bytes: the answer at this URL can never change. */
  versioned: boolean
}

type Sharp = ReturnType<typeof sharp>

const rasterTypes = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif'])
// Only the folders whose pictures are on public pages. Customers' receipts and models live in the
// same storage and are served by their own routes, to their owners only.
const publicFolders = new Set(['products', 'updates', 'about'])

// AVIF at effort 2 takes about twice WebP's time for a third less bytes; sharp's default effort
// (4) takes five times longer again for another tenth. Full chroma keeps the colour edges of
// product shots clean for a few per cent more bytes.
const encoders: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 78 }),
}

/**
 * A stored picture of a public page at the nearest standard width, as AVIF or WebP. A key whose
 * file name carries its version (`imageVersionOf`) is answered from the rendered variants without
 * reading the picture; its version is checked against the bytes when a variant is first rendered.
 * Any other key is read each time, so a picture replaced under the same key is never answered old.
 * @example const image = await renderImage('products/mount/1.3f9a0c12d4e5b6a7.png', { width: 640, format: 'avif' })
 */
export async function renderImage(
  key: string,
  { width: requestedWidth, format }: { width: number; format: ImageFormat },
): Promise<RenderedImage | null> {
  if (!storageKeyPattern.test(key) || key.length > 300 || !publicFolders.has(key.split('/')[0])) return null
  const width = nearestImageWidth(requestedWidth)
  const claimed = imageVersionOf(key)
  if (claimed) {
    // Only a version that matched the bytes is ever kept under the key's claimed version.
    const kept = await keptVariant({ key, version: claimed, width, format })
    if (kept) return { ...kept, tag: `${claimed}-${width}-${format}`, versioned: true }
  }
  const source = await getStorage().get(key)
  if (!source || !rasterTypes.has(source.contentType)) return null
  const version = contentVersion(source.body)
  if (claimed && claimed !== version) {
    logger.warn({ key, version }, 'a stored picture does not match the version in its name')
  }
  try {
    const variant = await variantOf({ key, version, width, format }, () =>
      encoders[format](sharp(source.body).resize({ width, withoutEnlargement: true })).toBuffer(),
    )
    return { ...variant, tag: `${version}-${width}-${format}`, versioned: claimed === version }
  } catch (error) {
    logger.warn({ err: error, key }, 'a stored picture could not be rendered')
    return null
  }
}
