import { data } from 'react-router'
import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { ABOUT_FIELDS, AboutFormSchema } from '#app/modules/content/about-schemas.ts'
import { retrieveAboutForm, saveAboutContent } from '#app/modules/content/index.server.ts'
import { changedFields } from '#app/rules/changes.ts'
import { refused, refusedForm } from '#app/utils/action-reply.server.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { recordedWrite } from '#app/workflows/recorded-write.server.ts'
import { removeContentImages, storeContentImage } from '#app/workflows/store-content-image.server.ts'
import { formValues } from '../+shared/content-action-result.ts'
import { uploadedFile } from '../+shared/content-form-reader.server.ts'

/** The picture upload fields of the form, one per section. */
export const ABOUT_FILE_FIELDS = ['heroImageFile', 'storyImageFile', 'missionImageFile'] as const

export type AboutFormValues = Record<(typeof ABOUT_FIELDS)[number], string>
export type AboutActionResult = ActionResult<string, AboutFormValues>

/** Save Changes: the hero, story and mission are checked together and saved together. */
export async function saveAbout(fields: FormData, actor: ActivityActor) {
  const values = formValues(fields, ABOUT_FIELDS)
  const parsed = parseForm(AboutFormSchema, Object.fromEntries(ABOUT_FIELDS.map((name) => [name, fields.get(name)])))
  if (!parsed.ok) return refusedForm('save', parsed, { values })
  // An uploaded picture replaces whatever its section's image field says.
  const about = parsed.data
  const stored: string[] = []
  for (const section of ['hero', 'story', 'mission'] as const) {
    const file = uploadedFile(fields, `${section}ImageFile`)
    if (!file) continue
    const result = await storeContentImage(file, 'about')
    if (!result.ok) {
      await removeContentImages(stored)
      return refused('save', result.message, 400, values)
    }
    stored.push(result.key)
    about[section].image = result.key
  }
  try {
    const before = await retrieveAboutForm()
    const changes = changedFields(before, about)
    await recordedWrite(
      actor,
      (tx) => saveAboutContent(about, tx),
      () =>
        Object.keys(changes).length > 0
          ? { action: 'about.updated', recordType: 'about', recordId: 'about', recordLabel: 'About page', changes }
          : null,
      { announce: 'about page saved' },
    )
  } catch (error) {
    await removeContentImages(stored)
    throw error
  }
  return data<AboutActionResult>({
    ok: true,
    intent: 'save',
    toast: { title: 'About page content has been updated.', variant: 'success' },
  })
}
