import { imageSrc, imageSrcSet, imageWidths, isStoredImage, nearestImageWidth } from '#app/rules/images.ts'

/**
 * `lazy` for pictures below the fold, `eager` for the ones a visitor sees first, `priority` for
 * the one most likely to be the page's largest paint (the first product picture): fetched eagerly
 * and ahead of the page's scripts.
 */
export type ImageLoading = 'lazy' | 'eager' | 'priority'

/**
 * A stored picture in every size the image endpoint renders, as AVIF for the browsers that take it
 * and WebP for the others, through `<picture>` so no script and no `Vary: Accept` is needed
 * (decision 031). `width` and `height` give the frame's aspect ratio so nothing moves when the
 * picture arrives; `sizes` must say how wide the frame is in the layout. A URL or a missing picture
 * is a plain `<img>`.
 * @example <ResponsiveImage source={product.images[0]} alt="" width={640} height={480} sizes="100vw" loading="priority" />
 */
export function ResponsiveImage({
  source,
  alt,
  width,
  height,
  sizes,
  widths = imageWidths,
  loading = 'lazy',
  className,
  ...rest
}: {
  source: string | null | undefined
  alt: string
  width: number
  height: number
  sizes: string
  /** The widths offered; all standard widths unless the frame is small. */
  widths?: readonly number[]
  loading?: ImageLoading
  className?: string
  'data-slot'?: string
}) {
  const image = (
    <img
      {...rest}
      src={imageSrc(source, nearestImageWidth(width))}
      srcSet={imageSrcSet(source, widths, 'webp')}
      sizes={isStoredImage(source) ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={loading === 'priority' ? 'high' : undefined}
      decoding={loading === 'priority' ? undefined : 'async'}
      className={className}
    />
  )
  if (!isStoredImage(source)) return image
  // `contents`: the <picture> box takes no part in the layout, so the <img> sizes itself against
  // its frame as if it stood alone.
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={imageSrcSet(source, widths, 'avif')} sizes={sizes} />
      {image}
    </picture>
  )
}
