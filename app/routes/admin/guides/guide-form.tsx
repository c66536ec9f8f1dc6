import { useState } from 'react'
import { stopWhenBlank } from '#app/components/admin/form-checks.ts'
import { addOrEditWords, SideForm, useSideForm } from '#app/components/admin/side-form.tsx'
import { SelectField } from '#app/components/forms/field.tsx'
import { RecordOptions } from '#app/components/forms/record-options.tsx'
import { type TextFieldSpec, TextFields } from '#app/components/forms/text-fields.tsx'
import { GuideStepsEditor, type StepDraft } from './guide-steps-editor.tsx'

// The limits and message of GuideFormSchema, repeated so that zod stays out of the page's JavaScript.
const FIELDS_REQUIRED = 'Please fill all required fields.'
const fields: TextFieldSpec<'title' | 'description'>[] = [
  { name: 'title', label: 'Title', required: true, maxLength: 200 },
  { name: 'description', label: 'Description', required: true, maxLength: 2_000, rows: 3 },
]

export type GuideFormValues = {
  guideId: string
  title: string
  description: string
  categoryId: string
  steps: Omit<StepDraft, 'key'>[]
}

function initial(guide: GuideFormValues | null) {
  return {
    title: guide?.title ?? '',
    description: guide?.description ?? '',
    categoryId: guide?.categoryId ?? '',
    // The same keys on the server and in the browser, as they name the inputs' ids.
    steps: (guide?.steps ?? []).map((step, index) => ({ ...step, key: `saved-${index}` })),
  }
}

/** The add form, or the edit form of `guide`; after a saved edit the page goes back to adding. */
export function GuideForm({
  guide,
  categories,
  backTo,
}: {
  guide: GuideFormValues | null
  categories: { id: string; name: string }[]
  backTo: string
}) {
  const [values, setValues] = useState(() => initial(guide))
  const form = useSideForm({ editing: Boolean(guide), backTo, clear: () => setValues(initial(null)) })
  const set = (change: Partial<typeof values>) => setValues((current) => ({ ...current, ...change }))
  const steps = JSON.stringify(values.steps.map(({ key: _key, ...step }) => step))
  return (
    <SideForm
      form={form}
      id="guide-form"
      {...addOrEditWords('Guide', guide ? backTo : null)}
      description={guide ? 'Its visibility stays as it is.' : 'A new guide is visible on the guides page at once.'}
      fields={{ intent: guide ? 'update' : 'create', guideId: guide?.guideId, steps }}
      onSubmit={stopWhenBlank(['title', 'description', 'categoryId'], FIELDS_REQUIRED)}
    >
      <TextFields
        idPrefix="guide"
        fields={fields}
        values={values}
        errors={form.errors}
        onChange={(name, value) => set({ [name]: value })}
      />
      <SelectField
        id="guide-category"
        label="Category"
        required
        error={form.errors.categoryId}
        name="categoryId"
        value={values.categoryId}
        onChange={(event) => set({ categoryId: event.target.value })}
      >
        <RecordOptions empty="Choose a category" records={categories} />
      </SelectField>
      <GuideStepsEditor steps={values.steps} onChange={(next) => set({ steps: next })} />
    </SideForm>
  )
}
