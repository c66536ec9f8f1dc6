import { ImageIcon } from 'lucide-react'
import type { ContentImage as ContentImageData } from '#app/modules/content/types.ts'
import { cn } from '#app/utils/misc.ts'
import { ResponsiveImage } from './responsive-image.tsx'

const ratios = {
  standard: { className: 'aspect-[4/3]', width: 1200, height: 900 },
  wide: { className: 'aspect-[16/9]', width: 1200, height: 675 },
}

export function ContentImage({
  image,
  sizes,
  ratio = 'wide',
  priority = false,
  className,
}: {
  image: ContentImageData
  sizes: string
  ratio?: keyof typeof ratios
  priority?: boolean
  className?: string
}) {
  const frame = ratios[ratio]
  if (image.kind === 'description') {
    return (
      <figure
        data-slot="content-image"
        className={cn(
          'flex w-full flex-col items-center justify-center gap-3 rounded-xl border bg-muted p-6 text-center',
          frame.className,
          className,
        )}
      >
        <ImageIcon aria-hidden className="size-8 text-muted-foreground" />
        <figcaption className="max-w-sm text-muted-foreground text-sm">{image.text}</figcaption>
      </figure>
    )
  }
  return (
    <ResponsiveImage
      data-slot="content-image"
      source={image.source}
      alt={image.alt}
      width={frame.width}
      height={frame.height}
      sizes={sizes}
      loading={priority ? 'priority' : 'lazy'}
      className={cn('w-full rounded-xl border bg-muted object-cover', frame.className, className)}
    />
  )
}
