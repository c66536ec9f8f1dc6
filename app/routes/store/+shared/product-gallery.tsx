import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { useState } from 'react'
import { ResponsiveImage } from '#app/components/content/responsive-image.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/misc.ts'

// Thumbnails are 5rem wide: 160 pixels are enough up to two device pixels per CSS pixel, 320 above.
const thumbnailWidths = [160, 320]

export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const [index, setIndex] = useState(0)
  const count = Math.max(1, images.length)
  const current = images[index] ?? null
  return (
    <div className="flex flex-col gap-3">
      <div className="relative aspect-[4/3] overflow-hidden rounded-xl border bg-muted">
        <ResponsiveImage
          source={current}
          alt={images.length > 1 ? `${title}, image ${index + 1} of ${images.length}` : title}
          width={960}
          height={720}
          // Half the 80rem page beside the details on wide screens; the width less margins on phones.
          sizes="(min-width: 1280px) 600px, (min-width: 1024px) calc((100vw - 5rem) / 2), calc(100vw - 2rem)"
          loading="priority"
          className="size-full object-cover"
        />
        {images.length > 1 ? (
          <>
            <Button
              type="button"
              variant="secondary"
              size="icon"
              aria-label="Previous image"
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full opacity-90"
              onClick={() => setIndex((index - 1 + count) % count)}
            >
              <ChevronLeftIcon aria-hidden />
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="icon"
              aria-label="Next image"
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full opacity-90"
              onClick={() => setIndex((index + 1) % count)}
            >
              <ChevronRightIcon aria-hidden />
            </Button>
          </>
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto">
          {images.map((key, i) => (
            <li key={key}>
              <button
                type="button"
                aria-label={`Show image ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
                className={cn(
                  'block w-20 overflow-hidden rounded-md border-2',
                  i === index ? 'border-primary' : 'border-transparent',
                )}
              >
                <ResponsiveImage
                  source={key}
                  alt=""
                  width={160}
                  height={120}
                  sizes="80px"
                  widths={thumbnailWidths}
                  className="aspect-[4/3]"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
