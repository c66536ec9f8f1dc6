export {
  createPromotion,
  deletePromotion,
  listPromotions,
  promotionState,
  updatePromotion,
} from './manage.server.ts'
export { evaluatePromotion } from './service.server.ts'
export type {
  AdminPromotionDto,
  PromotionAppliesTo,
  PromotionEvaluation,
  PromotionInput,
  PromotionLine,
  PromotionState,
  PromotionSummary,
  PromotionType,
  SavePromotionResult,
} from './types.ts'
