import { useFetcher } from 'react-router'
import { describedBy, Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import type { ActionResult } from '#app/utils/action-result.ts'
import { ContentImageField } from '../+shared/content-image-field.tsx'

// The limits and message of AboutFormSchema, repeated here so that zod stays out of the page's JavaScript.
const TITLE_MAX = 200
const TEXT_MAX = 5000
const FIELDS_REQUIRED = 'Please fill in the title and text of every section.'

export type AboutValues = Record<string, string>

const sections = [
  {
    key: 'hero',
    heading: 'Hero',
    description: 'The top of the about page: its main heading, a line below it and a picture.',
    text: { name: 'heroSubtitle', label: 'Subtitle', rows: 2 },
  },
  {
    key: 'story',
    heading: 'Story',
    description: 'How the business started.',
    text: { name: 'storyContent', label: 'Content', rows: 6 },
  },
  {
    key: 'mission',
    heading: 'Mission',
    description: 'What the business sets out to do.',
    text: { name: 'missionContent', label: 'Content', rows: 4 },
  },
] as const

/** The hero, story and mission, saved together with Save Changes. */
export function AboutForm({
  values,
  fieldErrors,
}: {
  values: AboutValues
  /** A refusal's problems by field, when the form was posted as a page (before JavaScript). */
  fieldErrors?: Record<string, string>
}) {
  const fetcher = useFetcher<ActionResult>()
  const busy = fetcher.state !== 'idle'
  const errors = (fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : fieldErrors) ?? {}
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="grid gap-6"
      onSubmit={(event) => {
        const form = new FormData(event.currentTarget)
        const missing = sections.some(
          (section) => !String(form.get(`${section.key}Title`)).trim() || !String(form.get(section.text.name)).trim(),
        )
        if (missing) {
          event.preventDefault()
          showToast({ title: 'Error', description: FIELDS_REQUIRED, variant: 'destructive' })
        }
      }}
    >
      <input type="hidden" name="intent" value="save" />
      {sections.map((section) => (
        <section key={section.key} aria-labelledby={`about-${section.key}-heading`}>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2 id={`about-${section.key}-heading`}>{section.heading}</h2>
              </CardTitle>
              <CardDescription>{section.description}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <Field id={`about-${section.key}-title`} label="Title" required error={errors[`${section.key}Title`]}>
                <Input
                  {...describedBy(`about-${section.key}-title`, { error: errors[`${section.key}Title`] })}
                  name={`${section.key}Title`}
                  required
                  maxLength={TITLE_MAX}
                  autoComplete="off"
                  defaultValue={values[`${section.key}Title`]}
                />
              </Field>
              <Field
                id={`about-${section.text.name}`}
                label={section.text.label}
                required
                error={errors[section.text.name]}
              >
                <Textarea
                  {...describedBy(`about-${section.text.name}`, { error: errors[section.text.name] })}
                  name={section.text.name}
                  rows={section.text.rows}
                  required
                  maxLength={TEXT_MAX}
                  defaultValue={values[section.text.name]}
                />
              </Field>
              <ContentImageField
                id={`about-${section.key}-image`}
                name={`${section.key}Image`}
                defaultValue={values[`${section.key}Image`]}
              />
            </CardContent>
          </Card>
        </section>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : null}
          Save Changes
        </Button>
        <a
          href="/about"
          target="_blank"
          rel="noopener noreferrer"
          className="text-primary text-sm underline-offset-4 hover:underline"
        >
          View the about page (new tab)
        </a>
      </div>
    </fetcher.Form>
  )
}
