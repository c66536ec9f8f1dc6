import type { UserAudit } from '#app/modules/accounts/index.server.ts'
import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { auditedBy } from './recorded-write.server.ts'

/**
 * The activity log's record of an admin's edit of an account (name, e-mail, role, before and
 * after), written by the accounts module inside the edit's own transaction.
 * @example await updateUser(id, input, userAudit({ id: admin.id, label: admin.email }))
 */
export function userAudit(actor: ActivityActor): UserAudit {
  return auditedBy<Parameters<UserAudit>[1]>(actor, (change) => ({
    action: 'user.updated',
    recordType: 'user',
    recordId: change.userId,
    recordLabel: change.label,
    changes: change.changes,
  }))
}
