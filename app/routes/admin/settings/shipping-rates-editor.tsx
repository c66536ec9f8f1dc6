import type * as React from 'react'
import { useRef } from 'react'
import { ConfirmDeleteButton } from '#app/components/admin/confirm-delete.tsx'
import { HiddenFields, useActionForm } from '#app/components/forms/action-form.tsx'
import { describedBy, FieldError, InputField } from '#app/components/forms/field.tsx'
import { SubmitButton } from '#app/components/forms/submit-button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { formatMoney } from '#app/rules/money.ts'
import { countryName } from '#app/rules/order-labels.ts'
import { rateFieldName, type ShippingRate, type ShippingZone } from '#app/rules/shipping.ts'

function ZoneFields({
  zone,
  idPrefix,
  errors,
}: {
  zone: ShippingZone | null
  idPrefix: string
  errors: Record<string, string>
}) {
  return (
    <>
      <InputField
        id={`${idPrefix}-name`}
        label="Zone name"
        fieldClassName="min-w-40 flex-1"
        error={errors.name}
        key={zone?.name}
        name="name"
        maxLength={100}
        autoComplete="off"
        placeholder="e.g. Europe"
        defaultValue={zone?.name}
      />
      <InputField
        id={`${idPrefix}-countries`}
        label="Countries (codes)"
        fieldClassName="min-w-48 flex-[2]"
        error={errors.countries}
        key={zone?.countries.join()}
        name="countries"
        maxLength={2000}
        autoComplete="off"
        placeholder="e.g. DE, FR, IT"
        defaultValue={zone?.countries.join(', ')}
      />
    </>
  )
}

/** A zone's form: edit one (`zone`) or add one; Save sits at the end of the fields' line. */
function ZoneForm({ zone, children }: { zone: ShippingZone | null; children?: React.ReactNode }) {
  const formRef = useRef<HTMLFormElement>(null)
  const { fetcher, busy, errors } = useActionForm({ onOk: zone ? undefined : () => formRef.current?.reset() })
  return (
    <fetcher.Form ref={formRef} method="post" noValidate className="flex min-w-0 flex-1 flex-wrap items-start gap-2">
      <HiddenFields fields={{ intent: 'save-zone', zoneId: zone?.id }} />
      <ZoneFields zone={zone} idPrefix={zone ? `zone-${zone.id}` : 'zone-new'} errors={errors} />
      <SubmitButton
        busy={busy}
        variant={zone ? 'secondary' : 'default'}
        size={zone ? 'sm' : 'default'}
        className="mt-5"
      >
        {children}
      </SubmitButton>
    </fetcher.Form>
  )
}

function ZoneItem({ zone }: { zone: ShippingZone }) {
  return (
    <li className="grid gap-2 py-3">
      <div className="flex flex-wrap items-start gap-2">
        <ZoneForm zone={zone}>
          Save<span className="sr-only"> zone “{zone.name}”</span>
        </ZoneForm>
        <div className="mt-5">
          <ConfirmDeleteButton
            what={`zone “${zone.name}”`}
            title={`Delete “${zone.name}”?`}
            description="Its rates are deleted too; its countries ship at the everywhere-else rates."
            confirmLabel="Delete Zone"
            intent="delete-zone"
            fields={{ zoneId: zone.id }}
          />
        </div>
      </div>
      <p className="text-muted-foreground text-sm">{zone.countries.map(countryName).join(', ')}</p>
    </li>
  )
}

type ShippingRatesProps = {
  zones: ShippingZone[]
  rates: ShippingRate[]
  categories: { id: string; name: string }[]
  defaultCents: number
}

/**
 * The rate of every shipping category in every zone, plus 'everywhere else'; an empty cell
 * charges the default price. Scrolls inside its box on a phone.
 */
function RateGrid({ zones, rates, categories, defaultCents }: ShippingRatesProps) {
  const { fetcher, busy, errors } = useActionForm()
  const columns = [
    ...zones.map((zone) => ({ id: zone.id as string | null, name: zone.name })),
    { id: null, name: 'Everywhere else' },
  ]
  const priceOf = (categoryId: string, zoneId: string | null) => {
    const rate = rates.find((candidate) => candidate.shippingCategoryId === categoryId && candidate.zoneId === zoneId)
    return rate ? (rate.priceCents / 100).toFixed(2) : ''
  }
  if (categories.length === 0) {
    return <p className="text-muted-foreground text-sm">Add a shipping category first.</p>
  }
  return (
    <fetcher.Form method="post" className="grid gap-3">
      <input type="hidden" name="intent" value="save-rates" />
      <div className="relative overflow-x-auto rounded-md border">
        <table className="w-full min-w-max text-sm">
          <caption className="sr-only">Shipping rates by category and zone</caption>
          <thead className="bg-muted/50">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Shipping category
              </th>
              {columns.map((column) => (
                <th key={column.id ?? 'else'} scope="col" className="px-3 py-2 text-left font-medium">
                  {column.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category) => (
              <tr key={category.id} className="border-t">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {category.name}
                </th>
                {columns.map((column) => {
                  const name = rateFieldName(category.id, column.id)
                  const id = `rate-${category.id}-${column.id ?? 'else'}`
                  const error = errors[`rates.${name}`]
                  return (
                    <td key={column.id ?? 'else'} className="px-3 py-2 align-top">
                      <Input
                        {...describedBy(id, { error })}
                        // A saved grid shows the saved prices.
                        key={priceOf(category.id, column.id)}
                        name={name}
                        defaultValue={priceOf(category.id, column.id)}
                        inputMode="decimal"
                        maxLength={9}
                        placeholder={(defaultCents / 100).toFixed(2)}
                        aria-label={`${category.name} to ${column.name} ($)`}
                        className="w-24"
                      />
                      <FieldError id={id} error={error} className="mt-1 w-24 whitespace-normal text-xs" />
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-muted-foreground text-sm">
        Empty cells charge the shipping price of the form above ({formatMoney(defaultCents)}). An order pays the highest
        rate among its items.
      </p>
      <SubmitButton busy={busy} className="justify-self-start">
        Save rates
      </SubmitButton>
    </fetcher.Form>
  )
}

/** Shipping by destination: zones of countries, and a price per shipping category and zone. */
export function ShippingRatesEditor(props: ShippingRatesProps) {
  const { zones } = props
  return (
    <section aria-labelledby="shipping-rates-title">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id="shipping-rates-title">Shipping Rates</h2>
          </CardTitle>
          <CardDescription>
            Group countries into zones, then price each shipping category per zone. The cart shows the rate for the
            country the customer picks, and checkout charges it.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div className="grid gap-2">
            <h3 className="font-semibold">Zones</h3>
            <ZoneForm zone={null}>Add Zone</ZoneForm>
            {zones.length === 0 ? (
              <p className="rounded-md border border-dashed px-4 py-6 text-center text-muted-foreground">
                No zones yet: every country ships at the everywhere-else rates.
              </p>
            ) : (
              <ul className="divide-y" aria-label="Shipping zones">
                {zones.map((zone) => (
                  <ZoneItem key={zone.id} zone={zone} />
                ))}
              </ul>
            )}
          </div>
          <div className="grid gap-2">
            <h3 className="font-semibold">Rates</h3>
            <RateGrid {...props} />
          </div>
        </CardContent>
      </Card>
    </section>
  )
}
