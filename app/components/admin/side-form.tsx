import type * as React from 'react'
import { type FetcherWithComponents, useFetcher, useNavigate } from 'react-router'
import { HiddenFields } from '#app/components/forms/action-form.tsx'
import { fieldErrorsOf, Section } from '#app/components/forms/field.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { SaveOrCancel } from './save-or-cancel.tsx'

/**
 * The fetcher of a list's side form, which adds a record or edits the one the address names: once
 * an edit is saved the page goes back to `backTo` (adding again), where it is scrolled to; once an
 * add is saved `clear` empties the form for the next one.
 * @example const form = useSideForm({ editing: Boolean(update), backTo: '/admin/updates', clear: () => formRef.current?.reset() })
 */
export function useSideForm<Result extends ActionResult = ActionResult>({
  editing,
  backTo,
  clear,
}: {
  editing: boolean
  backTo: string
  clear: () => void
}) {
  const fetcher = useFetcher<Result>()
  const navigate = useNavigate()
  useActionAnswer(fetcher, {
    onOk: () => {
      if (editing) navigate(backTo, { preventScrollReset: true })
      else clear()
    },
  })
  return { fetcher, busy: fetcher.state !== 'idle', errors: fieldErrorsOf(fetcher.data) }
}

/**
 * The title, the Save label and the way back of a side form that adds a `noun` or edits one:
 * "Add Guide" twice while adding; "Edit Guide", "Save Guide" and Cancel back to `editedFrom` while
 * editing (null: adding).
 * @example <SideForm form={form} id="guide-form" {...addOrEditWords('Guide', guide ? backTo : null)} …>
 */
export function addOrEditWords(noun: string, editedFrom: string | null) {
  return editedFrom === null
    ? { title: `Add ${noun}`, saveLabel: `Add ${noun}`, cancelTo: null }
    : { title: `Edit ${noun}`, saveLabel: `Save ${noun}`, cancelTo: editedFrom }
}

/**
 * A titled form card beside a list (`useSideForm`, or `useActionForm` for an add-only form): its
 * hidden fields, its fields, then Save and, while editing, Cancel back to `cancelTo`.
 * @example <SideForm form={form} id="update-form" title="Add Update" fields={{ intent: 'create' }} saveLabel="Add Update" cancelTo={null}>…</SideForm>
 */
export function SideForm({
  form,
  id,
  title,
  description,
  fields,
  saveLabel,
  cancelTo,
  formRef,
  encType,
  onSubmit,
  children,
}: {
  form: { fetcher: FetcherWithComponents<unknown>; busy: boolean }
  id: string
  title: string
  description: React.ReactNode
  /** Hidden fields: the intent and the record's id. */
  fields: Record<string, string | null | undefined>
  saveLabel: string
  cancelTo: string | null
  formRef?: React.Ref<HTMLFormElement>
  encType?: 'multipart/form-data'
  /** The browser's own check before sending (it may cancel the submission). */
  onSubmit?: React.FormEventHandler<HTMLFormElement>
  children: React.ReactNode
}) {
  return (
    <Section id={id} title={title} description={description}>
      <form.fetcher.Form
        ref={formRef}
        method="post"
        encType={encType}
        noValidate
        className="grid gap-4"
        onSubmit={onSubmit}
      >
        <HiddenFields fields={fields} />
        {children}
        <SaveOrCancel busy={form.busy} label={saveLabel} cancelTo={cancelTo} />
      </form.fetcher.Form>
    </Section>
  )
}
