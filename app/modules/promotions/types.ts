import type { FieldChange } from '#app/rules/changes.ts'
import type { DbOrTx } from '#app/utils/db.server.ts'

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

/** What the promotion's rule alone decides for a cart. */
export type PromotionRuleEvaluation =
  | { ok: true; code: string; discountCents: number; promotion: PromotionSummary }
  | { ok: false }

/** How often a promotion may be used: in all, and by one customer; null for no limit. */
export type PromotionLimits = { usageLimit: number | null; perCustomerLimit: number | null }

export type PromotionEvaluation =
  | (Extract<PromotionRuleEvaluation, { ok: true }> & {
      /** The promotion the code named, and its usage limits, which the caller counts against. */
      promotionId: string
      limits: PromotionLimits
    })
  | { ok: false }

/** Whether a promotion can be used now: live, not started yet, over, or switched off by its status. */
export type PromotionState = 'live' | 'upcoming' | 'ended' | 'inactive'

/** What the back-office saves; the code is upper-cased and the status left as it is. */
export type PromotionInput = Omit<PromotionRule, 'status' | 'productIds' | 'categoryIds'> & {
  productIds: string[]
  categoryIds: string[]
} & PromotionLimits

/** A promotion as the back-office lists and edits it; a fixed value is in cents. */
export type AdminPromotionDto = PromotionInput & { id: string; status: string; createdAt: Date; state: PromotionState }

/**
 * The activity log's hook into a promotion's change, called inside its transaction with the fields
 * that changed (the promotions module never imports the activity module).
 */
export type PromotionAudit = (
  tx: DbOrTx,
  change: {
    action: 'created' | 'updated' | 'deleted'
    promotionId: string
    code: string
    changes: Record<string, FieldChange>
  },
) => Promise<void>

export type SavePromotionResult =
  | { ok: true; promotion: { id: string; code: string } }
  | { ok: false; reason: 'code-taken' | 'not-found' }
