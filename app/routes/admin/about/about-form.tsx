import { useFetcher } from 'react-router'
import { stopWhenBlank } from '#app/components/admin/form-checks.ts'
import { InputField, Section, TextareaField } from '#app/components/forms/field.tsx'
import { SubmitButton } from '#app/components/forms/submit-button.tsx'
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
      onSubmit={stopWhenBlank(
        sections.flatMap((section) => [`${section.key}Title`, section.text.name]),
        FIELDS_REQUIRED,
      )}
    >
      <input type="hidden" name="intent" value="save" />
      {sections.map((section) => (
        <Section
          key={section.key}
          id={`about-${section.key}`}
          title={section.heading}
          description={section.description}
        >
          <InputField
            id={`about-${section.key}-title`}
            label="Title"
            required
            error={errors[`${section.key}Title`]}
            name={`${section.key}Title`}
            maxLength={TITLE_MAX}
            autoComplete="off"
            defaultValue={values[`${section.key}Title`]}
          />
          <TextareaField
            id={`about-${section.text.name}`}
            label={section.text.label}
            required
            error={errors[section.text.name]}
            name={section.text.name}
            rows={section.text.rows}
            maxLength={TEXT_MAX}
            defaultValue={values[section.text.name]}
          />
          <ContentImageField
            id={`about-${section.key}-image`}
            name={`${section.key}Image`}
            defaultValue={values[`${section.key}Image`]}
          />
        </Section>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={busy}>Save Changes</SubmitButton>
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
