import type { ActionResult } from '#app/utils/action-result.ts'

export const UPDATE_FIELDS = ['updateId', 'title', 'content', 'image'] as const
/** What the update form sent, returned with a refusal so a form posted without JavaScript keeps it. */
export type UpdateFormValues = Record<(typeof UPDATE_FIELDS)[number], string>
export type UpdateActionResult = ActionResult<string, UpdateFormValues>

/** One update of the back-office list. */
export type UpdateRow = {
  id: string
  title: string
  content: string
  image: string
  status: 'visible' | 'hidden'
  date: string
}
