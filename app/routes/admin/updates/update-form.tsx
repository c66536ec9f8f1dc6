import { useRef } from 'react'
import { stopWhenBlank } from '#app/components/admin/form-checks.ts'
import { addOrEditWords, SideForm, useSideForm } from '#app/components/admin/side-form.tsx'
import { type TextFieldSpec, TextFields } from '#app/components/forms/text-fields.tsx'
import { ContentImageField } from '../+shared/content-image-field.tsx'
import type { UpdateActionResult, UpdateFormValues } from './update-types.ts'

// The limits and message of UpdateFormSchema, repeated here so that zod stays out of the page's JavaScript.
const FIELDS_REQUIRED = 'Title and content cannot be empty.'
const fields: TextFieldSpec<keyof UpdateFormValues>[] = [
  { name: 'title', label: 'Title', required: true, maxLength: 200 },
  { name: 'content', label: 'Content', required: true, maxLength: 10_000, rows: 6 },
]

/** The add form, or the edit form of `update`; after a saved edit the page goes back to adding. */
export function UpdateForm({
  update,
  values,
  fieldErrors,
}: {
  update: UpdateFormValues | null
  values?: UpdateFormValues
  /** A refusal's problems by field, when the form was posted as a page (before JavaScript). */
  fieldErrors?: Record<string, string>
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const form = useSideForm<UpdateActionResult>({
    editing: Boolean(update),
    backTo: '/admin/updates',
    clear: () => formRef.current?.reset(),
  })
  const errors = form.fetcher.data && !form.fetcher.data.ok ? form.errors : (fieldErrors ?? {})
  const shown = values ?? update
  return (
    <SideForm
      form={form}
      id="update-form"
      {...addOrEditWords('Update', update ? '/admin/updates' : null)}
      description={update ? 'The date and visibility stay as they are.' : 'A new update is visible at once, dated now.'}
      fields={{ intent: update ? 'update' : 'create', updateId: update?.updateId }}
      formRef={formRef}
      encType="multipart/form-data"
      onSubmit={stopWhenBlank(['title', 'content'], FIELDS_REQUIRED)}
    >
      <TextFields idPrefix="update" fields={fields} values={shown} errors={errors} />
      <ContentImageField id="update-image" name="image" defaultValue={shown?.image} />
    </SideForm>
  )
}
