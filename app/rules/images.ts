/** Widths the image endpoint renders; anything else is rounded up to the next one. */
export const imageWidths = [160, 320, 480, 640, 960, 1200] as const

export const placeholderImage = '/placeholder-product.svg'

/** The URL of a stored image at a given width, in a modern format (WebP). */
export function imageSrc(key: string | null | undefined, width: number): string {
  if (!key) return placeholderImage
  if (/^https?:\/\//.test(key) || key.startsWith('/')) return key
  return `/images/${key}?w=${width}`
}

/** A `srcset` for responsive images; the browser picks the width it needs. */
export function imageSrcSet(
  key: string | null | undefined,
  widths: readonly number[] = imageWidths,
): string | undefined {
  if (!key || /^https?:\/\//.test(key) || key.startsWith('/')) return undefined
  return widths.map((width) => `${imageSrc(key, width)} ${width}w`).join(', ')
}

export function nearestImageWidth(requested: number): number {
  return imageWidths.find((width) => width >= requested) ?? imageWidths[imageWidths.length - 1]
}
