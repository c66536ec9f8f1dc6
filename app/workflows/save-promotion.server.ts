import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import { listProductCategories, listProductsByIds } from '#app/modules/catalog/index.server.ts'
import {
  createPromotion,
  deletePromotion,
  type SavePromotionResult,
  updatePromotion,
} from '#app/modules/promotions/index.server.ts'
import type { PromotionForm } from '#app/modules/promotions/schemas.ts'
import { promotionAudit } from './promotion-audit.server.ts'

export type SavePromotionOutcome = SavePromotionResult | { ok: false; reason: 'invalid'; message: string }

/**
 * The back-office's Save on a promotion (back-office §2): a validated form becomes a new promotion
 * (status scheduled), or replaces the one with `promotionId`. What it applies to must exist.
 * @example
 * const parsed = PromotionFormSchema.safeParse(promotionFormValues(formData))
 * if (parsed.success) await savePromotion(parsed.data, { promotionId, actor })
 */
export async function savePromotion(
  form: PromotionForm,
  { promotionId, actor }: { promotionId?: string; actor: ActivityActor },
): Promise<SavePromotionOutcome> {
  // Step 1: the products it is limited to exist (of any status: a hidden product may come back).
  if (form.productIds.length > 0) {
    const known = new Set((await listProductsByIds(form.productIds)).map((product) => product.id))
    if (form.productIds.some((id) => !known.has(id))) return invalid('A chosen product does not exist any more.')
  }
  // Step 2: so do the categories.
  if (form.categoryIds.length > 0) {
    const known = new Set((await listProductCategories()).map((category) => category.id))
    if (form.categoryIds.some((id) => !known.has(id))) return invalid('A chosen category does not exist any more.')
  }
  // Step 3: store it (the promotions module keeps codes unique), with its activity-log entry.
  const audit = promotionAudit(actor)
  return promotionId ? updatePromotion(promotionId, form, audit) : createPromotion(form, audit)
}

function invalid(message: string): SavePromotionOutcome {
  return { ok: false, reason: 'invalid', message }
}

/**
 * Deletes a promotion with its activity-log entry; its code stops working at once, and the orders
 * that used it keep their discount and code. Null when there was none.
 * @example const deleted = await removePromotion(id, actor)
 */
export function removePromotion(promotionId: string, actor: ActivityActor) {
  return deletePromotion(promotionId, promotionAudit(actor))
}
