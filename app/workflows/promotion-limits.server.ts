import { countPromotionUses } from '#app/modules/orders/index.server.ts'
import { lockPromotionLimits, type PromotionLimits } from '#app/modules/promotions/index.server.ts'
import type { DbOrTx } from '#app/utils/db.server.ts'

/** The cart's answer when a code's usage limit is reached. */
export const PROMOTION_USED_UP = 'This code has reached its usage limit.'
/** A code limited per customer is counted by account, so a guest must sign in first. */
export const PROMOTION_SIGN_IN = 'Sign in to use this code: it can be used a limited number of times per customer.'
export const PROMOTION_USED_BY_YOU = 'You have already used this code as many times as it allows.'
const PROMOTION_GONE = 'The code you entered is not valid.'

export type PromotionBuyer = { id: string; email: string } | null

async function limitProblem(
  promotionId: string,
  limits: PromotionLimits,
  buyer: PromotionBuyer,
  tx?: DbOrTx,
): Promise<string | null> {
  const { usageLimit, perCustomerLimit } = limits
  if (usageLimit === null && perCustomerLimit === null) return null
  if (perCustomerLimit !== null && !buyer) return PROMOTION_SIGN_IN
  const customer = perCustomerLimit !== null && buyer ? { userId: buyer.id, email: buyer.email } : null
  const uses = await countPromotionUses(promotionId, { customer }, tx)
  if (usageLimit !== null && uses.total >= usageLimit) return PROMOTION_USED_UP
  if (perCustomerLimit !== null && uses.byCustomer >= perCustomerLimit) return PROMOTION_USED_BY_YOU
  return null
}

/**
 * Why a promotion cannot be used once more by this buyer, or null when it can: its uses so far
 * (orders and open checkouts) against its limits in all and per customer. For pricing a cart;
 * a checkout claims its use with claimPromotionUse.
 * @example const problem = await promotionLimitProblem(evaluation, viewer)
 */
export function promotionLimitProblem(
  promotion: { promotionId: string; limits: PromotionLimits },
  buyer: PromotionBuyer,
): Promise<string | null> {
  return limitProblem(promotion.promotionId, promotion.limits, buyer)
}

/**
 * The same check inside a checkout's transaction: the promotion's row is locked first and its
 * limits read again, so two checkouts take turns over the last use. The caller then records its
 * use (the open checkout) in the same transaction; null means it may.
 * @example const problem = await claimPromotionUse(promotionId, viewer, tx)
 */
export async function claimPromotionUse(
  promotionId: string,
  buyer: PromotionBuyer,
  tx: DbOrTx,
): Promise<string | null> {
  const limits = await lockPromotionLimits(promotionId, tx)
  if (!limits) return PROMOTION_GONE
  return limitProblem(promotionId, limits, buyer, tx)
}
