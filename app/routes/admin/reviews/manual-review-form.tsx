import { useRef } from 'react'
import { RecordSearchPicker } from '#app/components/admin/record-search-picker.tsx'
import { SideForm } from '#app/components/admin/side-form.tsx'
import { useActionForm } from '#app/components/forms/action-form.tsx'
import { fieldsOf, SelectField } from '#app/components/forms/field.tsx'
import { type TextFieldSpec, TextFields } from '#app/components/forms/text-fields.tsx'
import type { ManualReviewValues, ReviewActionResult } from './review-action-result.ts'

// The limits of ManualReviewFormSchema, repeated here so that zod stays out of the page's JavaScript.
const nameField: TextFieldSpec<'name'>[] = [
  { name: 'name', label: 'Name', required: true, maxLength: 100, placeholder: 'Maria Garcia' },
]
const reviewFields: TextFieldSpec<'title' | 'comment'>[] = [
  { name: 'title', label: 'Title', required: true, maxLength: 120 },
  { name: 'comment', label: 'Comment', required: true, maxLength: 2000, rows: 4 },
]
const ratings = ['5', '4', '3', '2', '1']

/** The back-office's add-manual-review form; the review is published at once. */
export function ManualReviewForm({
  values,
  fieldErrors,
}: {
  /** What a form posted without JavaScript sent, when it was refused, and the problem of each field. */
  values?: ManualReviewValues
  fieldErrors?: Record<string, string>
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const form = useActionForm<ReviewActionResult>({ onOk: () => formRef.current?.reset() })
  const errors = form.fetcher.data ? form.errors : (fieldErrors ?? {})
  const field = fieldsOf('manual-review', values, errors)
  return (
    <SideForm
      form={form}
      id="manual-review"
      title="Add Manual Review"
      description="For a review a customer sent by e-mail or gave in person. It is published at once."
      fields={{ intent: 'create' }}
      saveLabel="Add Review"
      cancelTo={null}
      formRef={formRef}
    >
      <TextFields idPrefix="manual-review" fields={nameField} values={values} errors={errors} />
      <RecordSearchPicker
        // A refused form posted without JavaScript starts again from what was typed.
        key={values?.productText ?? ''}
        id="manual-review-product"
        label="Product"
        required
        error={errors.productId}
        name="productId"
        textName="productText"
        kind="products"
        placeholder="Title or SKU…"
        hint="Type part of a title or SKU and pick the product (without JavaScript: its exact SKU or title)."
        chosen={null}
        text={values?.productText}
      />
      <SelectField {...field('rating', '5')} label="Rating">
        {ratings.map((rating) => (
          <option key={rating} value={rating}>
            {rating === '1' ? '1 star' : `${rating} stars`}
          </option>
        ))}
      </SelectField>
      <TextFields idPrefix="manual-review" fields={reviewFields} values={values} errors={errors} />
    </SideForm>
  )
}
