import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import {
  GUIDE_NOT_FOUND,
  GuideFormSchema,
  GuideIdFormSchema,
  GuideStatusFormSchema,
} from '#app/modules/content/guide-schemas.ts'
import {
  createGuide,
  deleteGuide,
  retrieveAdminGuide,
  setGuideStatus,
  updateGuide,
} from '#app/modules/content/index.server.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { recordedDelete, recordedWrite, savedRecord, statusChangeRecord } from '#app/workflows/recorded-write.server.ts'
import { readEditForm } from '../+shared/edit-form.server.ts'

/** A guide as the activity log compares it: its steps by title. */
function guideFields(guide: {
  title: string
  description: string
  categoryId: string | null
  steps: readonly { title: string }[]
}) {
  return {
    title: guide.title,
    description: guide.description,
    categoryId: guide.categoryId,
    steps: guide.steps.map((step) => step.title),
  }
}

const CATEGORY_GONE = 'That category no longer exists. Choose another one.'

/** Add (a new guide starts visible) or edit (its status stays); the steps are saved in the order shown. */
export async function saveGuide(fields: FormData, intent: 'create' | 'update', actor: ActivityActor) {
  const read = readEditForm(fields, intent, { idField: 'guideId', notFound: GUIDE_NOT_FOUND, schema: GuideFormSchema })
  if (!read.ok) return read.reply
  const { id: guideId } = read
  const form = { ...read.data, categoryId: read.data.categoryId as string }
  const before = guideId ? await retrieveAdminGuide(guideId) : null
  const result = await recordedWrite(
    actor,
    (tx) => (guideId ? updateGuide(guideId, form, tx) : createGuide(form, tx)),
    (saved) =>
      saved.ok
        ? savedRecord(
            'guide',
            saved.guide,
            guideId
              ? { before: before && guideFields(before), after: guideFields(form) }
              : { created: guideFields(form) },
          )
        : null,
    { announce: guideId ? 'guide updated' : 'guide added' },
  )
  if (!result.ok) return refused(intent, result.reason === 'not-found' ? GUIDE_NOT_FOUND : CATEGORY_GONE, 404)
  return guideId
    ? succeeded(intent, 'Guide Updated')
    : succeeded(intent, 'Guide Added', `“${result.guide.title}” is now on the guides page.`)
}

const statusDescriptions = {
  visible: 'is shown on the guides page.',
  hidden: 'is hidden from the guides page.',
  archived: 'is archived.',
}

/** The visibility switch (visible or hidden) and Archive. */
export async function changeGuideStatus(fields: FormData, actor: ActivityActor) {
  const parsed = parseForm(GuideStatusFormSchema, { guideId: fields.get('guideId'), status: fields.get('status') })
  if (!parsed.ok) return refusedForm('set-status', parsed)
  const guideId = parsed.data.guideId as string
  const before = await retrieveAdminGuide(guideId)
  const saved = await recordedWrite(
    actor,
    (tx) => setGuideStatus(guideId, parsed.data.status, tx),
    (row) => statusChangeRecord('guide', before, row),
    { announce: 'guide status changed' },
  )
  if (!saved) return refused('set-status', GUIDE_NOT_FOUND, 404)
  return succeeded(
    'set-status',
    saved.status === 'archived' ? 'Guide Archived' : 'Visibility Updated',
    `“${saved.title}” ${statusDescriptions[saved.status]}`,
  )
}

/** Delete, once confirmed: the guide and its steps are gone for good. */
export async function removeGuide(fields: FormData, actor: ActivityActor) {
  const parsed = parseForm(GuideIdFormSchema, { guideId: fields.get('guideId') })
  if (!parsed.ok) return refused('delete', GUIDE_NOT_FOUND, 404)
  const guideId = parsed.data.guideId as string
  const before = await retrieveAdminGuide(guideId)
  const deleted = await recordedDelete(actor, 'guide', { id: guideId, title: before?.title }, (tx) =>
    deleteGuide(guideId, tx),
  )
  if (!deleted) return refused('delete', GUIDE_NOT_FOUND, 404)
  return succeeded('delete', 'Guide Deleted')
}
