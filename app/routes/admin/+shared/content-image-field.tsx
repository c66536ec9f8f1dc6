import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'

// CONTENT_IMAGE_MAX of the content module, repeated so that the module stays out of the page's JavaScript.
const IMAGE_MAX = 500

/** An image of editable content: a web address, a storage key or a description of the picture. */
export function ContentImageField({ id, name, defaultValue }: { id: string; name: string; defaultValue?: string }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Image (optional)</Label>
      <Input
        id={id}
        name={name}
        maxLength={IMAGE_MAX}
        autoComplete="off"
        defaultValue={defaultValue}
        aria-describedby={`${id}-hint`}
        placeholder="https://… or a description of the picture"
      />
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        A web address or a storage key shows the picture; any other text is shown as a description of it.
      </p>
      <Label htmlFor={`${id}-file`} className="mt-2">
        Or upload a picture
      </Label>
      <Input
        id={`${id}-file`}
        name={`${name}File`}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={`${id}-file-hint`}
      />
      <p id={`${id}-file-hint`} className="text-muted-foreground text-xs">
        JPEG, PNG or WebP up to 10 MB; it is stored as a web picture and replaces the image above.
      </p>
    </div>
  )
}

export function Required() {
  return (
    <span aria-hidden className="text-destructive">
      *
    </span>
  )
}
