import { useFetcher } from 'react-router'
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
  return (
    <Card>
      <CardHeader>
        <CardTitle>Shop and orders</CardTitle>
        <CardDescription>Your details on every invoice, and how paid orders and shipping work.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="save-shop" />
          <Field id="shop-legal-name" name="legalName" label="Legal name" defaultValue={settings.legalName} />
          <Field id="shop-email" name="email" type="email" label="E-mail" defaultValue={settings.email} />
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor="shop-address">Address</Label>
            <Textarea id="shop-address" name="address" rows={3} maxLength={1000} defaultValue={settings.address} />
          </div>
          <Field id="shop-tax-id" name="taxId" label="Tax ID" defaultValue={settings.taxId} />
          <div className="grid gap-1.5">
            <Label htmlFor="shop-paid-status">A paid order starts as</Label>
            <NativeSelect id="shop-paid-status" name="paidOrderStatus" defaultValue={settings.paidOrderStatus}>
              <option value="processing">Processing</option>
              <option value="shipped">Shipped</option>
              <option value="delivered">Delivered</option>
            </NativeSelect>
          </div>
          <Field
            id="shop-default-shipping"
            name="defaultShipping"
            label="Shipping price ($)"
            inputMode="decimal"
            defaultValue={(settings.defaultShippingCents / 100).toFixed(2)}
          />
          <div className="grid gap-1.5">
            <Label htmlFor="shop-countries">Ships to (country codes; empty for worldwide)</Label>
            <Input
              id="shop-countries"
              name="shippingCountries"
              placeholder="US, CA, GB"
              maxLength={2000}
              defaultValue={settings.shippingCountries.join(', ')}
            />
          </div>
          <Button type="submit" disabled={busy} className="justify-self-start sm:col-span-2">
            {busy ? <Spinner /> : null} Save settings
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}

function Field({ label, id, ...props }: { label: string; id: string } & React.ComponentProps<typeof Input>) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} maxLength={200} {...props} />
    </div>
  )
}
