import { parentPort, workerData } from 'node:worker_threads'
import { measureTriangles } from './measure-mesh.ts'
import { readModel, TooComplexModelError } from './read-model.ts'
import type { ModelMeasures } from './types.ts'
import { MILLIMETRES_PER_UNIT, scaleMeasures } from './units.ts'

// The analysis worker: reads the model handed over in workerData, measures it and posts one
// answer. analyse-model.server.ts starts it with a time and a memory limit and ends it when either
// runs out. Production runs build/model-worker.mjs, this file bundled by `npm run build`.

export type WorkerInput = { bytes: Uint8Array; maxInflatedBytes: number; weldTolerance: number }
export type WorkerAnswer =
  | { ok: true; measures: ModelMeasures }
  | { ok: false; problem: 'unreadable' | 'too-complex'; detail: string }

function analyse({ bytes, maxInflatedBytes, weldTolerance }: WorkerInput): WorkerAnswer {
  try {
    const model = readModel(bytes, { maxInflatedBytes })
    const mesh = measureTriangles(model.positions, weldTolerance)
    // Triangles that are all points or lines (a header of zeros, say) are no surface to print.
    if (!(mesh.area > 0)) return { ok: false, problem: 'unreadable', detail: 'no surface' }
    const inFileUnits: ModelMeasures = {
      format: model.format,
      triangles: mesh.triangles,
      volumeMm3: mesh.volume,
      areaMm2: mesh.area,
      size: mesh.size,
      watertight: mesh.watertight,
      unit: model.unit,
    }
    return { ok: true, measures: scaleMeasures(inFileUnits, MILLIMETRES_PER_UNIT[model.unit]) }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    // An allocation the engine refused (a string or buffer past its limits) means too big, not broken.
    const refusedAllocation = error instanceof RangeError && /allocat|string length|array buffer|memory/i.test(detail)
    if (error instanceof TooComplexModelError || refusedAllocation) return { ok: false, problem: 'too-complex', detail }
    return { ok: false, problem: 'unreadable', detail }
  }
}

parentPort?.postMessage(analyse(workerData as WorkerInput))
