import type { Size3 } from './types.ts'

export type MeshMeasures = {
  triangles: number
  volume: number
  area: number
  size: Size3
  watertight: boolean
}

/**
 * Measures a triangle soup: nine coordinates per triangle, in the file's units.
 *
 * Volume is the sum of the signed tetrahedra each triangle makes with the origin (exact for a
 * closed mesh, whatever its position; its sign only says which way the faces turn). Watertight
 * means every edge is shared by exactly two triangles once vertices closer than `weldTolerance`
 * are welded: files such as STL store each triangle's corners apart, so edges only meet after
 * welding.
 */
export function measureTriangles(positions: Float32Array, weldTolerance = 1e-4): MeshMeasures {
  const triangles = positions.length / 9
  let volume = 0
  let area = 0
  const min = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY]
  const max = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY]
  for (let i = 0; i < positions.length; i += 9) {
    const ax = positions[i]
    const ay = positions[i + 1]
    const az = positions[i + 2]
    const bx = positions[i + 3]
    const by = positions[i + 4]
    const bz = positions[i + 5]
    const cx = positions[i + 6]
    const cy = positions[i + 7]
    const cz = positions[i + 8]
    volume += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6
    const ux = bx - ax
    const uy = by - ay
    const uz = bz - az
    const vx = cx - ax
    const vy = cy - ay
    const vz = cz - az
    const nx = uy * vz - uz * vy
    const ny = uz * vx - ux * vz
    const nz = ux * vy - uy * vx
    area += Math.sqrt(nx * nx + ny * ny + nz * nz) / 2
  }
  for (let i = 0; i < positions.length; i++) {
    const axis = i % 3
    const value = positions[i]
    if (value < min[axis]) min[axis] = value
    if (value > max[axis]) max[axis] = value
  }
  const size = triangles > 0 ? { x: max[0] - min[0], y: max[1] - min[1], z: max[2] - min[2] } : { x: 0, y: 0, z: 0 }
  return { triangles, volume: Math.abs(volume), area, size, watertight: isClosed(positions, weldTolerance) }
}

/**
 * Whether every edge is used by exactly two triangles, once corners on the same point of a grid of
 * `weldTolerance` are one vertex (the rounding three's mergeVertices does). Done with typed arrays,
 * not mergeVertices: that builds a string per corner, about 5 s for a million triangles, and the
 * analysis has a time limit to keep.
 */
function isClosed(positions: Float32Array, weldTolerance: number): boolean {
  if (positions.length === 0) return false
  const { vertexOf, vertexCount } = weld(positions, weldTolerance)
  // Each undirected edge as one number (smaller vertex × count + larger): exact while count² < 2⁵³.
  // Sorted, every edge must appear exactly twice in a row.
  const edges = new Float64Array(vertexOf.length)
  for (let corner = 0; corner < vertexOf.length; corner++) {
    const a = vertexOf[corner]
    const b = vertexOf[corner % 3 === 2 ? corner - 2 : corner + 1]
    edges[corner] = a < b ? a * vertexCount + b : b * vertexCount + a
  }
  edges.sort()
  for (let i = 0; i < edges.length; i += 2) {
    if (edges[i] !== edges[i + 1] || edges[i + 2] === edges[i]) return false
  }
  return true
}

/** Gives each corner the number of its vertex: corners that round to the same grid point share one. */
function weld(positions: Float32Array, tolerance: number) {
  const corners = positions.length / 3
  const vertexOf = new Uint32Array(corners)
  // Open addressing: a slot holds a vertex number + 1 (0 is empty); at most half the slots fill.
  const slots = new Int32Array(2 ** Math.ceil(Math.log2(corners * 2 + 1)))
  const mask = slots.length - 1
  const grid = new Float64Array(corners * 3)
  let vertexCount = 0
  for (let corner = 0; corner < corners; corner++) {
    const x = Math.round(positions[corner * 3] / tolerance)
    const y = Math.round(positions[corner * 3 + 1] / tolerance)
    const z = Math.round(positions[corner * 3 + 2] / tolerance)
    let slot = (Math.imul(x | 0, 73856093) ^ Math.imul(y | 0, 19349663) ^ Math.imul(z | 0, 83492791)) & mask
    for (;;) {
      const held = slots[slot]
      if (held === 0) {
        grid[vertexCount * 3] = x
        grid[vertexCount * 3 + 1] = y
        grid[vertexCount * 3 + 2] = z
        slots[slot] = ++vertexCount
        vertexOf[corner] = vertexCount - 1
        break
      }
      const v = held - 1
      if (grid[v * 3] === x && grid[v * 3 + 1] === y && grid[v * 3 + 2] === z) {
        vertexOf[corner] = v
        break
      }
      slot = (slot + 1) & mask
    }
  }
  return { vertexOf, vertexCount }
}
