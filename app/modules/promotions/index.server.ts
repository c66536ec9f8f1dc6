export {
  createPromotion,
  deletePromotion,
  findPromotionCode,
  listPromotions,
  lockPromotionLimits,
  promotionState,
  updatePromotion,
} from './manage.server.ts'
export { evaluatePromotion } from './service.server.ts'
export type {
  AdminPromotionDto,
  PromotionAppliesTo,
  PromotionAudit,
  PromotionEvaluation,
  PromotionInput,
  PromotionLimits,
  PromotionLine,
  PromotionState,
  PromotionSummary,
  PromotionType,
  SavePromotionResult,
} from './types.ts'
