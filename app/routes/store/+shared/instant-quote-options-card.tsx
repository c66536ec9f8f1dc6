import { describedBy, Field } from '#app/components/forms/field.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { INFILL_CHOICES, MAX_QUOTE_QUANTITY, quoteUnits } from '#app/modules/instant-quote/quote-choices.ts'
import { printQualities } from '#app/rules/print-quote.ts'
import type { QuoteMaterial, QuoteOptions } from './instant-quote-state.ts'

/** Material, colour, quality, infill, quantity and the model's units, with the server's word on each. */
export function QuoteOptionsCard({
  materials,
  material,
  options,
  errors,
  onMaterial,
  onOption,
}: {
  materials: QuoteMaterial[]
  material: QuoteMaterial | undefined
  options: QuoteOptions
  errors: Record<string, string>
  onMaterial: (id: string) => void
  onOption: (name: keyof QuoteOptions, value: string) => void
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 id="quote-options-heading">Print options</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Field id="quote-material" label="Material" error={errors.materialId}>
          <NativeSelect
            {...describedBy('quote-material', { error: errors.materialId })}
            value={options.materialId}
            onChange={(event) => onMaterial(event.currentTarget.value)}
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
                  onChange={() => onOption('colour', colour.name)}
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
          {errors.colour ? <p className="text-destructive text-sm">{errors.colour}</p> : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="quote-quality" label="Quality" error={errors.quality}>
            <NativeSelect
              {...describedBy('quote-quality', { error: errors.quality })}
              value={options.quality}
              onChange={(event) => onOption('quality', event.currentTarget.value)}
              options={printQualities.map((quality) => ({ value: quality.id, label: quality.label }))}
            />
          </Field>
          <Field id="quote-infill" label="Infill" error={errors.infill}>
            <NativeSelect
              {...describedBy('quote-infill', { error: errors.infill })}
              value={options.infill}
              onChange={(event) => onOption('infill', event.currentTarget.value)}
              options={INFILL_CHOICES.map((percent) => ({ value: String(percent), label: `${percent} %` }))}
            />
          </Field>
          <Field id="quote-quantity" label="Quantity" error={errors.quantity}>
            <Input
              {...describedBy('quote-quantity', { error: errors.quantity })}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_QUOTE_QUANTITY}
              value={options.quantity}
              onChange={(event) => onOption('quantity', event.currentTarget.value)}
            />
          </Field>
          <Field id="quote-units" label="Model units" error={errors.units}>
            <NativeSelect
              {...describedBy('quote-units', { error: errors.units })}
              value={options.units}
              onChange={(event) => onOption('units', event.currentTarget.value)}
              options={quoteUnits.map((unit) => ({ value: unit.id, label: unit.label }))}
            />
          </Field>
        </div>
      </CardContent>
    </Card>
  )
}
