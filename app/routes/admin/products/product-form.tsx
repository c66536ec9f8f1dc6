import { useEffect, useRef, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { fieldsOf, InputField, Section, TextareaField } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import type { ProductFormValues } from '#app/modules/catalog/schemas.ts'
import type { CategoryDto } from '#app/modules/catalog/types.ts'
import {
  formatFileSize,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  PRODUCT_TITLE_MAX,
} from '#app/rules/product-form.ts'
import { ProductCatalogFields } from './product-catalog-fields.tsx'
import { ProductExistingImages } from './product-existing-images.tsx'
import type { ProductFormRefusal } from './product-form-result.ts'
import { ProductImagePicker } from './product-image-picker.tsx'
import { ProductPricingFields } from './product-pricing-fields.tsx'

const IMAGE_HINT = `JPEG, PNG or WebP, up to ${formatFileSize(PRODUCT_IMAGE_MAX_BYTES)} each, at most ${PRODUCT_IMAGES_MAX}. The first one is the cover.`

/** A picked file that the server would refuse anyway, found before the upload starts. */
function imageProblem(input: HTMLInputElement | null): string | null {
  const files = Array.from(input?.files ?? [])
  if (files.length > PRODUCT_IMAGES_MAX) return `Add at most ${PRODUCT_IMAGES_MAX} images at a time.`
  const large = files.find((file) => file.size > PRODUCT_IMAGE_MAX_BYTES)
  if (large)
    return `“${large.name}” is ${formatFileSize(large.size)}: each image must be ${formatFileSize(PRODUCT_IMAGE_MAX_BYTES)} or smaller.`
  return null
}

/** What the form starts from when it edits a product (rather than adding one). */
export type ProductFormEditing = { values: ProductFormValues; images: string[] }

/** The back-office's add-product form (back-office §2, §3, §5), also the edit form when `editing` is given. */
export function ProductForm({
  categories,
  shippingCategories,
  refusal,
  editing,
}: {
  categories: CategoryDto[]
  shippingCategories: CategoryDto[]
  refusal?: ProductFormRefusal
  editing?: ProductFormEditing
}) {
  const values = refusal?.values ?? editing?.values ?? null
  const [imageError, setImageError] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const errors = refusal?.fieldErrors ?? {}
  const field = fieldsOf('product', values, errors)

  useEffect(() => {
    // The refusal's toast comes from the page's clientAction; here the first wrong field gets focus.
    if (!refusal) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusal])

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      className="grid gap-6"
      onSubmit={(event) => {
        const problem = imageProblem(event.currentTarget.querySelector('input[name="images"]'))
        setImageError(problem)
        if (!problem) return
        event.preventDefault()
        showToast({ title: 'Image Too Large', description: problem, variant: 'destructive' })
      }}
    >
      {refusal ? (
        <p role="alert" className="rounded-md border border-destructive/40 px-4 py-3 text-destructive">
          {refusal.toast.title}: {refusal.toast.description}
        </p>
      ) : null}

      <Section title="Product">
        <InputField {...field('title')} label="Title" required maxLength={PRODUCT_TITLE_MAX} autoComplete="off" />
        <TextareaField
          {...field('description')}
          label="Description"
          required
          rows={5}
          maxLength={PRODUCT_DESCRIPTION_MAX}
        />
      </Section>

      <ProductPricingFields values={values} errors={errors} />

      <ProductCatalogFields
        categories={categories}
        shippingCategories={shippingCategories}
        values={values}
        errors={errors}
      />

      <Section title="Media">
        {editing ? (
          <ProductExistingImages images={refusal?.keptImages ?? editing.images} title={editing.values.title} />
        ) : null}
        <ProductImagePicker
          id="product-images"
          hint={IMAGE_HINT}
          error={imageError ?? errors.images}
          onPick={() => setImageError(null)}
        />
        <TextareaField
          {...field('videos')}
          label="Video links"
          hint="Optional. One link per line, such as a YouTube video."
          rows={2}
          placeholder="https://www.youtube.com/watch?v=…"
        />
      </Section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? <Spinner /> : null}
          {editing ? (busy ? 'Saving Changes…' : 'Save Changes') : busy ? 'Adding Product…' : 'Add Product'}
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to={editing ? '/admin/products' : '/products'}>Cancel</Link>
        </Button>
      </div>
    </Form>
  )
}
