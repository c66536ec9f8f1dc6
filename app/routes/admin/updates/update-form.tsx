import { useRef } from 'react'
import { Link, useFetcher, useNavigate } from 'react-router'
import { describedBy, Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
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
  const fetcher = useFetcher<UpdateActionResult>()
  const navigate = useNavigate()
  const formRef = useRef<HTMLFormElement>(null)
  useActionAnswer(fetcher, {
    onAnswer: (result) => {
      if (!result.ok) return
      if (update) navigate('/admin/updates', { preventScrollReset: true })
      else formRef.current?.reset()
    },
  })
  const busy = fetcher.state !== 'idle'
  const errors = (fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : fieldErrors) ?? {}
  const shown = values ?? update
  const heading = update ? 'Edit Update' : 'Add Update'
  return (
    <section aria-labelledby="update-form-heading">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id="update-form-heading">{heading}</h2>
          </CardTitle>
          <CardDescription>
            {update ? 'The date and visibility stay as they are.' : 'A new update is visible at once, dated now.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <fetcher.Form
            ref={formRef}
            method="post"
            encType="multipart/form-data"
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              const form = new FormData(event.currentTarget)
              if (!String(form.get('title')).trim() || !String(form.get('content')).trim()) {
                event.preventDefault()
                showToast({ title: 'Error', description: FIELDS_REQUIRED, variant: 'destructive' })
              }
            }}
          >
            <input type="hidden" name="intent" value={update ? 'update' : 'create'} />
            {update ? <input type="hidden" name="updateId" value={update.updateId} /> : null}
            <Field id="update-title" label="Title" required error={errors.title}>
              <Input
                {...describedBy('update-title', { error: errors.title })}
                name="title"
                required
                maxLength={TITLE_MAX}
                autoComplete="off"
                defaultValue={shown?.title}
              />
            </Field>
            <Field id="update-content" label="Content" required error={errors.content}>
              <Textarea
                {...describedBy('update-content', { error: errors.content })}
                name="content"
                rows={6}
                required
                maxLength={CONTENT_MAX}
                defaultValue={shown?.content}
              />
            </Field>
            <ContentImageField id="update-image" name="image" defaultValue={shown?.image} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                {busy ? <Spinner /> : null}
                {update ? 'Save Update' : 'Add Update'}
              </Button>
              {update ? (
                <Button asChild variant="outline">
                  <Link to="/admin/updates" preventScrollReset>
                    Cancel
                  </Link>
                </Button>
              ) : null}
            </div>
          </fetcher.Form>
        </CardContent>
      </Card>
    </section>
  )
}
