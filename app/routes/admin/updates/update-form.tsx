import { useRef } from 'react'
import { stopWhenBlank } from '#app/components/admin/form-checks.ts'
import { SaveOrCancel } from '#app/components/admin/save-or-cancel.tsx'
import { useSideForm } from '#app/components/admin/side-form.ts'
import { InputField, Section, TextareaField } from '#app/components/forms/field.tsx'
import { ContentImageField } from '../+shared/content-image-field.tsx'
import type { UpdateActionResult, UpdateFormValues } from './update-types.ts'

// The limits and message of UpdateFormSchema, repeated here so that zod stays out of the page's JavaScript.
const TITLE_MAX = 200
const CONTENT_MAX = 10_000
const FIELDS_REQUIRED = 'Title and content cannot be empty.'

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
  const { fetcher, busy } = useSideForm<UpdateActionResult>({
    editing: Boolean(update),
    backTo: '/admin/updates',
    clear: () => formRef.current?.reset(),
  })
  const errors = (fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : fieldErrors) ?? {}
  const shown = values ?? update
  return (
    <Section
      id="update-form"
      title={update ? 'Edit Update' : 'Add Update'}
      description={update ? 'The date and visibility stay as they are.' : 'A new update is visible at once, dated now.'}
    >
      <fetcher.Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        noValidate
        className="grid gap-4"
        onSubmit={stopWhenBlank(['title', 'content'], FIELDS_REQUIRED)}
      >
        <input type="hidden" name="intent" value={update ? 'update' : 'create'} />
        {update ? <input type="hidden" name="updateId" value={update.updateId} /> : null}
        <InputField
          id="update-title"
          label="Title"
          required
          error={errors.title}
          name="title"
          maxLength={TITLE_MAX}
          autoComplete="off"
          defaultValue={shown?.title}
        />
        <TextareaField
          id="update-content"
          label="Content"
          required
          error={errors.content}
          name="content"
          rows={6}
          maxLength={CONTENT_MAX}
          defaultValue={shown?.content}
        />
        <ContentImageField id="update-image" name="image" defaultValue={shown?.image} />
        <SaveOrCancel
          busy={busy}
          label={update ? 'Save Update' : 'Add Update'}
          cancelTo={update ? '/admin/updates' : null}
        />
      </fetcher.Form>
    </Section>
  )
}
