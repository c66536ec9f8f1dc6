import { z } from 'zod'
import { isUuid } from '#app/utils/ids.ts'
import { CONTENT_TITLE_MAX, formText, requiredText } from './form-fields.ts'

export const POLICY_SUMMARY_MAX = 400
export const POLICY_CONTENT_MAX = 50_000
/** Back-office §5: a policy needs a title and content. */
export const POLICY_FIELDS_REQUIRED = 'Title and content are required.'
export const POLICY_NOT_FOUND = 'Policy not found. It may have been deleted already.'

/** The create and edit form of /admin/policies; the summary is the text of the policy's card on /policies. */
export const PolicyFormSchema = z.object({
  title: formText({ label: 'Title', max: CONTENT_TITLE_MAX, requiredMessage: POLICY_FIELDS_REQUIRED }),
  summary: formText({ label: 'Summary', max: POLICY_SUMMARY_MAX }),
  content: requiredText('Content', POLICY_CONTENT_MAX, POLICY_FIELDS_REQUIRED),
})

export type PolicyForm = z.infer<typeof PolicyFormSchema>

export const PolicyIdFormSchema = z.object({
  policyId: z.string({ error: POLICY_NOT_FOUND }).refine(isUuid, { message: POLICY_NOT_FOUND }),
})
