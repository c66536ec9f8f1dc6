// What the model analysis answers, shared by the server and the instant-quote page (no server code).

export type ModelFormat = 'stl' | '3mf' | 'obj'

/** The units a 3MF file may declare (its `unit` attribute); STL and OBJ declare none and are read as mm. */
export type ModelUnit = 'micron' | 'millimeter' | 'centimeter' | 'inch' | 'foot' | 'meter'

export type Size3 = { x: number; y: number; z: number }

/** A model's measures in millimetres, after the unit the file declares is applied. */
export type ModelMeasures = {
  format: ModelFormat
  triangles: number
  volumeMm3: number
  areaMm2: number
  size: Size3
  /** Every edge is shared by exactly two triangles once vertices at the same position are welded. */
  watertight: boolean
  /** The unit the file declares; the measures are already converted from it to mm. */
  unit: ModelUnit
}

export type ModelProblem = 'unreadable' | 'file-too-large' | 'too-complex'

export type ModelWarning = { problem: 'open-mesh'; message: string }

export type ModelAnalysis =
  | { ok: true; measures: ModelMeasures; warnings: ModelWarning[] }
  | { ok: false; problem: ModelProblem; message: string }

/** An uploaded model as /instant-quote shows it: its measures in mm and what its checks warn of. */
export type QuoteModelView = { id: string; fileName: string; measures: ModelMeasures; warnings: string[] }
