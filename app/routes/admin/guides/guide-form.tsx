import { useState } from 'react'
import { Link, useFetcher, useNavigate } from 'react-router'
import { describedBy, Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
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
  const fetcher = useFetcher<ActionResult>()
  const navigate = useNavigate()
  const [values, setValues] = useState(() => initial(guide))
  useActionAnswer(fetcher, {
    onOk: () => {
      if (guide) navigate(backTo, { preventScrollReset: true })
      else setValues(initial(null))
    },
  })
  const busy = fetcher.state !== 'idle'
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {}
  const set = (change: Partial<typeof values>) => setValues((current) => ({ ...current, ...change }))
  const steps = JSON.stringify(values.steps.map(({ key: _key, ...step }) => step))
  return (
    <section aria-labelledby="guide-form-heading">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 id="guide-form-heading">{guide ? 'Edit Guide' : 'Add Guide'}</h2>
          </CardTitle>
          <CardDescription>
            {guide ? 'Its visibility stays as it is.' : 'A new guide is visible on the guides page at once.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <fetcher.Form
            method="post"
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              if (!values.title.trim() || !values.description.trim() || !values.categoryId) {
                event.preventDefault()
                showToast({ title: 'Error', description: FIELDS_REQUIRED, variant: 'destructive' })
              }
            }}
          >
            <input type="hidden" name="intent" value={guide ? 'update' : 'create'} />
            {guide ? <input type="hidden" name="guideId" value={guide.guideId} /> : null}
            <input type="hidden" name="steps" value={steps} />
            <Field id="guide-title" label="Title" required error={errors.title}>
              <Input
                {...describedBy('guide-title', { error: errors.title })}
                name="title"
                required
                maxLength={TITLE_MAX}
                autoComplete="off"
                value={values.title}
                onChange={(event) => set({ title: event.target.value })}
              />
            </Field>
            <Field id="guide-description" label="Description" required error={errors.description}>
              <Textarea
                {...describedBy('guide-description', { error: errors.description })}
                name="description"
                rows={3}
                required
                maxLength={DESCRIPTION_MAX}
                value={values.description}
                onChange={(event) => set({ description: event.target.value })}
              />
            </Field>
            <Field id="guide-category" label="Category" required error={errors.categoryId}>
              <select
                {...describedBy('guide-category', { error: errors.categoryId })}
                name="categoryId"
                required
                value={values.categoryId}
                onChange={(event) => set({ categoryId: event.target.value })}
                className="h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <option value="">Choose a category</option>
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            </Field>
            <GuideStepsEditor steps={values.steps} onChange={(next) => set({ steps: next })} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                {busy ? <Spinner /> : null}
                {guide ? 'Save Guide' : 'Add Guide'}
              </Button>
              {guide ? (
                <Button asChild variant="outline">
                  <Link to={backTo} preventScrollReset>
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
