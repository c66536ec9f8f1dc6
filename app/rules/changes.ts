/**
 * Who made a change, as the activity log and a record's own history name it: an account (null for
 * the system, or once the account is deleted) and a label that stays readable either way.
 */
export type ChangeActor = { id: string | null; label: string }

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

/** Every field of a new record, as changed from nothing. */
export function createdFields(fields: Record<string, unknown>): Record<string, FieldChange> {
  return Object.fromEntries(Object.entries(fields).map(([field, after]) => [field, { before: null, after }]))
}

/** Every field of a deleted record, as changed to nothing. */
export function deletedFields(fields: Record<string, unknown>): Record<string, FieldChange> {
  return Object.fromEntries(Object.entries(fields).map(([field, before]) => [field, { before, after: null }]))
}
