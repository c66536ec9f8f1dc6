/** A whole number from a text field, never below `min`; anything unreadable is `min`. */
export function toCount(text: string, min: number) {
  const value = Number.parseInt(text, 10)
  return Number.isFinite(value) ? Math.min(9999, Math.max(min, value)) : min
}
