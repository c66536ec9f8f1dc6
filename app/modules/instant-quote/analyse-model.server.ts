import { existsSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import {
  fileTooLargeMessage,
  OPEN_MESH_MESSAGE,
  TOO_COMPLEX_MODEL_MESSAGE,
  UNREADABLE_MODEL_MESSAGE,
} from './messages.ts'
import type { WorkerAnswer, WorkerInput } from './model-worker.ts'
import type { ModelAnalysis } from './types.ts'
import { bundleModelWorker } from './worker-bundle.server.ts'

// Model analysis off the event loop (ADR 034). three's loaders are synchronous and a file can ask
// them for seconds of work or gigabytes of memory, so each file is read in its own worker thread,
// ended when it runs past the time limit, with its heap capped; the shop keeps serving meanwhile.

export type AnalyseOptions = {
  /** Files larger than this are refused before any parsing. Default 50 MB (the shop's upload limit). */
  maxFileBytes?: number
  /**
   * Wall-clock time the worker may take, start-up included. Default 20 s: a 50 MB binary STL (about
   * a million triangles) takes a few seconds on one busy core.
   */
  timeLimitMs?: number
  /** The worker's V8 heap (old generation). Default 1024 MB: a full 50 MB OBJ or 3MF needs several hundred. */
  maxHeapMb?: number
  /** A 3MF whose parts claim more than this inflated is refused before inflating. Default 200 MB. */
  maxInflatedBytes?: number
  /** Vertices closer than this (file units) are one vertex for the watertight check. Default 1e-4. */
  weldTolerance?: number
}

export const ANALYSIS_DEFAULTS: Required<AnalyseOptions> = {
  maxFileBytes: 50 * 1024 * 1024,
  timeLimitMs: 20_000,
  maxHeapMb: 1024,
  maxInflatedBytes: 200 * 1024 * 1024,
  weldTolerance: 1e-4,
}

/**
 * Reads and measures a 3D model (binary or ASCII STL, 3MF, OBJ; told apart by content, not by
 * the file's name). Answers measures in mm, flagged with a warning when the mesh is open, or a problem
 * with the customer's message; never throws for anything in the file.
 */
export async function analyseModel(
  bytes: Uint8Array,
  _fileName: string,
  options: AnalyseOptions = {},
): Promise<ModelAnalysis> {
  const limits = { ...ANALYSIS_DEFAULTS, ...options }
  if (bytes.byteLength > limits.maxFileBytes) {
    return { ok: false, problem: 'file-too-large', message: fileTooLargeMessage(limits.maxFileBytes) }
  }
  const answer = await inTurn(() =>
    runWorker({ bytes, maxInflatedBytes: limits.maxInflatedBytes, weldTolerance: limits.weldTolerance }, limits),
  )
  if (answer === 'limit') return { ok: false, problem: 'too-complex', message: TOO_COMPLEX_MODEL_MESSAGE }
  if (!answer.ok) {
    const message = answer.problem === 'too-complex' ? TOO_COMPLEX_MODEL_MESSAGE : UNREADABLE_MODEL_MESSAGE
    return { ok: false, problem: answer.problem, message }
  }
  const warnings = answer.measures.watertight ? [] : [{ problem: 'open-mesh' as const, message: OPEN_MESH_MESSAGE }]
  return { ok: true, measures: answer.measures, warnings }
}

// Two analyses at most run at once (each may hold a core and its heap limit); others wait their
// turn, and their time limit starts with their worker.
const MAX_CONCURRENT_ANALYSES = 2
let running = 0
const waiting: Array<() => void> = []

async function inTurn<T>(task: () => Promise<T>): Promise<T> {
  // A finishing analysis hands its place to the next in line, so none can slip in between.
  if (running < MAX_CONCURRENT_ANALYSES) running++
  else await new Promise<void>((resolve) => waiting.push(resolve))
  try {
    return await task()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

/**
 * The worker's file: build/model-worker.mjs, bundled by `npm run build`, when this code runs from
 * the server build (build/server/index.js); when it runs from app/ (vitest, the dev server) the
 * source bundled once per process into a temporary folder. Decided by where this code runs, so a
 * stale build never answers for the source.
 */
let devWorker: Promise<string> | undefined

async function workerFile(): Promise<string> {
  const here = fileURLToPath(import.meta.url)
  if (here.endsWith('.ts')) {
    devWorker ??= (async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'model-worker-'))
      const file = path.join(folder, 'model-worker.mjs')
      await bundleModelWorker(file)
      return file
    })()
    return devWorker
  }
  // Paths built at run time, so the bundler leaves them alone. The server code runs from
  // build/server/index.js, or from a chunk in build/server/assets/ when lazily loaded modules split
  // the build (they do): the worker is build/model-worker.mjs either way (ADR 037).
  const candidates = [['..'], ['..', '..']].map((up) =>
    fileURLToPath(new URL([...up, 'model-worker.mjs'].join('/'), import.meta.url)),
  )
  const bundled = candidates.find((candidate) => existsSync(candidate))
  if (!bundled) throw new Error(`The model analysis worker is missing: ${candidates[0]}. Run npm run build.`)
  return bundled
}

async function runWorker(input: WorkerInput, limits: Required<AnalyseOptions>): Promise<WorkerAnswer | 'limit'> {
  const file = await workerFile()
  return new Promise((resolve, reject) => {
    let settled = false
    const worker = new Worker(file, {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 64 },
    })
    const settle = (answer: WorkerAnswer | 'limit') => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void worker.terminate()
      resolve(answer)
    }
    const timer = setTimeout(() => settle('limit'), limits.timeLimitMs)
    worker.once('message', (answer: WorkerAnswer) => settle(answer))
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') settle('limit')
      else if (!settled) {
        // Not the file's doing (the worker failed to start, or a bug of ours): the caller's error.
        settled = true
        clearTimeout(timer)
        reject(error)
      }
    })
    worker.once('exit', () => settle('limit'))
  })
}
