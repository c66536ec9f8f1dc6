/** How the back-office writes a figure against the one before it. */

/**
 * How a figure moved against the period before: '+25%', '−10%', 'new' when there was nothing
 * before, null when both are nothing.
 * @example changeLabel(12500, 10000) // '+25%'
 */
export function changeLabel(current: number, previous: number): string | null {
  if (previous === 0) return current === 0 ? null : 'new'
  const percent = Math.round(((current - previous) / previous) * 100)
  return percent === 0 ? '±0%' : percent > 0 ? `+${percent}%` : `−${Math.abs(percent)}%`
}
