import { eq } from 'drizzle-orm'
import { getDb } from '#app/utils/db.server.ts'
import { promotions } from './schema.server.ts'
import { PROMO_CODE_PATTERN, PromoCodeSchema } from './schemas.ts'
import type { PromotionEvaluation, PromotionLine, PromotionRule } from './types.ts'
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

async function retrievePromotionRule(code: string): Promise<PromotionRule | null> {
  const db = await getDb()
  const [row] = await db
    .select({
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
    })
    .from(promotions)
    .where(eq(promotions.code, code))
    .limit(1)
  return row ?? null
}

/**
 * Checks a promotion code against the cart lines the caller priced from the database: the code
 * must exist (any case), be usable now (active, or scheduled and started, inside its date window)
 * and apply to at least one line; the discount comes from the eligible lines only.
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
  return evaluatePromotionRule(await retrievePromotionRule(normalized), lines, now)
}
