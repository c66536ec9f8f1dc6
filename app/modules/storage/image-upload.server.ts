import sharp from 'sharp'

export type WebImage = { body: Buffer; contentType: 'image/webp'; extension: 'webp'; width: number; height: number }
export type ImageRefusal = 'not-an-image' | 'too-many-pixels'
export type PreparedImage = { ok: true; image: WebImage } | { ok: false; reason: ImageRefusal }

const acceptedFormats = new Set(['jpeg', 'png', 'webp'])

/**
 * An uploaded picture checked by what it contains, not by its name or declared type: it must
 * decode as a JPEG, PNG or WebP of at most `maxPixels`. It is turned upright (EXIF orientation),
 * stripped of its metadata (camera, GPS), scaled down to `maxSide` and stored as WebP; the image
 * endpoint makes the smaller sizes from it.
 * @example const prepared = await prepareUploadedImage(bytes, { maxPixels: 40_000_000 })
 */
export async function prepareUploadedImage(
  bytes: Uint8Array,
  { maxPixels, maxSide = 2400 }: { maxPixels: number; maxSide?: number },
): Promise<PreparedImage> {
  let format: string | undefined
  let pixels = 0
  try {
    const metadata = await sharp(bytes).metadata()
    format = metadata.format
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0)
  } catch {
    return { ok: false, reason: 'not-an-image' }
  }
  if (!format || !acceptedFormats.has(format) || pixels === 0) return { ok: false, reason: 'not-an-image' }
  if (pixels > maxPixels) return { ok: false, reason: 'too-many-pixels' }
  try {
    // Decoding the whole picture also catches files that are cut short or damaged.
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 88 })
      .toBuffer({ resolveWithObject: true })
    return {
      ok: true,
      image: { body: data, contentType: 'image/webp', extension: 'webp', width: info.width, height: info.height },
    }
  } catch {
    return { ok: false, reason: 'not-an-image' }
  }
}
