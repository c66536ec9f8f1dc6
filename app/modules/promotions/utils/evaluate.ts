import { discountCents } from '#app/rules/pricing.ts'
import type { PromotionLine, PromotionRule, PromotionRuleEvaluation } from '../types.ts'

const usableStatuses = new Set(['active', 'scheduled'])

/**
 * Whether a promotion may be used at `now`: status active, or scheduled and already started, and
 * `now` inside [startDate, endDate]. A scheduled promotion needs no one to flip it to active.
 */
export function isPromotionUsable(promotion: PromotionRule, now: Date): boolean {
  if (!usableStatuses.has(promotion.status)) return false
  const time = now.getTime()
  const start = promotion.startDate.getTime()
  const end = promotion.endDate.getTime()
  if (Number.isNaN(time) || Number.isNaN(start) || Number.isNaN(end)) return false
  return start <= time && time <= end
}

/** Whether the promotion applies to a line's product or category. */
export function isLineEligible(promotion: PromotionRule, line: PromotionLine): boolean {
  if (promotion.appliesTo === 'all') return true
  if (promotion.appliesTo === 'products') return promotion.productIds.includes(line.productId)
  if (promotion.appliesTo === 'categories') {
    return line.categoryId !== null && promotion.categoryIds.includes(line.categoryId)
  }
  return false
}

/** The sum of the lines the promotion applies to; a negative or unreadable line counts as 0. */
export function eligibleSubtotalCents(promotion: PromotionRule, lines: readonly PromotionLine[]): number {
  return lines
    .filter((line) => isLineEligible(promotion, line))
    .reduce((sum, line) => sum + (Number.isFinite(line.subtotalCents) ? Math.max(0, line.subtotalCents) : 0), 0)
}

/**
 * The pure decision behind a promotion code. A promotion that cannot be used now, or that applies
 * to no line of this cart, is not valid; otherwise the discount is taken from the eligible
 * subtotal only and never exceeds it.
 * @example evaluatePromotionRule(summer15, [{ productId, categoryId: null, subtotalCents: 2000 }], now)
 * // { ok: true, code: 'SUMMER15', discountCents: 300, promotion: { name: 'Summer Sale', type: 'percentage', value: 15 } }
 */
export function evaluatePromotionRule(
  promotion: PromotionRule | null | undefined,
  lines: readonly PromotionLine[],
  now: Date,
): PromotionRuleEvaluation {
  if (!promotion || !isPromotionUsable(promotion, now)) return { ok: false }
  if (!lines.some((line) => isLineEligible(promotion, line))) return { ok: false }
  const eligible = eligibleSubtotalCents(promotion, lines)
  return {
    ok: true,
    code: promotion.code,
    discountCents: discountCents({ type: promotion.type, value: promotion.value }, eligible),
    promotion: { name: promotion.name, type: promotion.type, value: promotion.value },
  }
}
