/**
 * Widths the image endpoint renders; anything else is rounded up to the next one. 800 is there for
 * phones: a full-width picture on a 412-pixel screen at 1.75 device pixels per CSS pixel needs 665.
 */
export const imageWidths = [160, 320, 480, 640, 800, 960, 1200] as const

/** The formats the endpoint encodes: AVIF where the browser takes it (`<source>`), WebP otherwise. */
export const imageFormats = ['avif', 'webp'] as const
export type ImageFormat = (typeof imageFormats)[number]

export const placeholderImage = '/placeholder-product.svg'

// A stored picture's file name ends in the first 16 hex digits of the SHA-256 of its bytes
// (`products/<id>/1.3f9a0c12d4e5b6a7.webp`), so its URL changes whenever the picture does.
const versionPattern = /\.([0-9a-f]{16})\.[a-z0-9]+$/

/**
 * The content version a storage key's file name claims, or null for a key named before versions
 * (`products/<id>/1.webp`). The image endpoint checks the claim against the bytes.
 * @example imageVersionOf('products/abc/1.3f9a0c12d4e5b6a7.webp') // '3f9a0c12d4e5b6a7'
 */
export function imageVersionOf(key: string): string | null {
  return versionPattern.exec(key)?.[1] ?? null
}

/** True for a storage key; false for an absolute URL or a file of the site (`/placeholder…`). */
export function isStoredImage(key: string | null | undefined): key is string {
  return Boolean(key) && !/^https?:\/\//.test(key as string) && !(key as string).startsWith('/')
}

/**
 * The URL of a stored image at a given width and format (WebP unless told).
 * @example imageSrc('products/abc/1.3f9a0c12d4e5b6a7.webp', 640, 'avif') // '/images/products/abc/1.3f9a0c12d4e5b6a7.webp?w=640&f=avif'
 */
export function imageSrc(key: string | null | undefined, width: number, format: ImageFormat = 'webp'): string {
  if (!key) return placeholderImage
  if (!isStoredImage(key)) return key
  return `/images/${key}?w=${width}${format === 'webp' ? '' : `&f=${format}`}`
}

/** A `srcset` for responsive images in one format; the browser picks the width it needs. */
export function imageSrcSet(
  key: string | null | undefined,
  widths: readonly number[] = imageWidths,
  format: ImageFormat = 'webp',
): string | undefined {
  if (!isStoredImage(key)) return undefined
  return widths.map((width) => `${imageSrc(key, width, format)} ${width}w`).join(', ')
}

export function nearestImageWidth(requested: number): number {
  return imageWidths.find((width) => width >= requested) ?? imageWidths[imageWidths.length - 1]
}
