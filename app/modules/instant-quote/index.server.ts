// Instant quote (issue 15): reading and measuring an uploaded 3D model, and the checks on it.
export { ANALYSIS_DEFAULTS, type AnalyseOptions, analyseModel } from './analyse-model.server.ts'
export { type BuildVolumeCheck, checkBuildVolume } from './build-volume.ts'
export * from './messages.ts'
export type * from './types.ts'
export { isModelUnit, MILLIMETRES_PER_UNIT, scaleMeasures } from './units.ts'
