import { type ActivityActor, type ActivityEntry, recordActivity } from '#app/modules/activity/index.server.ts'
import { changedFields, createdFields, deletedFields } from '#app/rules/changes.ts'
import { type DbOrTx, getDb, type Tx } from '#app/utils/db.server.ts'
import { announcePublicChange } from '#app/utils/public-change.server.ts'

/** What a write did, for the activity log; the actor is added by recordedWrite. */
export type WriteRecord = Omit<ActivityEntry, 'actor'>

/**
 * One admin write and its activity-log entry in one transaction: `write` runs with the transaction,
 * `entriesOf` turns its result into the entry (or one per record it changed), or null when nothing
 * changed (refused, not found), and then nothing is recorded. A write that changes public pages names the change in `announce`; it is
 * announced once committed (a module's write inside a transaction leaves that to its caller).
 * @example
 * const deleted = await recordedWrite(actor, (tx) => deleteGuide(id, tx), (ok) =>
 *   ok ? { action: 'guide.deleted', recordType: 'guide', recordId: id, recordLabel: title } : null,
 * { announce: 'guide deleted' })
 */
export async function recordedWrite<T>(
  actor: ActivityActor,
  write: (tx: Tx) => Promise<T>,
  entriesOf: (result: T) => WriteRecord | readonly WriteRecord[] | null,
  { announce }: { announce?: string } = {},
): Promise<T> {
  const db = await getDb()
  let recorded = false
  const result = await db.transaction(async (tx) => {
    const result = await write(tx)
    const described = entriesOf(result)
    const entries = described === null ? [] : Array.isArray(described) ? described : [described as WriteRecord]
    for (const entry of entries) await recordActivity({ ...entry, actor }, tx)
    recorded = entries.length > 0
    return result
  })
  if (recorded && announce) announcePublicChange(announce)
  return result
}

/**
 * The audit callback a module calls inside its own transaction (`InvoiceAudit`, `PromotionAudit`,
 * `UserAudit`): `recordOf` turns the module's account of its change into the activity-log entry,
 * which is written in that same transaction with the actor added.
 * @example
 * const audit: PromotionAudit = auditedBy(actor, (change) => ({ action: `promotion.${change.action}`, … }))
 */
export function auditedBy<Change>(
  actor: ActivityActor,
  recordOf: (change: Change) => WriteRecord,
): (tx: DbOrTx, change: Change) => Promise<void> {
  return (tx, change) => recordActivity({ ...recordOf(change), actor }, tx)
}

/**
 * A visibility switch's entry (`guide.status-changed`), or none when the record is gone or its
 * status stayed as it was.
 * @example recordedWrite(actor, (tx) => setGuideStatus(id, status, tx), (row) => statusChangeRecord('guide', before, row))
 */
export function statusChangeRecord(
  recordType: string,
  before: { status: string } | null,
  row: { id: string; title: string; status: string } | null,
): WriteRecord | null {
  if (!row || row.status === before?.status) return null
  return {
    action: `${recordType}.status-changed`,
    recordType,
    recordId: row.id,
    recordLabel: row.title,
    changes: { status: { before: before?.status ?? null, after: row.status } },
  }
}

/** What an entry names a record by: its id and the title it has now. */
type TitledRow = { id: string; title: string }

/**
 * What a save from a record's form changed: every field when it `created` the record, else the
 * fields of `after` that differ from `before` (the record as it was; null when it was not found).
 */
export type SavedFields<Fields extends Record<string, unknown>> =
  | { created: Fields }
  | { before: Fields | null; after: Fields }

/**
 * The entry of a record added (`guide.created`, every field) or edited (`guide.updated`, the fields
 * that changed) from its form; none when the write found no record to save.
 * @example recordedWrite(actor, (tx) => updateGuide(id, form, tx), (saved) => savedRecord('guide', saved, { before, after }))
 */
export function savedRecord<Fields extends Record<string, unknown>>(
  recordType: string,
  row: TitledRow | null,
  fields: SavedFields<Fields>,
): WriteRecord | null {
  if (!row) return null
  const created = 'created' in fields
  return {
    action: `${recordType}.${created ? 'created' : 'updated'}`,
    recordType,
    recordId: row.id,
    recordLabel: row.title,
    changes: created ? createdFields(fields.created) : fields.before ? changedFields(fields.before, fields.after) : {},
  }
}

/**
 * Adds a record or saves an edit of it, with its entry (savedRecord) in the same transaction, and
 * announces it (`policy added`, `policy updated`) for the public pages. Resolves to what `write`
 * saved, or null when the edited record is gone (then nothing is recorded).
 * @example
 * const saved = await recordedSave(actor, 'policy', { before, after }, (tx) => updatePolicy(id, form, tx))
 */
export function recordedSave<Saved extends TitledRow | null, Fields extends Record<string, unknown>>(
  actor: ActivityActor,
  recordType: string,
  fields: SavedFields<Fields>,
  write: (tx: Tx) => Promise<Saved>,
): Promise<Saved> {
  return recordedWrite(actor, write, (row) => savedRecord(recordType, row, fields), {
    announce: `${recordType} ${'created' in fields ? 'added' : 'updated'}`,
  })
}

/**
 * Deletes a record for good with its entry (`policy.deleted`, named by the title it had) in the
 * same transaction, and announces it; false when the record was already gone (nothing recorded).
 * @example const deleted = await recordedDelete(actor, 'policy', { id, title: before?.title }, (tx) => deletePolicy(id, tx))
 */
export function recordedDelete(
  actor: ActivityActor,
  recordType: string,
  record: { id: string; title: string | undefined },
  remove: (tx: Tx) => Promise<boolean>,
): Promise<boolean> {
  return recordedWrite(
    actor,
    remove,
    (deleted) =>
      deleted
        ? { action: `${recordType}.deleted`, recordType, recordId: record.id, recordLabel: record.title ?? '' }
        : null,
    { announce: `${recordType} deleted` },
  )
}

export { createdFields, deletedFields }
