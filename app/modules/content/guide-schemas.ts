import { z } from 'zod'
import { isUuid } from '#app/utils/ids.ts'
import { CONTENT_TITLE_MAX, formText, requiredText } from './form-fields.ts'

/** Back-office §9: a guide is visible, hidden or archived. */
export const GUIDE_STATUSES = ['visible', 'hidden', 'archived'] as const
/** The list filters of /admin/guides, Visible first (the default). */
export const GUIDE_FILTERS = ['visible', 'hidden', 'archived', 'all'] as const
export const GUIDE_DESCRIPTION_MAX = 2_000
export const GUIDE_STEPS_MAX = 50
export const STEP_CONTENT_MAX = 10_000
export const STEP_LINK_MAX = 500
/** Back-office §5: a guide needs a title, a description and a category. */
export const GUIDE_FIELDS_REQUIRED = 'Please fill all required fields.'
export const GUIDE_NOT_FOUND = 'Guide not found. It may have been deleted already.'

const webAddress = /^https?:\/\/\S+$/i

export const GuideStepSchema = z.object({
  title: formText({ label: 'A step title', max: CONTENT_TITLE_MAX, requiredMessage: 'Every step needs a title.' }),
  content: formText({ label: 'A step’s content', max: STEP_CONTENT_MAX, multiline: true }),
  /** A web address, a storage key or a description of the picture; empty means none. */
  image: formText({ label: 'A step image', max: STEP_LINK_MAX }),
  video: formText({ label: 'A video address', max: STEP_LINK_MAX }).refine(
    (video) => !video || webAddress.test(video),
    {
      message: 'A video must be a web address starting with https://.',
    },
  ),
})

export type GuideStepInput = z.infer<typeof GuideStepSchema>

const isBlankStep = (step: unknown) =>
  typeof step === 'object' &&
  step !== null &&
  Object.values(step).every((value) => typeof value !== 'string' || !value.trim())

/**
 * The steps of the guide form, sent as one JSON list of {title, content, image, video}. Steps left
 * completely empty are dropped, so an added step that was never filled in does not block saving.
 */
export const GuideStepsFieldSchema = z
  .unknown()
  .transform((value, context) => {
    if (value === undefined || value === null || value === '') return []
    try {
      const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : null
      if (Array.isArray(parsed)) return parsed.filter((step) => !isBlankStep(step))
    } catch {}
    context.addIssue({ code: 'custom', message: 'The steps could not be read. Please reload the page and try again.' })
    return z.NEVER
  })
  .pipe(
    z
      .array(GuideStepSchema, { error: 'The steps could not be read. Please reload the page and try again.' })
      .max(GUIDE_STEPS_MAX, { error: `A guide can have at most ${GUIDE_STEPS_MAX} steps.` }),
  )

/** The add and edit form of /admin/guides. */
export const GuideFormSchema = z.object({
  title: formText({ label: 'Title', max: CONTENT_TITLE_MAX, requiredMessage: GUIDE_FIELDS_REQUIRED }),
  description: requiredText('Description', GUIDE_DESCRIPTION_MAX, GUIDE_FIELDS_REQUIRED),
  categoryId: z.unknown().refine(isUuid, { message: GUIDE_FIELDS_REQUIRED }),
  steps: GuideStepsFieldSchema,
})

export type GuideForm = { title: string; description: string; categoryId: string; steps: GuideStepInput[] }

const guideId = z.unknown().refine(isUuid, { message: GUIDE_NOT_FOUND })

export const GuideIdFormSchema = z.object({ guideId })

export const GuideStatusFormSchema = z.object({
  guideId,
  status: z.enum(GUIDE_STATUSES, { error: 'Status must be visible, hidden or archived.' }),
})

/** The message of a rejected form: its first problem. */
export function firstProblem(error: z.ZodError, fallback = 'Please check the form and try again.') {
  return error.issues[0]?.message ?? fallback
}
