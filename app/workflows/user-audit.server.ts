import type { UserAudit } from '#app/modules/accounts/index.server.ts'
import { type ActivityActor, recordActivity } from '#app/modules/activity/index.server.ts'

/**
 * The activity log's record of an admin's edit of an account (name, e-mail, role, before and
 * after), written by the accounts module inside the edit's own transaction.
 * @example await updateUser(id, input, userAudit({ id: admin.id, label: admin.email }))
 */
export function userAudit(actor: ActivityActor): UserAudit {
  return (tx, change) =>
    recordActivity(
      {
        actor,
        action: 'user.updated',
        recordType: 'user',
        recordId: change.userId,
        recordLabel: change.label,
        changes: change.changes,
      },
      tx,
    )
}
