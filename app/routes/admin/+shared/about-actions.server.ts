import { data } from 'react-router'
import { ABOUT_FIELDS, AboutFormSchema } from '#app/modules/content/about-schemas.ts'
import { firstIssue } from '#app/modules/content/form-fields.ts'
import { saveAboutContent } from '#app/modules/content/index.server.ts'
import { type ContentActionResult, formValues } from './content-action-result.ts'

export type AboutFormValues = Record<(typeof ABOUT_FIELDS)[number], string>
export type AboutActionResult = ContentActionResult<AboutFormValues>

export function refused(intent: string | null, description: string, values?: AboutFormValues) {
  return data<AboutActionResult>(
    { ok: false, intent, toast: { title: 'Error', description, variant: 'destructive' }, values },
    { status: 400 },
  )
}

/** Save Changes: the hero, story and mission are checked together and saved together. */
export async function saveAbout(fields: FormData) {
  const values = formValues(fields, ABOUT_FIELDS)
  const parsed = AboutFormSchema.safeParse(Object.fromEntries(ABOUT_FIELDS.map((name) => [name, fields.get(name)])))
  if (!parsed.success) return refused('save', firstIssue(parsed.error), values)
  await saveAboutContent(parsed.data)
  return data<AboutActionResult>({
    ok: true,
    intent: 'save',
    toast: { title: 'About page content has been updated.', variant: 'success' },
  })
}
