import { AlertTriangleIcon, UploadIcon } from 'lucide-react'
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { describedBy, Field, fieldErrorsOf } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { INFILL_CHOICES, MAX_QUOTE_QUANTITY, quoteUnits } from '#app/modules/instant-quote/quote-choices.ts'
import type { Size3 } from '#app/modules/instant-quote/types.ts'
import { getPrintQuoteSettings } from '#app/modules/settings/index.server.ts'
import { formatMoney } from '#app/rules/money.ts'
import { printQualities } from '#app/rules/print-quote.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import type { action as uploadAction } from '../resources/quote-models.ts'
import type { action as priceAction } from '../resources/quote-price.ts'
import { AskShopForm, SaveQuoteAction } from './+shared/instant-quote-actions.tsx'
import { PageHeader } from './+shared/page-header.tsx'
import type { Route } from './+types/instant-quote.ts'

// three is loaded only here, and only once a model is chosen (issue 15, item 2).
const ModelViewer = lazy(() => import('#app/components/instant-quote/model-viewer.client.tsx'))

export function meta() {
  return pageMeta({
    title: 'Instant 3D-Print Quote · LayerWorks 3D',
    description:
      'Upload an STL, 3MF or OBJ model, see it in 3D and get a price for printing it in PLA, ASA, PETG or TPU in seconds.',
  })
}

export async function loader({ request }: Route.LoaderArgs) {
  const [{ settings, materials }, viewer] = await Promise.all([getPrintQuoteSettings(), getViewer(request)])
  return {
    contact: viewer ? { name: viewer.name, email: viewer.email } : null,
    materials: materials
      .filter((material) => material.enabled && material.colours.length > 0)
      .map(({ id, name, colours }) => ({ id, name, colours })),
    buildVolume: { x: settings.buildXMm, y: settings.buildYMm, z: settings.buildZMm },
    fileLimitMb: settings.fileSizeLimitMb,
  }
}

type Options = {
  materialId: string
  colour: string
  quality: string
  infill: string
  quantity: string
  units: string
}

const MM_PER_INCH = 25.4
const PRICE_DELAY_MS = 250

function dimensions(size: Size3, unit: 'mm' | 'in'): string {
  const lengths = [size.x, size.y, size.z]
  if (unit === 'mm') return `${lengths.map((length) => trimmed(length, 1)).join(' × ')} mm`
  return `${lengths.map((length) => trimmed(length / MM_PER_INCH, 2)).join(' × ')} in`
}

const trimmed = (value: number, digits: number) => String(Number(value.toFixed(digits)))

