import { describedBy, Field } from '#app/components/forms/field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { NativeSelect, type SelectOption } from '#app/components/ui/select.tsx'
import type { CheckoutDetailsField } from '#app/workflows/checkout/schemas.ts'

type DetailsField = {
  name: CheckoutDetailsField
  label: string
  type?: string
  autoComplete: string
  optional?: boolean
}

const contact: DetailsField[] = [{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email' }]
const address: DetailsField[] = [
  { name: 'name', label: 'Full name', autoComplete: 'shipping name' },
  { name: 'street', label: 'Address', autoComplete: 'shipping address-line1' },
  { name: 'line2', label: 'Apartment, suite, etc. (optional)', autoComplete: 'shipping address-line2', optional: true },
  { name: 'city', label: 'City', autoComplete: 'shipping address-level2' },
  { name: 'state', label: 'State or region', autoComplete: 'shipping address-level1' },
  { name: 'zip', label: 'Postal code', autoComplete: 'shipping postal-code' },
]
const phone: DetailsField = {
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
  errors: Partial<Record<string, string>>
  values: Partial<Record<CheckoutDetailsField, string>>
  needEmail: boolean
  countries: SelectOption[]
}) {
  const input = (field: DetailsField) => {
    const id = `demo-${field.name}`
    return (
      <Field key={field.name} id={id} label={field.label} error={errors[field.name]}>
        <Input
          {...describedBy(id, { error: errors[field.name] })}
          name={field.name}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          defaultValue={values[field.name]}
          required={!field.optional}
        />
      </Field>
    )
  }
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold">{needEmail ? 'Contact and shipping' : 'Shipping address'}</legend>
      {needEmail ? contact.map(input) : null}
      {address.map(input)}
      <Field id="demo-country" label="Country" error={errors.country}>
        <NativeSelect
          {...describedBy('demo-country', { error: errors.country })}
          name="country"
          autoComplete="shipping country"
          defaultValue={values.country ?? ''}
          required
          options={countries}
        >
          <option value="" disabled>
            Choose a country
          </option>
        </NativeSelect>
      </Field>
      {input(phone)}
    </fieldset>
  )
}
