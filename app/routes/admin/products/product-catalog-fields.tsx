import { fieldsOf, InputField, Section, SelectField } from '#app/components/forms/field.tsx'
import { wholeNumberInput } from '#app/components/forms/number-inputs.ts'
import { RecordOptions } from '#app/components/forms/record-options.tsx'
import type { ProductFormValues } from '#app/modules/catalog/schemas.ts'
import type { CategoryDto } from '#app/modules/catalog/types.ts'
import {
  PRODUCT_LOW_STOCK_THRESHOLD_DEFAULT,
  PRODUCT_LOW_STOCK_THRESHOLD_MAX,
  PRODUCT_SKU_MAX,
  PRODUCT_STOCK_MAX,
} from '#app/rules/product-form.ts'

const STATUS_OPTIONS = [
  { value: 'visible', label: 'Visible' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'archived', label: 'Archived' },
]

/** SKU, stock and its low-stock alert, categories, status and the Quick Select switch of the add-product form. */
export function ProductCatalogFields({
  categories,
  shippingCategories,
  values,
  errors,
}: {
  categories: CategoryDto[]
  shippingCategories: CategoryDto[]
  values: ProductFormValues | null
  errors: Record<string, string>
}) {
  const field = fieldsOf('product', values, errors)
  return (
    <Section title="Catalog">
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField {...field('sku')} label="SKU" maxLength={PRODUCT_SKU_MAX} autoComplete="off" />
        <InputField
          {...field('stockQuantity', '0')}
          label="Stock quantity"
          {...wholeNumberInput(0)}
          max={PRODUCT_STOCK_MAX}
        />
        <InputField
          {...field('lowStockThreshold', String(PRODUCT_LOW_STOCK_THRESHOLD_DEFAULT))}
          label="Low-stock alert at"
          hint="At or below this stock, the product is listed as low on stock and e-mailed to the shop."
          {...wholeNumberInput(0)}
          max={PRODUCT_LOW_STOCK_THRESHOLD_MAX}
        />
        <SelectField {...field('categoryId', '')} label="Category">
          <RecordOptions empty="No category" records={categories} />
        </SelectField>
        <SelectField {...field('shippingCategoryId', '')} label="Shipping category">
          <RecordOptions empty="No shipping category" records={shippingCategories} />
        </SelectField>
        <SelectField {...field('status', 'visible')} label="Status" options={STATUS_OPTIONS} />
        <div className="flex items-start gap-3 self-end pb-2">
          <input
            id="product-quick-select"
            name="quickSelectVisible"
            type="checkbox"
            defaultChecked={values?.quickSelectVisible ?? false}
            aria-describedby="product-quick-select-hint"
            className="mt-0.5 size-4 accent-primary"
          />
          <div className="grid gap-1">
            <label htmlFor="product-quick-select" className="font-medium text-sm leading-none">
              Show Quick Select
            </label>
            <p id="product-quick-select-hint" className="text-muted-foreground text-xs">
              A quantity for each variation at once, on the product page.
            </p>
          </div>
        </div>
      </div>
    </Section>
  )
}
