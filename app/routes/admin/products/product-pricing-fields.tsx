import { useState } from 'react'
import { fieldsOf, InputField, Section, SelectField } from '#app/components/forms/field.tsx'
import { dollarsInput } from '#app/components/forms/number-inputs.ts'
import type { ProductFormValues } from '#app/modules/catalog/schemas.ts'
import { PRODUCT_VARIATION_NAME_MAX } from '#app/rules/product-form.ts'
import { ProductRowsEditor } from './product-rows-editor.tsx'

const PRICE_TYPE_OPTIONS = [
  { value: 'set', label: 'Set price' },
  { value: 'tiered', label: 'Tiered pricing' },
]

/** Price type, price, tiers (for a tiered price) and variations of the add-product form. */
export function ProductPricingFields({
  values,
  errors,
}: {
  values: ProductFormValues | null
  errors: Record<string, string>
}) {
  const [priceType, setPriceType] = useState(values?.priceType === 'tiered' ? 'tiered' : 'set')
  const tiered = priceType === 'tiered'
  const field = fieldsOf('product', values, errors)
  return (
    <Section title="Pricing" description="Prices in dollars. A variation’s modifier is added to the price.">
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id="product-price-type"
          label="Price type"
          error={errors.priceType}
          name="priceType"
          value={priceType}
          onChange={(event) => setPriceType(event.target.value)}
          options={PRICE_TYPE_OPTIONS}
        />
        <InputField
          {...field('price')}
          label={tiered ? 'Base price ($)' : 'Price ($)'}
          required={!tiered}
          hint={tiered ? 'Below the smallest tier. Leave empty to use the first tier’s price.' : undefined}
          {...dollarsInput}
        />
      </div>
      {tiered ? (
        <fieldset className="grid gap-3">
          <legend className="mb-2 font-medium text-sm">Price tiers</legend>
          <ProductRowsEditor
            id="product-tiers"
            path="tiers"
            noun="tier"
            addLabel="Add Tier"
            errors={errors}
            initialRows={(values?.tiers ?? []).map((tier) => [tier.quantity, tier.price])}
            columns={[
              {
                name: 'tierQuantity',
                errorKey: 'quantity',
                heading: 'Minimum quantity',
                label: (row) => `Tier ${row} minimum quantity`,
                type: 'number',
                step: '1',
                min: '1',
                initial: '1',
              },
              {
                name: 'tierPrice',
                errorKey: 'price',
                heading: 'Price each ($)',
                label: (row) => `Tier ${row} price`,
                type: 'number',
                step: '0.01',
                min: '0',
                initial: '',
              },
            ]}
          />
        </fieldset>
      ) : null}
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium text-sm">Variations</legend>
        <ProductRowsEditor
          id="product-variations"
          path="variations"
          noun="variation"
          addLabel="Add Variation"
          errors={errors}
          initialRows={(values?.variations ?? []).map((variation) => [variation.name, variation.priceModifier])}
          columns={[
            {
              name: 'variationName',
              errorKey: 'name',
              heading: 'Name',
              label: (row) => `Variation ${row} name`,
              type: 'text',
              maxLength: PRODUCT_VARIATION_NAME_MAX,
              placeholder: 'Matte Black',
              initial: '',
            },
            {
              name: 'variationPriceModifier',
              errorKey: 'priceModifier',
              heading: 'Price modifier ($)',
              label: (row) => `Variation ${row} price modifier`,
              type: 'number',
              step: '0.01',
              initial: '0',
            },
          ]}
        />
      </fieldset>
    </Section>
  )
}
