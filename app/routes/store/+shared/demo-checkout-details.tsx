import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import type { DemoGuestField } from '#app/workflows/checkout/schemas.ts'

const fields: { name: DemoGuestField; label: string; type?: string; autoComplete: string }[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'street', label: 'Street', autoComplete: 'address-line1' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'zip', label: 'Zip', autoComplete: 'postal-code' },
]

export function DemoCheckoutDetails({
  errors,
  values,
}: {
  errors: Partial<Record<DemoGuestField, string>>
  values: Partial<Record<DemoGuestField, string>>
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold">Contact and shipping</legend>
      {fields.map((field) => (
        <div key={field.name} className="flex flex-col gap-1.5">
          <Label htmlFor={`demo-${field.name}`}>{field.label}</Label>
          <Input
            id={`demo-${field.name}`}
            name={field.name}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            defaultValue={values[field.name]}
            required
            aria-invalid={errors[field.name] ? true : undefined}
            aria-describedby={errors[field.name] ? `demo-${field.name}-error` : undefined}
          />
          {errors[field.name] ? (
            <p id={`demo-${field.name}-error`} className="text-destructive text-sm">
              {errors[field.name]}
            </p>
          ) : null}
        </div>
      ))}
    </fieldset>
  )
}
