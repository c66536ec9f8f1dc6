import { useState } from 'react'
import { stopWhenBlank } from '#app/components/admin/form-checks.ts'
import { SaveOrCancel } from '#app/components/admin/save-or-cancel.tsx'
import { useSideForm } from '#app/components/admin/side-form.ts'
import { InputField, Section, SelectField, TextareaField } from '#app/components/forms/field.tsx'
import { GuideStepsEditor, type StepDraft } from './guide-steps-editor.tsx'

// The limits and message of GuideFormSchema, repeated so that zod stays out of the page's JavaScript.
const TITLE_MAX = 200
const DESCRIPTION_MAX = 2_000
const FIELDS_REQUIRED = 'Please fill all required fields.'

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
  const { fetcher, busy } = useSideForm({ editing: Boolean(guide), backTo, clear: () => setValues(initial(null)) })
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {}
  const set = (change: Partial<typeof values>) => setValues((current) => ({ ...current, ...change }))
  const steps = JSON.stringify(values.steps.map(({ key: _key, ...step }) => step))
  return (
    <Section
      id="guide-form"
      title={guide ? 'Edit Guide' : 'Add Guide'}
      description={guide ? 'Its visibility stays as it is.' : 'A new guide is visible on the guides page at once.'}
    >
      <fetcher.Form
        method="post"
        noValidate
        className="grid gap-4"
        onSubmit={stopWhenBlank(['title', 'description', 'categoryId'], FIELDS_REQUIRED)}
      >
        <input type="hidden" name="intent" value={guide ? 'update' : 'create'} />
        {guide ? <input type="hidden" name="guideId" value={guide.guideId} /> : null}
        <input type="hidden" name="steps" value={steps} />
        <InputField
          id="guide-title"
          label="Title"
          required
          error={errors.title}
          name="title"
          maxLength={TITLE_MAX}
          autoComplete="off"
          value={values.title}
          onChange={(event) => set({ title: event.target.value })}
        />
        <TextareaField
          id="guide-description"
          label="Description"
          required
          error={errors.description}
          name="description"
          rows={3}
          maxLength={DESCRIPTION_MAX}
          value={values.description}
          onChange={(event) => set({ description: event.target.value })}
        />
        <SelectField
          id="guide-category"
          label="Category"
          required
          error={errors.categoryId}
          name="categoryId"
          value={values.categoryId}
          onChange={(event) => set({ categoryId: event.target.value })}
        >
          <option value="">Choose a category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <GuideStepsEditor steps={values.steps} onChange={(next) => set({ steps: next })} />
        <SaveOrCancel busy={busy} label={guide ? 'Save Guide' : 'Add Guide'} cancelTo={guide ? backTo : null} />
      </fetcher.Form>
    </Section>
  )
}
