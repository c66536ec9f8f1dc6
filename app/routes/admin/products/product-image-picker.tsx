import { ImageOffIcon } from 'lucide-react'
import { useState } from 'react'
import { describedBy, Field } from '#app/components/forms/field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { formatFileSize, PRODUCT_IMAGE_TYPES } from '#app/rules/product-form.ts'

/** `preview` is undefined while the thumbnail is made, null when the file is not a picture. */
type Picked = { key: string; name: string; size: number; preview?: string | null }

/**
 * A small thumbnail as a data URL, or null when the browser cannot read the file as a picture.
 * (The server checks every file again; this is only what the admin sees before sending.)
 */
async function thumbnail(file: File): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file, { resizeWidth: 240, resizeQuality: 'medium' })
    const canvas = document.createElement('canvas')
    canvas.width = bitmap.width
    canvas.height = bitmap.height
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0)
    bitmap.close()
    return canvas.toDataURL('image/jpeg', 0.8)
  } catch {
    return null
  }
}

/** Several pictures picked at once, shown as thumbnails in upload order (the first is the cover). */
export function ProductImagePicker({
  id,
  hint,
  error,
  onPick,
}: {
  id: string
  hint: string
  error?: string
  onPick: () => void
}) {
  const [picked, setPicked] = useState<Picked[]>([])
  return (
    <Field id={id} label="Images" hint={hint} error={error}>
      <Input
        {...describedBy(id, { error, hint: true })}
        type="file"
        name="images"
        multiple
        accept={PRODUCT_IMAGE_TYPES.join(',')}
        className="h-auto py-1.5"
        onChange={async (event) => {
          const files = Array.from(event.currentTarget.files ?? [])
          onPick()
          const stamp = Date.now()
          const entries = files.map((file, index) => ({
            key: `${stamp}-${index}`,
            name: file.name,
            size: file.size,
          }))
          setPicked(entries)
          const previews = await Promise.all(files.map(thumbnail))
          setPicked((current) =>
            current[0]?.key === entries[0]?.key
              ? current.map((entry, index) => ({ ...entry, preview: previews[index] }))
              : current,
          )
        }}
      />
      {picked.length > 0 ? (
        <ul aria-label="Chosen images" className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {picked.map((file, index) => (
            <li key={file.key} className="overflow-hidden rounded-md border text-xs">
              {file.preview ? (
                <img src={file.preview} alt="" className="aspect-[4/3] w-full bg-muted object-cover" />
              ) : (
                <div className="flex aspect-[4/3] items-center justify-center bg-muted text-muted-foreground">
                  {file.preview === null ? <ImageOffIcon aria-hidden className="size-6" /> : null}
                </div>
              )}
              <p className="truncate px-2 pt-1 font-medium" title={file.name}>
                {index === 0 ? 'Cover: ' : ''}
                {file.name}
              </p>
              <p className="px-2 pb-1 text-muted-foreground">{formatFileSize(file.size)}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </Field>
  )
}
