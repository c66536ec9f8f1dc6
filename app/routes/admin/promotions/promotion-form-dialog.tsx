import { useState } from 'react'
import { ChoicePicker } from '#app/components/admin/choice-picker.tsx'
import { FormDialog, useActionForm } from '#app/components/forms/action-form.tsx'
import { FieldError, fieldsOf, InputField, SelectField } from '#app/components/forms/field.tsx'
import { wholeNumberInput } from '#app/components/forms/number-inputs.ts'
import { PROMO_CODE_MAX_LENGTH } from '#app/modules/promotions/schemas.ts'
import type { Choice, PromotionRow } from './promotion-types.ts'

/** The lists a promotion can be limited to, by its `appliesTo`. */
const scopes = {
  products: { legend: 'Products', name: 'productIds', noun: 'product' },
  categories: { legend: 'Categories', name: 'categoryIds', noun: 'category' },
} as const

const dateFields = [
  { name: 'startDate', id: 'promotion-start', label: 'Start date' },
  { name: 'endDate', id: 'promotion-end', label: 'End date' },
] as const

const limitFields = [
  { name: 'usageLimit', id: 'promotion-usage-limit', label: 'Uses in total' },
  { name: 'perCustomerLimit', id: 'promotion-per-customer-limit', label: 'Uses per customer' },
] as const

const todayUtc = () => new Date().toISOString().slice(0, 10)

export function PromotionFormDialog({
  promotion,
  products,
  categories,
  onClose,
}: {
  /** The promotion to edit; null for a new one. */
  promotion: PromotionRow | null
  /** The names of the products chosen already; the picker searches the rest on the server. */
  products: Choice[]
  categories: Choice[]
  onClose: () => void
}) {
  const form = useActionForm({ onOk: onClose })
  const { errors } = form
  const field = fieldsOf('promotion', promotion, errors)
  const [type, setType] = useState(promotion?.type ?? 'percentage')
  const [appliesTo, setAppliesTo] = useState<string>(promotion?.appliesTo ?? 'all')
  const value = promotion
    ? promotion.type === 'fixed'
      ? (promotion.value / 100).toFixed(2)
      : String(promotion.value)
    : ''
  // A new promotion starts today unless told otherwise.
  const dates = { startDate: promotion?.startDate ?? todayUtc(), endDate: promotion?.endDate }
  const scope = appliesTo === 'products' || appliesTo === 'categories' ? scopes[appliesTo] : null

  return (
    <FormDialog
      form={form}
      title={promotion ? `Edit Promotion ${promotion.code}` : 'New Promotion'}
      description={`Dates are whole days in UTC, from the start of the first to the end of the last.${
        promotion ? '' : ' A new promotion is scheduled and works from its start date.'
      }`}
      fields={{ intent: promotion ? 'update' : 'create', promotionId: promotion?.id }}
      submitLabel={promotion ? 'Save Changes' : 'Create Promotion'}
      onClose={onClose}
      className="sm:max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField {...field('name')} label="Name" required maxLength={120} />
        <InputField
          {...field('code')}
          label="Code"
          required
          maxLength={PROMO_CODE_MAX_LENGTH}
          className="font-mono uppercase"
          autoCapitalize="characters"
        />
        <SelectField
          id="promotion-type"
          label="Type"
          name="type"
          value={type}
          onChange={(event) => setType(event.target.value as typeof type)}
        >
          <option value="percentage">Percentage</option>
          <option value="fixed">Fixed amount</option>
        </SelectField>
        <InputField
          id="promotion-value"
          label={type === 'percentage' ? 'Value (%)' : 'Value ($)'}
          required
          error={errors.value}
          name="value"
          type="number"
          inputMode="decimal"
          min={type === 'percentage' ? 1 : 0.01}
          max={type === 'percentage' ? 100 : undefined}
          step={type === 'percentage' ? 1 : 0.01}
          defaultValue={value}
        />
        {dateFields.map(({ name, id, label }) => (
          <InputField
            key={name}
            id={id}
            label={label}
            required
            error={errors[name]}
            name={name}
            type="date"
            defaultValue={dates[name]}
          />
        ))}
        <SelectField
          id="promotion-applies-to"
          label="Applies to"
          fieldClassName="sm:col-span-2"
          name="appliesTo"
          value={appliesTo}
          onChange={(event) => setAppliesTo(event.target.value)}
        >
          <option value="all">All products</option>
          <option value="products">Chosen products</option>
          <option value="categories">Chosen categories</option>
        </SelectField>
      </div>
      {scope ? (
        <>
          {/* Keyed, so that switching to the other list starts it afresh. */}
          <ChoicePicker
            key={scope.name}
            legend={scope.legend}
            name={scope.name}
            noun={scope.noun}
            choices={scope.name === 'productIds' ? products : categories}
            search={scope.name === 'productIds' ? 'products' : undefined}
            chosen={promotion?.[scope.name] ?? []}
          />
          <FieldError id={`promotion-${appliesTo}`} error={errors[scope.name]} />
        </>
      ) : null}
      <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-medium text-sm">Usage limits</legend>
        {limitFields.map(({ name, id, label }) => (
          <InputField
            key={name}
            id={id}
            label={label}
            error={errors[name]}
            name={name}
            defaultValue={promotion?.[name] ?? ''}
            placeholder="No limit"
            {...wholeNumberInput(1)}
          />
        ))}
        <p className="text-muted-foreground text-sm sm:col-span-2">
          Empty means no limit. Every order counts, and so does a checkout still open; a cancelled order gives its use
          back. A limit per customer asks shoppers to sign in before the code applies.
        </p>
      </fieldset>
    </FormDialog>
  )
}
