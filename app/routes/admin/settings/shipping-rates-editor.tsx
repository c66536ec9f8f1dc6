import { useRef } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import { formatMoney } from '#app/rules/money.ts'
import { countryName } from '#app/rules/order-labels.ts'
import { rateFieldName, type ShippingRate, type ShippingZone } from '#app/rules/shipping.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { ConfirmDeleteButton } from '../+shared/confirm-delete-button.tsx'

function ZoneFields({ zone, idPrefix }: { zone: ShippingZone | null; idPrefix: string }) {
  return (
    <>
      <div className="grid min-w-40 flex-1 gap-1.5">
        <Label htmlFor={`${idPrefix}-name`}>Zone name</Label>
        <Input
          id={`${idPrefix}-name`}
          key={zone?.name}
          name="name"
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. Europe"
          defaultValue={zone?.name}
        />
      </div>
      <div className="grid min-w-48 flex-[2] gap-1.5">
        <Label htmlFor={`${idPrefix}-countries`}>Countries (codes)</Label>
        <Input
          id={`${idPrefix}-countries`}
          key={zone?.countries.join()}
          name="countries"
          maxLength={2000}
          autoComplete="off"
          placeholder="e.g. DE, FR, IT"
          defaultValue={zone?.countries.join(', ')}
        />
      </div>
    </>
  )
}

function ZoneItem({ zone }: { zone: ShippingZone }) {
  const fetcher = useFetcher<ActionResult>()
  const busy = fetcher.state !== 'idle'
  return (
    <li className="grid gap-2 py-3">
      <div className="flex flex-wrap items-end gap-2">
        <fetcher.Form method="post" className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="save-zone" />
          <input type="hidden" name="zoneId" value={zone.id} />
          <ZoneFields zone={zone} idPrefix={`zone-${zone.id}`} />
          <Button type="submit" variant="secondary" size="sm" disabled={busy}>
            {busy ? <Spinner /> : null}
            Save<span className="sr-only"> zone “{zone.name}”</span>
          </Button>
        </fetcher.Form>
        <ConfirmDeleteButton
          what={`zone “${zone.name}”`}
          title={`Delete “${zone.name}”?`}
          description="Its rates are deleted too; its countries ship at the everywhere-else rates."
          confirmLabel="Delete Zone"
          intent="delete-zone"
          fields={{ zoneId: zone.id }}
        />
      </div>
      <p className="text-muted-foreground text-sm">{zone.countries.map(countryName).join(', ')}</p>
    </li>
  )
}

function AddZone() {
  const fetcher = useFetcher<ActionResult>()
  const formRef = useRef<HTMLFormElement>(null)
  useActionAnswer(fetcher, { onOk: () => formRef.current?.reset() })
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form ref={formRef} method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="save-zone" />
      <ZoneFields zone={null} idPrefix="zone-new" />
      <Button type="submit" disabled={busy}>
        {busy ? <Spinner /> : null}
        Add Zone
      </Button>
    </fetcher.Form>
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
  const fetcher = useFetcher<ActionResult>()
  const busy = fetcher.state !== 'idle'
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
                {columns.map((column) => (
                  <td key={column.id ?? 'else'} className="px-3 py-2">
                    <Input
                      // A saved grid shows the saved prices.
                      key={priceOf(category.id, column.id)}
                      name={rateFieldName(category.id, column.id)}
                      defaultValue={priceOf(category.id, column.id)}
                      inputMode="decimal"
                      maxLength={9}
                      placeholder={(defaultCents / 100).toFixed(2)}
                      aria-label={`${category.name} to ${column.name} ($)`}
                      className="w-24"
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-muted-foreground text-sm">
        Empty cells charge the shipping price of the form above ({formatMoney(defaultCents)}). An order pays the highest
        rate among its items.
      </p>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? <Spinner /> : null}
        Save rates
      </Button>
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
            <AddZone />
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
