import { describedBy, Field, Section } from '#app/components/forms/field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import type { ProductFormValues } from '#app/modules/catalog/schemas.ts'
import type { CategoryDto } from '#app/modules/catalog/types.ts'
import {
  PRODUCT_LOW_STOCK_THRESHOLD_DEFAULT,
  PRODUCT_LOW_STOCK_THRESHOLD_MAX,
  PRODUCT_SKU_MAX,
  PRODUCT_STOCK_MAX,
} from '#app/rules/product-form.ts'

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
  return (
    <Section title="Catalog">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="product-sku" label="SKU" error={errors.sku}>
          <Input
            {...describedBy('product-sku', { error: errors.sku })}
            name="sku"
            maxLength={PRODUCT_SKU_MAX}
            autoComplete="off"
            defaultValue={values?.sku}
          />
        </Field>
        <Field id="product-stock" label="Stock quantity" error={errors.stockQuantity}>
          <Input
            {...describedBy('product-stock', { error: errors.stockQuantity })}
            name="stockQuantity"
            type="number"
            inputMode="numeric"
            min="0"
            max={PRODUCT_STOCK_MAX}
            step="1"
            defaultValue={values?.stockQuantity ?? '0'}
          />
        </Field>
        <Field
          id="product-low-stock"
          label="Low-stock alert at"
          hint="At or below this stock, the product is listed as low on stock and e-mailed to the shop."
          error={errors.lowStockThreshold}
        >
          <Input
            {...describedBy('product-low-stock', { error: errors.lowStockThreshold, hint: true })}
            name="lowStockThreshold"
            type="number"
            inputMode="numeric"
            min="0"
            max={PRODUCT_LOW_STOCK_THRESHOLD_MAX}
            step="1"
            defaultValue={values?.lowStockThreshold ?? String(PRODUCT_LOW_STOCK_THRESHOLD_DEFAULT)}
          />
        </Field>
        <Field id="product-category" label="Category" error={errors.categoryId}>
          <NativeSelect
            {...describedBy('product-category', { error: errors.categoryId })}
            name="categoryId"
            defaultValue={values?.categoryId ?? ''}
          >
            <option value="">No category</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="product-shipping-category" label="Shipping category" error={errors.shippingCategoryId}>
          <NativeSelect
            {...describedBy('product-shipping-category', { error: errors.shippingCategoryId })}
            name="shippingCategoryId"
            defaultValue={values?.shippingCategoryId ?? ''}
          >
            <option value="">No shipping category</option>
            {shippingCategories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="product-status" label="Status" error={errors.status}>
          <NativeSelect
            {...describedBy('product-status', { error: errors.status })}
            name="status"
            defaultValue={values?.status || 'visible'}
          >
            <option value="visible">Visible</option>
            <option value="hidden">Hidden</option>
            <option value="archived">Archived</option>
          </NativeSelect>
        </Field>
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
