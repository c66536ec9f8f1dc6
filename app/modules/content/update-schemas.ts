import { z } from 'zod'
import { isUuid } from '#app/utils/ids.ts'
import { CONTENT_TITLE_MAX, contentImage, formText, requiredText } from './form-fields.ts'

/** Back-office §9: a news update is visible or hidden. */
export const UPDATE_STATUSES = ['visible', 'hidden'] as const
export const UPDATE_CONTENT_MAX = 10_000
/** Back-office §5: an update needs a title and content. */
export const UPDATE_FIELDS_REQUIRED = 'Title and content cannot be empty.'
export const UPDATE_NOT_FOUND = 'Update not found. It may have been deleted already.'

const updateId = z.string({ error: UPDATE_NOT_FOUND }).refine(isUuid, { message: UPDATE_NOT_FOUND })

/** The add and edit form of /admin/updates. */
export const UpdateFormSchema = z.object({
  title: formText({ label: 'Title', max: CONTENT_TITLE_MAX, requiredMessage: UPDATE_FIELDS_REQUIRED }),
  content: requiredText('Content', UPDATE_CONTENT_MAX, UPDATE_FIELDS_REQUIRED),
  image: contentImage,
})

export type UpdateForm = z.infer<typeof UpdateFormSchema>

export const UpdateIdFormSchema = z.object({ updateId })

export const UpdateStatusFormSchema = z.object({
  updateId,
  status: z.enum(UPDATE_STATUSES, { error: 'Status must be visible or hidden.' }),
})
