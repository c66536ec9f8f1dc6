/** A field's value before and after a change. */
export type FieldChange = { before: unknown; after: unknown }

/**
 * The fields whose value differs between two versions of a record, compared as JSON (so arrays
 * and objects compare by content, and a Date by its instant). A field `after` leaves undefined
 * is not compared.
 * @example changedFields({ title: 'A', price: 1 }, { title: 'B', price: 1 }) // { title: { before: 'A', after: 'B' } }
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {}
  for (const field of Object.keys(after)) {
    if (after[field] === undefined) continue
    const was = before[field] ?? null
    const is = after[field] ?? null
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[field] = { before: was, after: is }
  }
  return changes
}
