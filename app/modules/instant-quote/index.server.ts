// Instant quote (issue 15): reading and measuring an uploaded 3D model, the checks on it, and the
// uploaded models kept for pricing.
export { ANALYSIS_DEFAULTS, type AnalyseOptions, analyseModel } from './analyse-model.server.ts'
export { type BuildVolumeCheck, checkBuildVolume } from './build-volume.ts'
export { isQuoteModelCartToken, quoteModelCartToken } from './cart-tokens.server.ts'
export { guestTokenFor, readGuestToken } from './guest-token.server.ts'
export * from './messages.ts'
export * from './quote-choices.ts'
export {
  deleteQuoteModelsUnlessReferenced,
  deleteUnreferencedQuoteModels,
  quoteModelIsReferenced,
  releaseQuoteModelsOfUser,
} from './quote-model-retention.server.ts'
export {
  createQuoteModel,
  findOwnedQuoteModel,
  findQuoteModel,
  findQuoteModelFile,
  findQuoteModelOfOwners,
  type NewQuoteModel,
  type QuoteModel,
  type QuoteModelOwner,
  quoteModelContentTypes,
} from './quote-models.server.ts'
export * from './quote-options.ts'
export type * from './types.ts'
export { isModelUnit, MILLIMETRES_PER_UNIT, scaleMeasures } from './units.ts'
