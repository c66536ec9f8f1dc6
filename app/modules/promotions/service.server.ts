import { eq } from 'drizzle-orm'
import { getDb } from '#app/utils/db.server.ts'
import { promotions } from './schema.server.ts'
import { PROMO_CODE_PATTERN, PromoCodeSchema } from './schemas.ts'
import type { PromotionEvaluation, PromotionLimits, PromotionLine, PromotionRule } from './types.ts'
import { evaluatePromotionRule } from './utils/evaluate.ts'

/**
 * Codes are stored upper-cased, so a visitor's code matches whatever case it was typed in. Text no
 * code can be made of (a space, a NUL) is no code, and is never looked up.
 */
function normalizeCode(code: string): string | null {
  const parsed = PromoCodeSchema.safeParse(code)
  if (!parsed.success || !PROMO_CODE_PATTERN.test(parsed.data)) return null
  return parsed.data.toUpperCase()
}

type StoredPromotion = PromotionRule & { id: string } & PromotionLimits

/** A promotion's rule and limits (`StoredPromotion`); the back-office reads these and more. */
export const promotionColumns = {
  id: promotions.id,
  name: promotions.name,
  code: promotions.code,
  type: promotions.type,
  value: promotions.value,
  startDate: promotions.startDate,
  endDate: promotions.endDate,
  status: promotions.status,
  appliesTo: promotions.appliesTo,
  productIds: promotions.productIds,
  categoryIds: promotions.categoryIds,
  usageLimit: promotions.usageLimit,
  perCustomerLimit: promotions.perCustomerLimit,
}

async function retrievePromotion(code: string): Promise<StoredPromotion | null> {
  const db = await getDb()
  const [row] = await db.select(promotionColumns).from(promotions).where(eq(promotions.code, code)).limit(1)
  return row ?? null
}

/**
 * Checks a promotion code against the cart lines the caller priced from the database: the code
 * must exist (any case), be usable now (active, or scheduled and started, inside its date window)
 * and apply to at least one line; the discount comes from the eligible lines only. Its usage limits
 * are returned, not checked: the uses are orders and checkouts, which the caller counts.
 * @example
 * const result = await evaluatePromotion({ code: 'summer15', lines: [{ productId, categoryId, subtotalCents: 2000 }] })
 * if (result.ok) result.discountCents // 300
 */
export async function evaluatePromotion({
  code,
  lines,
  now = new Date(),
}: {
  code: string
  lines: readonly PromotionLine[]
  now?: Date
}): Promise<PromotionEvaluation> {
  const normalized = normalizeCode(code)
  if (!normalized) return { ok: false }
  const promotion = await retrievePromotion(normalized)
  const evaluation = evaluatePromotionRule(promotion, lines, now)
  if (!evaluation.ok || !promotion) return { ok: false }
  return {
    ...evaluation,
    promotionId: promotion.id,
    limits: { usageLimit: promotion.usageLimit, perCustomerLimit: promotion.perCustomerLimit },
  }
}
