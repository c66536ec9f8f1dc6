import type { AccountRole } from '#app/modules/accounts/types.ts'
import type { ActionResult } from '#app/utils/action-result.ts'

export type UserIntent = 'update' | 'delete' | 'invite'

/** What every /admin/users action answers: the toast that reports it (back-office §1, §8). */
export type UserActionResult = ActionResult<UserIntent>

/** One row of the back-office user list, as the page shows and edits it. */
export type UserRow = {
  id: string
  fullName: string
  email: string
  role: AccountRole
  createdAt: Date | string
  invitationPending: boolean
  isSelf: boolean
}
