import { DOMParser as LinkedomParser } from 'linkedom'
import { type BufferGeometry, Matrix4, Mesh, type Object3D, Vector3 } from 'three'
import { unzipSync } from 'three/examples/jsm/libs/fflate.module.js'
import { ThreeMFLoader } from 'three/examples/jsm/loaders/3MFLoader.js'
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js'
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js'
import type { ModelFormat, ModelUnit } from './types.ts'
import { isModelUnit } from './units.ts'

// Reading a model file into triangles with three's loaders. Runs inside the analysis worker
// (model-worker.ts): the loaders are synchronous and a hostile file can make them slow or greedy.

/** The file is not a model we can read: its format is unknown, or the loader found it broken. */
export class UnreadableModelError extends Error {}
/** The file would need more than the analysis may use (a 3MF that inflates beyond the limit). */
export class TooComplexModelError extends Error {}

export type ReadModel = { format: ModelFormat; unit: ModelUnit; positions: Float32Array }

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const STL_HEADER_BYTES = 84
const STL_TRIANGLE_BYTES = 50
// Text formats are recognised from their first 64 KB: enough for any header or comment block.
const SNIFF_BYTES = 64 * 1024

/** The format by content, never by the name: a zip is a 3MF, a binary STL's size matches its count. */
export function detectFormat(bytes: Uint8Array): ModelFormat | 'binary-stl' | null {
  if (ZIP_MAGIC.every((byte, i) => bytes[i] === byte)) return '3mf'
  if (bytes.length >= STL_HEADER_BYTES) {
    const count = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true)
    if (count > 0 && STL_HEADER_BYTES + count * STL_TRIANGLE_BYTES === bytes.length) return 'binary-stl'
  }
  const head = new TextDecoder().decode(bytes.subarray(0, SNIFF_BYTES))
  if (/^\s*solid\b/.test(head.replace(/^\uFEFF/, '')) && /\bfacet\b/.test(head)) return 'stl'
  if (
    /^v\s/m.test(head) &&
    (/^f\s/m.test(head) || /^f\s/m.test(new TextDecoder().decode(bytes.subarray(-SNIFF_BYTES))))
  )
    return 'obj'
  return null
}

export function readModel(bytes: Uint8Array, { maxInflatedBytes }: { maxInflatedBytes: number }): ReadModel {
  const format = detectFormat(bytes)
  if (!format) throw new UnreadableModelError('unknown format')
  // The loaders report a broken file on the console and carry on; any such report makes it unreadable.
  const complaints: unknown[] = []
  const { error, warn } = console
  console.error = (...args: unknown[]) => complaints.push(args)
  console.warn = (...args: unknown[]) => complaints.push(args)
  try {
    const { root, unit } = load(format, bytes, maxInflatedBytes)
    if (complaints.length > 0) throw new UnreadableModelError(String(complaints[0]))
    const positions = trianglesOf(root)
    if (positions.length === 0 || !positions.every(Number.isFinite)) throw new UnreadableModelError('no triangles')
    return { format: format === 'binary-stl' ? 'stl' : format, unit, positions }
  } finally {
    console.error = error
    console.warn = warn
  }
}

function load(format: ModelFormat | 'binary-stl', bytes: Uint8Array, maxInflatedBytes: number) {
  const millimetres = 'millimeter' as ModelUnit
  switch (format) {
    case 'binary-stl':
    case 'stl': {
      const data = format === 'stl' ? new TextDecoder().decode(bytes) : arrayBufferOf(bytes)
      return { root: new Mesh(new STLLoader().parse(data)) as Object3D, unit: millimetres }
    }
    case 'obj':
      return { root: new OBJLoader().parse(new TextDecoder().decode(bytes)), unit: millimetres }
    case '3mf':
      return load3mf(bytes, maxInflatedBytes)
  }
}

/**
 * A 3MF is a zip. Its central directory states each part's inflated size, and fflate inflates a
 * part into a buffer of exactly that size (a part that claims less than it holds is cut short, so
 * its XML breaks): refusing archives that claim more than `maxInflatedBytes` bounds the memory
 * before anything is inflated. The loader reads the XML with a DOM; linkedom provides it in Node.
 */
function load3mf(bytes: Uint8Array, maxInflatedBytes: number) {
  let inflated = 0
  try {
    unzipSync(bytes, {
      filter: (file) => {
        inflated += file.originalSize
        return false
      },
    })
  } catch {
    throw new UnreadableModelError('broken zip')
  }
  if (inflated > maxInflatedBytes) throw new TooComplexModelError(`inflates to ${inflated} bytes`)
  let unit: ModelUnit = 'millimeter'
  const previous = globalThis.DOMParser
  // The root model part is parsed last; its `unit` is the file's.
  class XmlParser {
    parseFromString(text: string) {
      const document = new LinkedomParser().parseFromString(text, 'text/xml')
      const root = document.documentElement
      if (root?.nodeName.toLowerCase() === 'model') {
        const declared = root.getAttribute('unit') ?? 'millimeter'
        if (!isModelUnit(declared)) throw new UnreadableModelError(`unknown unit ${declared}`)
        unit = declared
      }
      return document
    }
  }
  globalThis.DOMParser = XmlParser as unknown as typeof DOMParser
  try {
    const root = new ThreeMFLoader().parse(arrayBufferOf(bytes))
    return { root, unit }
  } finally {
    globalThis.DOMParser = previous
  }
}

function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
}

const IDENTITY = new Matrix4()

/** Every mesh's triangles in one array, placed by its transforms (3MF build items and components). */
function trianglesOf(root: Object3D): Float32Array {
  root.updateMatrixWorld(true)
  const meshes: Mesh[] = []
  root.traverse((object) => {
    if ((object as Mesh).isMesh) meshes.push(object as Mesh)
  })
  const corners = meshes.reduce((sum, mesh) => sum + cornerCount(mesh.geometry), 0)
  if (corners % 3 !== 0) throw new UnreadableModelError('incomplete triangles')
  const positions = new Float32Array(corners * 3)
  const point = new Vector3()
  let at = 0
  for (const mesh of meshes) {
    const position = mesh.geometry.getAttribute('position')
    const index = mesh.geometry.getIndex()
    if (!position) continue
    const count = cornerCount(mesh.geometry)
    if (
      !index &&
      mesh.matrixWorld.equals(IDENTITY) &&
      position.array instanceof Float32Array &&
      position.itemSize === 3
    ) {
      // The common case (STL, OBJ): the loader's array as it is.
      positions.set(position.array.subarray(0, count * 3), at)
      at += count * 3
      continue
    }
    for (let i = 0; i < count; i++) {
      point.fromBufferAttribute(position, index ? index.getX(i) : i).applyMatrix4(mesh.matrixWorld)
      positions[at++] = point.x
      positions[at++] = point.y
      positions[at++] = point.z
    }
  }
  return positions
}

function cornerCount(geometry: BufferGeometry): number {
  const position = geometry.getAttribute('position')
  if (!position) return 0
  return geometry.getIndex()?.count ?? position.count
}
