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

/** Whether a promotion can be used now: live, not started yet, over, or switched off by its status. */
export type PromotionState = 'live' | 'upcoming' | 'ended' | 'inactive'

/** A promotion as the back-office lists and edits it; a fixed value is in cents. */
export type AdminPromotionDto = {
  id: string
  name: string
  code: string
  type: PromotionType
  value: number
  startDate: Date
  endDate: Date
  status: string
  appliesTo: PromotionAppliesTo
  productIds: string[]
  categoryIds: string[]
  createdAt: Date
  state: PromotionState
}

/** What the back-office saves; the code is upper-cased and the status left as it is. */
export type PromotionInput = {
  name: string
  code: string
  type: PromotionType
  value: number
  startDate: Date
  endDate: Date
  appliesTo: PromotionAppliesTo
  productIds: string[]
  categoryIds: string[]
}

export type SavePromotionResult =
  | { ok: true; promotion: { id: string; code: string } }
  | { ok: false; reason: 'code-taken' | 'not-found' }
