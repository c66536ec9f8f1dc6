import { countPromotionOrders } from '#app/modules/orders/index.server.ts'
import { type AdminPromotionDto, listPromotions } from '#app/modules/promotions/index.server.ts'

export type AdminPromotionRow = AdminPromotionDto & { uses: number }

/**
 * One page of the back-office promotions list, each with the number of orders that used it so far
 * (from the orders module, one grouped count for the page).
 * @example const { promotions, total } = await listAdminPromotions({ limit: 50, offset: 0 })
 */
export async function listAdminPromotions(page: {
  limit: number
  offset: number
}): Promise<{ promotions: AdminPromotionRow[]; total: number }> {
  const { promotions, total } = await listPromotions(page)
  const uses = await countPromotionOrders(promotions.map((promotion) => promotion.id))
  return { promotions: promotions.map((promotion) => ({ ...promotion, uses: uses.get(promotion.id) ?? 0 })), total }
}
