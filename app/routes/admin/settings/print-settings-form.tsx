import { useFetcher } from 'react-router'
import { fieldErrorsOf } from '#app/components/forms/field.tsx'
import { type TextFieldSpec, TextFields } from '#app/components/forms/text-fields.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import type { PrintMaterialDto, PrintSettingsDto } from '#app/modules/settings/types.ts'
import type { ActionResult } from '#app/utils/action-result.ts'

/** What the loader sends: the settings module's rows as they are (no dates to serialise). */
type PrintSettingsView = PrintSettingsDto
type PrintMaterialView = PrintMaterialDto

const dollars = (cents: number) => (cents / 100).toFixed(2)

const settingsFields: TextFieldSpec[] = [
  { name: 'ratePerHour', label: 'Printing rate per hour ($)', required: true, inputMode: 'decimal', maxLength: 20 },
  { name: 'setupFee', label: 'Setup fee per order line ($)', required: true, inputMode: 'decimal', maxLength: 20 },
  {
    name: 'minimumPrice',
    label: 'Minimum price per order line ($)',
    required: true,
    inputMode: 'decimal',
    maxLength: 20,
  },
  {
    name: 'wallThicknessMm',
    label: 'Wall thickness (mm)',
    required: true,
    inputMode: 'decimal',
    maxLength: 20,
    hint: 'Solid walls, top and bottom; the inside is printed at the chosen infill.',
  },
  {
    name: 'flowMm3PerSecond',
    label: 'Flow rate at 0.2 mm layers (mm³/s)',
    required: true,
    inputMode: 'decimal',
    maxLength: 20,
    hint: 'Average plastic per second, travel included; it scales with the layer height.',
  },
  { name: 'layerSeconds', label: 'Time per layer (s)', required: true, inputMode: 'decimal', maxLength: 20 },
  {
    name: 'productionDaysMin',
    label: 'Production time from (business days)',
    required: true,
    inputMode: 'numeric',
    maxLength: 7,
  },
  {
    name: 'productionDaysMax',
    label: 'Production time to (business days)',
    required: true,
    inputMode: 'numeric',
    maxLength: 7,
  },
  {
    name: 'farmHoursPerDay',
    label: 'Print hours per day',
    required: true,
    inputMode: 'numeric',
    maxLength: 7,
    hint: 'The farm’s capacity: each full day of queued work adds a day.',
  },
  {
    name: 'batchDiscounts',
    label: 'Batch discounts',
    maxLength: 500,
    placeholder: '10: 10%, 50: 20%',
    hint: 'From a number of parts on, each part costs that much less.',
  },
  { name: 'buildXMm', label: 'Build width (mm)', required: true, inputMode: 'numeric', maxLength: 7 },
  { name: 'buildYMm', label: 'Build depth (mm)', required: true, inputMode: 'numeric', maxLength: 7 },
  { name: 'buildZMm', label: 'Build height (mm)', required: true, inputMode: 'numeric', maxLength: 7 },
  {
    name: 'fileSizeLimitMb',
    label: 'File size limit (MB, up to 50)',
    required: true,
    inputMode: 'numeric',
    maxLength: 7,
  },
]

const materialFields: TextFieldSpec[] = [
  { name: 'name', label: 'Name', required: true, maxLength: 50 },
  { name: 'densityGPerCm3', label: 'Density (g/cm³)', required: true, inputMode: 'decimal', maxLength: 20 },
  { name: 'pricePerGram', label: 'Price per gram ($)', required: true, inputMode: 'decimal', maxLength: 20 },
  { name: 'position', label: 'Position', required: true, inputMode: 'numeric', maxLength: 7 },
  {
    name: 'colours',
    label: 'Colours (one per line)',
    required: true,
    maxLength: 5000,
    rows: 4,
    placeholder: 'Matte Black #2b2f36',
    fieldClassName: 'sm:col-span-2',
  },
]

function settingsValues(settings: PrintSettingsView): Record<string, string> {
  return {
    ratePerHour: dollars(settings.ratePerHourCents),
    setupFee: dollars(settings.setupFeeCents),
    minimumPrice: dollars(settings.minimumPriceCents),
    wallThicknessMm: String(settings.wallThicknessMm),
    flowMm3PerSecond: String(settings.flowMm3PerSecond),
    layerSeconds: String(settings.layerSeconds),
    productionDaysMin: String(settings.productionDaysMin),
    productionDaysMax: String(settings.productionDaysMax),
    farmHoursPerDay: String(settings.farmHoursPerDay),
    batchDiscounts: settings.batchDiscounts.map((tier) => `${tier.quantity}: ${tier.percentOff}%`).join(', '),
    buildXMm: String(settings.buildXMm),
    buildYMm: String(settings.buildYMm),
    buildZMm: String(settings.buildZMm),
    fileSizeLimitMb: String(settings.fileSizeLimitMb),
  }
}

