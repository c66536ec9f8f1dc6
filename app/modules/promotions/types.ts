export type PromotionType = 'percentage' | 'fixed'
export type PromotionAppliesTo = 'all' | 'products' | 'categories'

/** What decides whether a promotion may be used, and on which lines. */
export type PromotionRule = {
  name: string
  code: string
  type: PromotionType
  /** Percent (0-100) for a percentage promotion, cents for a fixed one. */
  value: number
  startDate: Date
  endDate: Date
  /** 'active' and 'scheduled' can be used inside the date window; any other status cannot. */
  status: string
  appliesTo: PromotionAppliesTo
  productIds: readonly string[]
  categoryIds: readonly string[]
}

/** One priced cart line, as the caller computed it from database prices. */
export type PromotionLine = {
  productId: string
  categoryId: string | null
  subtotalCents: number
}

export type PromotionSummary = { name: string; type: PromotionType; value: number }

export type PromotionEvaluation =
  | { ok: true; code: string; discountCents: number; promotion: PromotionSummary }
  | { ok: false }
