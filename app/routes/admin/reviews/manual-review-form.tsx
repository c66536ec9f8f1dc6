import { useRef } from 'react'
import { useActionForm } from '#app/components/forms/action-form.tsx'
import { InputField, Section, SelectField, TextareaField } from '#app/components/forms/field.tsx'
import { SubmitButton } from '#app/components/forms/submit-button.tsx'
import type { ProductOption } from '#app/modules/catalog/types.ts'
import type { ManualReviewValues, ReviewActionResult } from './review-action-result.ts'

// The limits of ManualReviewFormSchema, repeated here so that zod stays out of the page's JavaScript.
const NAME_MAX = 100
const TITLE_MAX = 120
const COMMENT_MAX = 2000
const ratings = ['5', '4', '3', '2', '1']

/** The back-office's add-manual-review form; the review is published at once. */
export function ManualReviewForm({
  products,
  values,
  fieldErrors,
}: {
  products: ProductOption[]
  /** What a form posted without JavaScript sent, when it was refused, and the problem of each field. */
  values?: ManualReviewValues
  fieldErrors?: Record<string, string>
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const form = useActionForm<ReviewActionResult>({ onOk: () => formRef.current?.reset() })
  const errors = form.fetcher.data ? form.errors : (fieldErrors ?? {})
  return (
    <Section
      id="manual-review"
      title="Add Manual Review"
      description="For a review a customer sent by e-mail or gave in person. It is published at once."
    >
      <form.fetcher.Form ref={formRef} method="post" noValidate className="grid gap-4">
        <input type="hidden" name="intent" value="create" />
        <InputField
          id="manual-review-name"
          label="Name"
          required
          error={errors.name}
          name="name"
          maxLength={NAME_MAX}
          autoComplete="off"
          defaultValue={values?.name}
          placeholder="Maria Garcia"
        />
        <SelectField
          id="manual-review-product"
          label="Product"
          required
          error={errors.productId}
          name="productId"
          defaultValue={values?.productId ?? ''}
        >
          <option value="">Select a product</option>
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.status === 'visible' ? product.title : `${product.title} (${product.status})`}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="manual-review-rating"
          label="Rating"
          error={errors.rating}
          name="rating"
          defaultValue={values?.rating || '5'}
        >
          {ratings.map((rating) => (
            <option key={rating} value={rating}>
              {rating === '1' ? '1 star' : `${rating} stars`}
            </option>
          ))}
        </SelectField>
        <InputField
          id="manual-review-title"
          label="Title"
          required
          error={errors.title}
          name="title"
          maxLength={TITLE_MAX}
          autoComplete="off"
          defaultValue={values?.title}
        />
        <TextareaField
          id="manual-review-comment"
          label="Comment"
          required
          error={errors.comment}
          name="comment"
          rows={4}
          maxLength={COMMENT_MAX}
          defaultValue={values?.comment}
        />
        <SubmitButton busy={form.busy} className="justify-self-start">
          Add Review
        </SubmitButton>
      </form.fetcher.Form>
    </Section>
  )
}
