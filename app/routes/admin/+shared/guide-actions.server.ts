import {
  GUIDE_NOT_FOUND,
  GuideFormSchema,
  GuideIdFormSchema,
  GuideStatusFormSchema,
} from '#app/modules/content/guide-schemas.ts'
import { createGuide, deleteGuide, setGuideStatus, updateGuide } from '#app/modules/content/index.server.ts'
import { refused, succeeded } from './content-admin-result.server.ts'

const CATEGORY_GONE = 'That category no longer exists. Choose another one.'

/** Add (a new guide starts visible) or edit (its status stays); the steps are saved in the order shown. */
export async function saveGuide(fields: FormData, intent: 'create' | 'update') {
  let guideId: string | undefined
  if (intent === 'update') {
    const id = GuideIdFormSchema.safeParse({ guideId: fields.get('guideId') })
    if (!id.success) return refused(intent, GUIDE_NOT_FOUND, 404)
    guideId = id.data.guideId as string
  }
  const parsed = GuideFormSchema.safeParse({
    title: fields.get('title'),
    description: fields.get('description'),
    categoryId: fields.get('categoryId'),
    steps: fields.get('steps'),
  })
  if (!parsed.success) return refused(intent, parsed.error.issues[0]?.message ?? 'Please check the form.')
  const form = { ...parsed.data, categoryId: parsed.data.categoryId as string }
  const result = guideId ? await updateGuide(guideId, form) : await createGuide(form)
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
export async function changeGuideStatus(fields: FormData) {
  const parsed = GuideStatusFormSchema.safeParse({ guideId: fields.get('guideId'), status: fields.get('status') })
  if (!parsed.success) return refused('set-status', parsed.error.issues[0]?.message ?? GUIDE_NOT_FOUND)
  const saved = await setGuideStatus(parsed.data.guideId as string, parsed.data.status)
  if (!saved) return refused('set-status', GUIDE_NOT_FOUND, 404)
  return succeeded(
    'set-status',
    saved.status === 'archived' ? 'Guide Archived' : 'Visibility Updated',
    `“${saved.title}” ${statusDescriptions[saved.status]}`,
  )
}

/** Delete, once confirmed: the guide and its steps are gone for good. */
export async function removeGuide(fields: FormData) {
  const parsed = GuideIdFormSchema.safeParse({ guideId: fields.get('guideId') })
  if (!parsed.success || !(await deleteGuide(parsed.data.guideId as string))) {
    return refused('delete', GUIDE_NOT_FOUND, 404)
  }
  return succeeded('delete', 'Guide Deleted')
}
