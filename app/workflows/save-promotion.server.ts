import { listProductCategories, listProductsByIds } from '#app/modules/catalog/index.server.ts'
import { createPromotion, type SavePromotionResult, updatePromotion } from '#app/modules/promotions/index.server.ts'
import type { PromotionForm } from '#app/modules/promotions/schemas.ts'

export type SavePromotionOutcome = SavePromotionResult | { ok: false; reason: 'invalid'; message: string }

/**
 * The back-office's Save on a promotion (back-office §2): a validated form becomes a new promotion
 * (status scheduled), or replaces the one with `promotionId`. What it applies to must exist.
 * @example
 * const parsed = PromotionFormSchema.safeParse(promotionFormValues(formData))
 * if (parsed.success) await savePromotion(parsed.data, { promotionId })
 */
export async function savePromotion(
  form: PromotionForm,
  { promotionId }: { promotionId?: string } = {},
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
  // Step 3: store it; the promotions module keeps codes unique.
  return promotionId ? updatePromotion(promotionId, form) : createPromotion(form)
}

function invalid(message: string): SavePromotionOutcome {
  return { ok: false, reason: 'invalid', message }
}
