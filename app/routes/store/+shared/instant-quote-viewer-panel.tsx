import { AlertTriangleIcon } from 'lucide-react'
import { lazy, Suspense, useId } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import type { ModelFormat, Size3 } from '#app/modules/instant-quote/types.ts'

// three is loaded only here, and only once a model is chosen (issue 15, item 2).
const ModelViewer = lazy(() => import('#app/components/instant-quote/model-viewer.client.tsx'))

const MM_PER_INCH = 25.4

/** The unit the model's dimensions are shown in (the choice outlives a new upload). */
export type LengthUnit = 'mm' | 'in'

function dimensions(size: Size3, unit: LengthUnit): string {
  const lengths = [size.x, size.y, size.z]
  if (unit === 'mm') return `${lengths.map((length) => trimmed(length, 1)).join(' × ')} mm`
  return `${lengths.map((length) => trimmed(length / MM_PER_INCH, 2)).join(' × ')} in`
}

const trimmed = (value: number, digits: number) => String(Number(value.toFixed(digits)))

/** The chosen model in 3D in its colour, its size in mm or inches and what may keep it from printing well. */
export function QuoteViewerPanel({
  modelId,
  fileName,
  file,
  format,
  colourHex,
  size,
  warnings,
  shownUnit,
  onUnitChange,
}: {
  modelId: string
  fileName: string
  /** The model's bytes: the customer's own file, or the stored one fetched again (null until it comes). */
  file: File | null
  format: ModelFormat
  colourHex: string
  size: Size3 | undefined
  warnings: string[]
  shownUnit: LengthUnit
  onUnitChange: (unit: LengthUnit) => void
}) {
  return (
    <section aria-labelledby="quote-view-heading" className="space-y-3" data-model-id={modelId}>
      <h2 id="quote-view-heading" className="sr-only">
        3D view
      </h2>
      <Suspense fallback={<ViewerPlaceholder />}>
        {file ? <ModelViewer file={file} format={format} colour={colourHex} /> : <ViewerPlaceholder />}
      </Suspense>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 break-words text-sm">
          <span className="text-muted-foreground">{fileName}: </span>
          <span className="font-medium" data-testid="model-dimensions">
            {size ? dimensions(size, shownUnit) : ''}
          </span>
        </p>
        <UnitToggle value={shownUnit} onChange={onUnitChange} />
      </div>
      {warnings.length > 0 ? (
        <ul className="space-y-1">
          {warnings.map((warning) => (
            <li
              key={warning}
              className="flex items-center gap-2 rounded-md bg-amber-50 p-2 text-amber-900 text-sm dark:bg-amber-950 dark:text-amber-100"
            >
              <AlertTriangleIcon aria-hidden className="size-4 shrink-0" /> {warning}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function ViewerPlaceholder() {
  return (
    <div className="grid aspect-square w-full place-items-center rounded-lg border bg-muted sm:aspect-[4/3]">
      <Spinner />
    </div>
  )
}

function UnitToggle({ value, onChange }: { value: LengthUnit; onChange: (unit: LengthUnit) => void }) {
  const id = useId()
  return (
    <fieldset className="flex items-center gap-2 text-sm" aria-describedby={id}>
      <legend id={id} className="sr-only">
        Show dimensions in
      </legend>
      {(['mm', 'in'] as const).map((unit) => (
        <Button
          key={unit}
          type="button"
          size="sm"
          variant={value === unit ? 'default' : 'outline'}
          aria-pressed={value === unit}
          onClick={() => onChange(unit)}
        >
          {unit === 'mm' ? 'mm' : 'inches'}
        </Button>
      ))}
    </fieldset>
  )
}
