import { Undo2Icon } from 'lucide-react'
import { useState } from 'react'
import { ReorderButtons } from '#app/components/admin/reorder-buttons.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { imageSrc } from '#app/rules/images.ts'

/**
 * The pictures a product has, to keep, reorder or remove; each kept one posts a `keepImage` field,
 * in order (the first is the cover). New uploads are added after them.
 */
export function ProductExistingImages({ images, title }: { images: string[]; title: string }) {
  const [kept, setKept] = useState(images)
  const removed = images.filter((key) => !kept.includes(key))
  if (images.length === 0) return null
  return (
    <div className="grid gap-2">
      <p className="font-medium text-sm">Current images</p>
      {kept.length === 0 ? (
        <p className="text-muted-foreground text-sm">All current images will be removed.</p>
      ) : (
        <ul aria-label="Current images" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {kept.map((key, index) => (
            <li key={key} className="overflow-hidden rounded-md border text-xs">
              <input type="hidden" name="keepImage" value={key} />
              <img
                src={imageSrc(key, 320)}
                alt={`${title}, ${index + 1} of ${kept.length}`}
                className="aspect-[4/3] w-full bg-muted object-cover"
              />
              <div className="flex items-center justify-between gap-1 p-1">
                <span className="px-1 font-medium">{index === 0 ? 'Cover' : `Image ${index + 1}`}</span>
                <span className="flex">
                  <ReorderButtons
                    what="image"
                    items={kept}
                    index={index}
                    direction="horizontal"
                    onChange={setKept}
                    className="size-7"
                  />
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {removed.length > 0 ? (
        <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
          {removed.length === 1 ? '1 image' : `${removed.length} images`} will be removed when you save.
          <Button type="button" variant="outline" size="sm" onClick={() => setKept(images)}>
            <Undo2Icon aria-hidden /> Keep All
          </Button>
        </p>
      ) : null}
    </div>
  )
}
