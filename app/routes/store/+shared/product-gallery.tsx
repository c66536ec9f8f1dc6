import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { imageSrc, imageSrcSet } from '#app/rules/images.ts'
import { cn } from '#app/utils/misc.ts'

export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const [index, setIndex] = useState(0)
  const count = Math.max(1, images.length)
  const current = images[index] ?? null
  return (
    <div className="flex flex-col gap-3">
      <div className="relative aspect-[4/3] overflow-hidden rounded-xl border bg-muted">
        <img
          src={imageSrc(current, 960)}
          srcSet={imageSrcSet(current)}
          sizes="(min-width: 1024px) 600px, 100vw"
          alt={images.length > 1 ? `${title}, image ${index + 1} of ${images.length}` : title}
          width={960}
          height={720}
          loading="eager"
          fetchPriority="high"
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
                <img src={imageSrc(key, 160)} alt="" width={160} height={120} loading="lazy" className="aspect-[4/3]" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
