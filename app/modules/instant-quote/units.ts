import type { ModelMeasures, ModelUnit } from './types.ts'

/** Millimetres per unit of each unit a 3MF file may declare (3MF core specification, `ST_Unit`). */
export const MILLIMETRES_PER_UNIT: Record<ModelUnit, number> = {
  micron: 0.001,
  millimeter: 1,
  centimeter: 10,
  inch: 25.4,
  foot: 304.8,
  meter: 1000,
}

export function isModelUnit(value: string): value is ModelUnit {
  return Object.hasOwn(MILLIMETRES_PER_UNIT, value)
}

/**
 * Measures of the model scaled by `factor` in every direction (a file drawn in inches is ×25.4):
 * lengths by the factor, areas by its square, volumes by its cube.
 */
export function scaleMeasures(measures: ModelMeasures, factor: number): ModelMeasures {
  return {
    ...measures,
    volumeMm3: measures.volumeMm3 * factor ** 3,
    areaMm2: measures.areaMm2 * factor ** 2,
    size: { x: measures.size.x * factor, y: measures.size.y * factor, z: measures.size.z * factor },
  }
}
