import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import type { CheckoutDetailsField } from '#app/workflows/checkout/schemas.ts'

type Field = { name: CheckoutDetailsField; label: string; type?: string; autoComplete: string; optional?: boolean }

const contact: Field[] = [{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email' }]
const address: Field[] = [
  { name: 'name', label: 'Full name', autoComplete: 'shipping name' },
  { name: 'street', label: 'Address', autoComplete: 'shipping address-line1' },
  { name: 'line2', label: 'Apartment, suite, etc. (optional)', autoComplete: 'shipping address-line2', optional: true },
  { name: 'city', label: 'City', autoComplete: 'shipping address-level2' },
  { name: 'state', label: 'State or region', autoComplete: 'shipping address-level1' },
  { name: 'zip', label: 'Postal code', autoComplete: 'shipping postal-code' },
]
const phone: Field = {
  name: 'phone',
  label: 'Phone (optional)',
  type: 'tel',
  autoComplete: 'shipping tel',
  optional: true,
}

/**
 * The demo checkout's contact and shipping fields, as a hosted checkout asks for them: a guest's
 * e-mail, then the address, prefilled from a customer's profile.
 */
export function DemoCheckoutDetails({
  errors,
  values,
  needEmail,
  countries,
}: {
  errors: Partial<Record<CheckoutDetailsField, string>>
  values: Partial<Record<CheckoutDetailsField, string>>
  needEmail: boolean
  countries: { code: string; name: string }[]
}) {
  const errorOf = (name: CheckoutDetailsField) =>
    errors[name] ? (
      <p id={`demo-${name}-error`} className="text-destructive text-sm">
        {errors[name]}
      </p>
    ) : null
  const described = (name: CheckoutDetailsField) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `demo-${name}-error` : undefined,
  })
  const input = (field: Field) => (
    <div key={field.name} className="flex flex-col gap-1.5">
      <Label htmlFor={`demo-${field.name}`}>{field.label}</Label>
      <Input
        id={`demo-${field.name}`}
        name={field.name}
        type={field.type ?? 'text'}
        autoComplete={field.autoComplete}
        defaultValue={values[field.name]}
        required={!field.optional}
        {...described(field.name)}
      />
      {errorOf(field.name)}
    </div>
  )
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold">{needEmail ? 'Contact and shipping' : 'Shipping address'}</legend>
      {needEmail ? contact.map(input) : null}
      {address.map(input)}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="demo-country">Country</Label>
        <NativeSelect
          id="demo-country"
          name="country"
          autoComplete="shipping country"
          defaultValue={values.country ?? ''}
          required
          {...described('country')}
        >
          <option value="" disabled>
            Choose a country
          </option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </NativeSelect>
        {errorOf('country')}
      </div>
      {input(phone)}
    </fieldset>
  )
}