export default function InstantQuote({ loaderData }: Route.ComponentProps) {
  const { materials, buildVolume, fileLimitMb, contact } = loaderData
  const upload = useFetcher<typeof uploadAction>()
  const pricing = useFetcher<typeof priceAction>()
  const [chosen, setChosen] = useState<File | null>(null)
  const [shownUnit, setShownUnit] = useState<'mm' | 'in'>('mm')
  const firstMaterial = materials[0]
  const [options, setOptions] = useState<Options>({
    materialId: firstMaterial?.id ?? '',
    colour: firstMaterial?.colours[0]?.name ?? '',
    quality: 'standard',
    infill: '20',
    quantity: '1',
    units: 'mm',
  })
  const uploading = upload.state !== 'idle'
  const answer = uploading ? undefined : upload.data
  const model = answer?.ok ? answer.model : null
  const material = materials.find((candidate) => candidate.id === options.materialId)
  const colourHex = material?.colours.find((colour) => colour.name === options.colour)?.hex ?? '#9ca3af'

  // The price follows every change, asked a moment after the last one.
  const modelId = model?.id
  const { submit: submitPricing } = pricing
  useEffect(() => {
    if (!modelId) return
    const timer = setTimeout(() => {
      void submitPricing({ modelId, ...options }, { method: 'post', action: '/instant-quote/price' })
    }, PRICE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [modelId, options, submitPricing])

  const setOption = (name: keyof Options, value: string) => setOptions((current) => ({ ...current, [name]: value }))
  const chooseMaterial = (id: string) => {
    const next = materials.find((candidate) => candidate.id === id)
    setOptions((current) => ({ ...current, materialId: id, colour: next?.colours[0]?.name ?? '' }))
  }

  const chooseFile = (file: File | undefined) => {
    if (!file) return
    setChosen(file)
    const form = new FormData()
    form.append('file', file)
    void upload.submit(form, { method: 'post', action: '/instant-quote/models', encType: 'multipart/form-data' })
  }

  // An answer about an earlier model is not shown for this one.
  const priced = pricing.data && (!pricing.data.ok || pricing.data.modelId === model?.id) ? pricing.data : undefined
  const priceErrors = fieldErrorsOf(priced)
  const size = priced?.ok ? priced.size : model?.measures.size
  const warnings = priced?.ok ? priced.warnings : (model?.warnings ?? [])

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10">
      <PageHeader
        title="Instant 3D-Print Quote"
        lead="Upload your model, see it in 3D, choose a material and get a price in seconds."
      />

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
              {...describedBy('quote-file', { error: answer && !answer.ok ? answer.message : undefined })}
              type="file"
              name="file"
              accept=".stl,.3mf,.obj,model/stl,model/3mf,model/obj"
              disabled={uploading}
              onChange={(event) => chooseFile(event.currentTarget.files?.[0])}
            />
          </Field>
          {uploading ? (
            <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
              <Spinner /> Reading your model…
            </p>
          ) : null}
          {answer && !answer.ok ? (
            <p id="quote-file-error" role="alert" className="text-destructive text-sm">
              {answer.message}
            </p>
          ) : null}
          {!model && !uploading ? (
            <p className="flex items-center gap-2 text-muted-foreground text-sm">
              <UploadIcon aria-hidden className="size-4" /> Your file stays private: only you and the shop can see it.
            </p>
          ) : null}
        </CardContent>
      </Card>

      {model && chosen ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section aria-labelledby="quote-view-heading" className="space-y-3" data-model-id={model.id}>
            <h2 id="quote-view-heading" className="sr-only">
              3D view
            </h2>
            <Suspense
              fallback={
                <div className="grid aspect-square w-full place-items-center rounded-lg border bg-muted sm:aspect-[4/3]">
                  <Spinner />
                </div>
              }
            >
              <ModelViewer file={chosen} format={model.measures.format} colour={colourHex} />
            </Suspense>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm">
                <span className="text-muted-foreground">{model.fileName}: </span>
                <span className="font-medium" data-testid="model-dimensions">
                  {size ? dimensions(size, shownUnit) : ''}
                </span>
              </p>
              <UnitToggle value={shownUnit} onChange={setShownUnit} />
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

          <section aria-labelledby="quote-options-heading" className="space-y-6">
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2 id="quote-options-heading">Print options</h2>
                </CardTitle>
              </CardHeader>
              <CardContent className="grid gap-4">
                <Field id="quote-material" label="Material" error={priceErrors.materialId}>
                  <NativeSelect
                    {...describedBy('quote-material', { error: priceErrors.materialId })}
                    value={options.materialId}
                    onChange={(event) => chooseMaterial(event.currentTarget.value)}
                    options={materials.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
                  />
                </Field>
                <fieldset className="grid gap-1.5">
                  <legend className="mb-1.5 font-medium text-sm">
                    Colour: <span className="font-normal text-muted-foreground">{options.colour}</span>
                  </legend>
                  <div className="flex flex-wrap gap-2">
                    {material?.colours.map((colour) => (
                      <label
                        key={colour.name}
                        title={colour.name}
                        className="size-9 cursor-pointer rounded-full border-2 border-transparent p-0.5 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                      >
                        <input
                          type="radio"
                          name="colour"
                          value={colour.name}
                          checked={options.colour === colour.name}
                          onChange={() => setOption('colour', colour.name)}
                          className="sr-only"
                          aria-label={colour.name}
                        />
                        <span
                          aria-hidden
                          className="block size-full rounded-full border"
                          style={{ backgroundColor: colour.hex }}
                        />
                      </label>
                    ))}
                  </div>
                  {priceErrors.colour ? <p className="text-destructive text-sm">{priceErrors.colour}</p> : null}
                </fieldset>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field id="quote-quality" label="Quality" error={priceErrors.quality}>
                    <NativeSelect
                      {...describedBy('quote-quality', { error: priceErrors.quality })}
                      value={options.quality}
                      onChange={(event) => setOption('quality', event.currentTarget.value)}
                      options={printQualities.map((quality) => ({ value: quality.id, label: quality.label }))}
                    />
                  </Field>
                  <Field id="quote-infill" label="Infill" error={priceErrors.infill}>
                    <NativeSelect
                      {...describedBy('quote-infill', { error: priceErrors.infill })}
                      value={options.infill}
                      onChange={(event) => setOption('infill', event.currentTarget.value)}
                      options={INFILL_CHOICES.map((percent) => ({ value: String(percent), label: `${percent} %` }))}
                    />
                  </Field>
                  <Field id="quote-quantity" label="Quantity" error={priceErrors.quantity}>
                    <Input
                      {...describedBy('quote-quantity', { error: priceErrors.quantity })}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={MAX_QUOTE_QUANTITY}
                      value={options.quantity}
                      onChange={(event) => setOption('quantity', event.currentTarget.value)}
                    />
                  </Field>
                  <Field id="quote-units" label="Model units" error={priceErrors.units}>
                    <NativeSelect
                      {...describedBy('quote-units', { error: priceErrors.units })}
                      value={options.units}
                      onChange={(event) => setOption('units', event.currentTarget.value)}
                      options={quoteUnits.map((unit) => ({ value: unit.id, label: unit.label }))}
                    />
                  </Field>
                </div>
              </CardContent>
            </Card>
            <PriceCard answer={priced} busy={pricing.state !== 'idle'} />
            <SaveQuoteAction
              selection={{ modelId: model.id, ...options }}
              signedIn={contact !== null}
              priced={Boolean(priced?.ok && priced.price) && pricing.state === 'idle'}
            />
            <AskShopForm
              selection={{ modelId: model.id, ...options }}
              contact={contact}
              flagged={warnings.length > 0 || Boolean(priced?.ok && !priced.price)}
            />
          </section>
        </div>
      ) : null}

      <p className="text-center text-muted-foreground text-sm">
        Need design help, scanning or something we cannot print?{' '}
        <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
          Contact us
        </Link>
        .
      </p>
    </div>
  )
}

function UnitToggle({ value, onChange }: { value: 'mm' | 'in'; onChange: (unit: 'mm' | 'in') => void }) {
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

type PriceAnswer = ReturnType<typeof useFetcher<typeof priceAction>>['data']

function PriceCard({ answer, busy }: { answer: PriceAnswer; busy: boolean }) {
  const rows = useMemo(() => {
    if (!answer?.ok || !answer.price) return null
    const { price } = answer
    return [
      ['Unit price', formatMoney(price.unitPriceCents)],
      [`Total for ${price.quantity}`, formatMoney(price.lineTotalCents)],
      ['Material per part', `${price.gramsPerPart.toFixed(2)} g`],
      ['Print time per part', `${price.printHoursPerPart.toFixed(2)} h`],
      ['Production time', `${price.productionDays.min}–${price.productionDays.max} business days`],
    ] as const
  }, [answer])
  return (
    <Card aria-busy={busy}>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">Your price {busy ? <Spinner /> : null}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!answer ? <p className="text-muted-foreground text-sm">Working out your price…</p> : null}
        {answer && !answer.ok ? (
          <p role="alert" className="text-destructive text-sm">
            {answer.message}
          </p>
        ) : null}
        {answer?.ok && !answer.price ? (
          <p role="alert" className="text-destructive text-sm">
            {answer.message}
          </p>
        ) : null}
        {rows ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="quote-price">
            {rows.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="text-right font-medium tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {answer?.ok && answer.price?.minimumApplied ? (
          <p className="mt-3 text-muted-foreground text-xs">Includes our minimum order price.</p>
        ) : null}
        {answer?.ok && answer.price && answer.price.batchPercentOff > 0 ? (
          <p className="mt-3 text-muted-foreground text-xs">
            Includes a {answer.price.batchPercentOff} % quantity discount.
          </p>
        ) : null}
      </CardContent>
    </Card>
  )
}
