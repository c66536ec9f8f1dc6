import type { Size3 } from './types.ts'

export type BuildVolumeCheck = { fits: true } | { fits: false; message: string }

const millimetres = (size: Size3) => `${Math.round(size.x)} × ${Math.round(size.y)} × ${Math.round(size.z)} mm`

/**
 * Whether a model of `size` (mm) fits a printer's build volume `limit` (mm).
 *
 * The shop may turn a part before printing, so the model fits when its dimensions, largest first,
 * each fit the printer's, largest first: the part laid along the axes in its best orientation. A
 * part that fits only when turned by some other angle (diagonally in the bed) is refused: that
 * orientation is for the shop to judge, and the customer can ask.
 */
export function checkBuildVolume(size: Size3, limit: Size3): BuildVolumeCheck {
  const sizes = [size.x, size.y, size.z].sort((a, b) => b - a)
  const limits = [limit.x, limit.y, limit.z].sort((a, b) => b - a)
  if (sizes.every((length, axis) => length <= limits[axis])) return { fits: true }
  return {
    fits: false,
    message: `The model is larger than our printer: ${millimetres(size)}, limit ${millimetres(limit)}`,
  }
}