function materialValues(material: PrintMaterialView | null, nextPosition: number): Record<string, string> {
  if (!material) return { name: '', densityGPerCm3: '', pricePerGram: '', position: String(nextPosition), colours: '' }
  return {
    name: material.name,
    densityGPerCm3: String(material.densityGPerCm3),
    // Millicents to dollars: 6000 → '0.06'.
    pricePerGram: String(material.pricePerGramMillicents / 100_000),
    position: String(material.position),
    colours: material.colours.map((colour) => `${colour.name} ${colour.hex}`).join('\n'),
  }
}

function PrintRatesForm({ settings }: { settings: PrintSettingsView }) {
  const fetcher = useFetcher<ActionResult>()
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Print rates">
      <input type="hidden" name="intent" value="save-print-settings" />
      <TextFields
        idPrefix="print"
        fields={settingsFields}
        values={settingsValues(settings)}
        errors={fieldErrorsOf(fetcher.data)}
      />
      <Button type="submit" disabled={busy} className="justify-self-start sm:col-span-2 lg:col-span-3">
        {busy ? <Spinner /> : null} Save print settings
      </Button>
    </fetcher.Form>
  )
}

function PrintMaterialForm({ material, nextPosition }: { material: PrintMaterialView | null; nextPosition: number }) {
  const fetcher = useFetcher<ActionResult>()
  const busy = fetcher.state !== 'idle'
  const idPrefix = `print-material-${material?.id ?? 'new'}`
  const title = material ? material.name : 'New material'
  return (
    <fetcher.Form
      method="post"
      className="grid gap-4 rounded-md border p-4 sm:grid-cols-2"
      aria-label={material ? `Material ${material.name}` : 'New material'}
    >
      <h3 className="font-medium sm:col-span-2">{title}</h3>
      <input type="hidden" name="intent" value="save-print-material" />
      <input type="hidden" name="materialId" value={material?.id ?? ''} />
      <TextFields
        idPrefix={idPrefix}
        fields={materialFields}
        values={materialValues(material, nextPosition)}
        errors={fieldErrorsOf(fetcher.data)}
      />
      <div className="flex items-center gap-2 sm:col-span-2">
        <input
          id={`${idPrefix}-enabled`}
          name="enabled"
          type="checkbox"
          defaultChecked={material?.enabled ?? true}
          className="size-4 accent-primary"
        />
        <label htmlFor={`${idPrefix}-enabled`} className="text-sm">
          Offered in the instant quote
        </label>
      </div>
      <Button type="submit" variant="outline" disabled={busy} className="justify-self-start">
        {busy ? <Spinner /> : null} {material ? 'Save material' : 'Add material'}
      </Button>
    </fetcher.Form>
  )
}

/** The instant quote's rates, print-time model, limits and materials (issue 15, decision 035). */
export function PrintSettingsForm({
  settings,
  materials,
}: {
  settings: PrintSettingsView
  materials: PrintMaterialView[]
}) {
  const nextPosition = materials.reduce((max, material) => Math.max(max, material.position + 1), 0)
  return (
    <Card id="print-settings">
      <CardHeader>
        <CardTitle>3D printing</CardTitle>
        <CardDescription>
          How the instant quote prices an uploaded model: material by weight, print time at the hourly rate, a setup fee
          and a minimum. Changes apply to new quotes only; a saved quote keeps its price until it expires.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <PrintRatesForm settings={settings} />
        <section className="grid gap-4" aria-labelledby="print-materials-title">
          <h3 id="print-materials-title" className="font-semibold">
            Materials
          </h3>
          <div className="grid gap-4 lg:grid-cols-2">
            {materials.map((material) => (
              <PrintMaterialForm key={material.id} material={material} nextPosition={nextPosition} />
            ))}
            <PrintMaterialForm key={`new-${materials.length}`} material={null} nextPosition={nextPosition} />
          </div>
        </section>
      </CardContent>
    </Card>
  )
}
