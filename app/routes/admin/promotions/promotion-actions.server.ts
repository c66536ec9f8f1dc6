import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import {
  PROMOTION_CODE_TAKEN,
  PROMOTION_NOT_FOUND,
  PromotionFormSchema,
  PromotionIdSchema,
  promotionFormValues,
} from '#app/modules/promotions/schemas.ts'
import { refused, refusedForm, succeeded } from '#app/utils/action-reply.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import { parseForm } from '#app/utils/parse-form.ts'
import { removePromotion, savePromotion } from '#app/workflows/save-promotion.server.ts'

const failure = (status: number, description: string) => refused(null, description, status)

/** Create (no promotionId) or edit: validated here, the code upper-cased and kept unique. */
export async function savePromotionFromForm(form: FormData, intent: 'create' | 'update', actor: ActivityActor) {
  let promotionId: string | undefined
  if (intent === 'update') {
    const id = parseForm(PromotionIdSchema, { promotionId: form.get('promotionId') })
    if (!id.ok) return failure(404, PROMOTION_NOT_FOUND)
    promotionId = id.data.promotionId
  }
  const parsed = parseForm(PromotionFormSchema, promotionFormValues(form))
  if (!parsed.ok) return refusedForm(null, parsed)
  try {
    const result = await savePromotion(parsed.data, { promotionId, actor })
    if (!result.ok) {
      if (result.reason === 'invalid') return failure(400, result.message)
      if (result.reason === 'not-found') return failure(404, PROMOTION_NOT_FOUND)
      return failure(409, PROMOTION_CODE_TAKEN)
    }
    return succeeded(
      null,
      intent === 'create' ? 'Promotion Created' : 'Promotion Updated',
      `Code ${result.promotion.code}.`,
    )
  } catch (err) {
    logger.error({ err, promotionId }, 'Promotion could not be saved')
    return failure(500, 'The promotion could not be saved. Please try again.')
  }
}

/** Delete, after the page has asked for confirmation; the code stops working at once. */
export async function deletePromotionFromForm(form: FormData, actor: ActivityActor) {
  const parsed = parseForm(PromotionIdSchema, { promotionId: form.get('promotionId') })
  if (!parsed.ok) return failure(404, PROMOTION_NOT_FOUND)
  try {
    const deleted = await removePromotion(parsed.data.promotionId, actor)
    if (!deleted) return failure(404, PROMOTION_NOT_FOUND)
    return succeeded(null, 'Promotion Deleted', `Code ${deleted.code}.`)
  } catch (err) {
    logger.error({ err, promotionId: parsed.data.promotionId }, 'Promotion could not be deleted')
    return failure(500, 'The promotion could not be deleted. Please try again.')
  }
}

export function unknownIntent() {
  return failure(400, 'Unknown request.')
}
