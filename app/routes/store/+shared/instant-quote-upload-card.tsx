import { UploadIcon } from 'lucide-react'
import { describedBy, Field } from '#app/components/forms/field.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'

/** The file field of the quote page, with the shop's limits and what became of the upload. */
export function QuoteUploadCard({
  fileLimitMb,
  buildVolume,
  uploading,
  error,
  hasModel,
  onChoose,
}: {
  fileLimitMb: number
  buildVolume: { x: number; y: number; z: number }
  uploading: boolean
  error: string | undefined
  hasModel: boolean
  onChoose: (file: File | undefined) => void
}) {
  return (
    <Card className="mx-auto max-w-3xl">
      <CardHeader>
        <CardTitle>Your model</CardTitle>
        <CardDescription>
          STL, 3MF or OBJ, up to {fileLimitMb} MB. Our printer builds parts up to {buildVolume.x} × {buildVolume.y} ×{' '}
          {buildVolume.z} mm.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Field id="quote-file" label="3D model file">
          <Input
            {...describedBy('quote-file', { error })}
            type="file"
            name="file"
            accept=".stl,.3mf,.obj,model/stl,model/3mf,model/obj"
            disabled={uploading}
            onChange={(event) => onChoose(event.currentTarget.files?.[0])}
          />
        </Field>
        {uploading ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
            <Spinner /> Reading your model…
          </p>
        ) : null}
        {error !== undefined ? (
          <p id="quote-file-error" role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
        {!hasModel && !uploading ? (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <UploadIcon aria-hidden className="size-4" /> Your file stays private: only you and the shop can see it.
          </p>
        ) : null}
      </CardContent>
    </Card>
  )
}
