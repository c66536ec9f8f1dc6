export { evaluatePromotion } from './service.server.ts'
export type {
  PromotionAppliesTo,
  PromotionEvaluation,
  PromotionLine,
  PromotionSummary,
  PromotionType,
} from './types.ts'
