import { type ActivityActor, recordActivity } from '#app/modules/activity/index.server.ts'
import { retryMail } from '#app/modules/mail/index.server.ts'
import { getDb } from '#app/utils/db.server.ts'

/**
 * An admin's Retry of a failed delivery, with its activity-log entry. The delivery is a network
 * call that no transaction can hold, so the entry follows it and says how it went.
 * @example const outcome = await retryMailByAdmin(messageId, { id: admin.id, label: admin.email })
 */
export async function retryMailByAdmin(messageId: string, actor: ActivityActor) {
  const outcome = await retryMail(messageId)
  if (outcome.status === 'sent' || outcome.status === 'failed') {
    await recordActivity(
      {
        actor,
        action: outcome.status === 'sent' ? 'mail.retried' : 'mail.retry-failed',
        recordType: 'mail',
        recordId: messageId,
        recordLabel: 'Outbox message',
        changes: outcome.status === 'failed' ? { error: { before: null, after: outcome.error } } : {},
      },
      await getDb(),
    )
  }
  return outcome
}
