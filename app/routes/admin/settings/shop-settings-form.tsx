import { useFetcher } from 'react-router'
import { describedBy, Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import type { ActionResult } from '#app/utils/action-result.ts'

export type ShopSettingsView = {
  legalName: string
  address: string
  email: string
  taxId: string
  paidOrderStatus: 'processing' | 'shipped' | 'delivered'
  defaultShippingCents: number
  shippingCountries: string[]
}

/** The shop's details (printed on invoices) and its order rules. */
export function ShopSettingsForm({ settings }: { settings: ShopSettingsView }) {
  const fetcher = useFetcher<ActionResult>()
  const busy = fetcher.state !== 'idle'
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {}
  const field = (id: string, name: keyof typeof errors & string) => ({
    ...describedBy(id, { error: errors[name] }),
    name,
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle>Shop and orders</CardTitle>
        <CardDescription>Your details on every invoice, and how paid orders and shipping work.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="save-shop" />
          <Field id="shop-legal-name" label="Legal name" error={errors.legalName}>
            <Input {...field('shop-legal-name', 'legalName')} maxLength={200} defaultValue={settings.legalName} />
          </Field>
          <Field id="shop-email" label="E-mail" error={errors.email}>
            <Input {...field('shop-email', 'email')} type="email" maxLength={200} defaultValue={settings.email} />
          </Field>
          <div className="sm:col-span-2">
            <Field id="shop-address" label="Address" error={errors.address}>
              <Textarea
                {...field('shop-address', 'address')}
                rows={3}
                maxLength={1000}
                defaultValue={settings.address}
              />
            </Field>
          </div>
          <Field id="shop-tax-id" label="Tax ID" error={errors.taxId}>
            <Input {...field('shop-tax-id', 'taxId')} maxLength={200} defaultValue={settings.taxId} />
          </Field>
          <div className="grid gap-1.5">
            <Label htmlFor="shop-paid-status">A paid order starts as</Label>
            <NativeSelect id="shop-paid-status" name="paidOrderStatus" defaultValue={settings.paidOrderStatus}>
              <option value="processing">Processing</option>
              <option value="shipped">Shipped</option>
              <option value="delivered">Delivered</option>
            </NativeSelect>
          </div>
          <Field id="shop-default-shipping" label="Shipping price ($)" error={errors.defaultShipping}>
            <Input
              {...field('shop-default-shipping', 'defaultShipping')}
              inputMode="decimal"
              maxLength={200}
              defaultValue={(settings.defaultShippingCents / 100).toFixed(2)}
            />
          </Field>
          <Field
            id="shop-countries"
            label="Ships to (country codes; empty for worldwide)"
            error={errors.shippingCountries}
          >
            <Input
              {...field('shop-countries', 'shippingCountries')}
              placeholder="US, CA, GB"
              maxLength={2000}
              defaultValue={settings.shippingCountries.join(', ')}
            />
          </Field>
          <Button type="submit" disabled={busy} className="justify-self-start sm:col-span-2">
            {busy ? <Spinner /> : null} Save settings
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}
