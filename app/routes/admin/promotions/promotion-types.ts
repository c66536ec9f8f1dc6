import type { PromotionAppliesTo, PromotionState, PromotionType } from '#app/modules/promotions/types.ts'

/** One promotion as the back-office list shows and edits it; dates are UTC days, YYYY-MM-DD. */
export type PromotionRow = {
  id: string
  name: string
  code: string
  type: PromotionType
  /** Percent, or cents for a fixed discount. */
  value: number
  startDate: string
  endDate: string
  status: string
  state: PromotionState
  appliesTo: PromotionAppliesTo
  productIds: string[]
  categoryIds: string[]
  /** null: no limit. */
  usageLimit: number | null
  perCustomerLimit: number | null
  /** Orders that used it so far (cancelled ones give their use back). */
  uses: number
}

export type { Choice } from '#app/components/admin/choice-picker.tsx'
