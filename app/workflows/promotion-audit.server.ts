import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import type { PromotionAudit } from '#app/modules/promotions/index.server.ts'
import { auditedBy } from './recorded-write.server.ts'

/**
 * The activity log's record of an admin's change to a promotion (created, edited with every
 * changed field, deleted), written by the promotions module inside the change's own transaction.
 * @example await deletePromotion(id, promotionAudit({ id: admin.id, label: admin.email }))
 */
export function promotionAudit(actor: ActivityActor): PromotionAudit {
  return auditedBy<Parameters<PromotionAudit>[1]>(actor, (change) => ({
    action: `promotion.${change.action}`,
    recordType: 'promotion',
    recordId: change.promotionId,
    recordLabel: `Promotion ${change.code}`,
    changes: change.changes,
  }))
}
