import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import type { FieldChange } from '#app/rules/changes.ts'
import { idColumn, timeColumn } from '../../utils/table-columns.ts'
import { users } from '../accounts/schema.server.ts'

/**
 * Every write an admin makes in the back-office, and every admin sign-in: who, what, which record,
 * when, and the fields it changed. Written in the transaction of the change it records.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: idColumn(),
    /** Kept when the admin's account is deleted: the label still says who it was. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull(),
    /** What was done, as `record.verb`: 'product.updated', 'invoice.voided', 'admin.signed-in'. */
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    /** The record's id (kept as text: a deleted record's history stays readable). */
    recordId: text('record_id').notNull(),
    /** The record as people name it ('Bike Mount', 'Invoice #1a2b3c4d'), at the time. */
    recordLabel: text('record_label').notNull().default(''),
    changes: jsonb('changes').$type<Record<string, FieldChange>>().notNull().default({}),
    createdAt: timeColumn('created_at'),
  },
  (t) => [
    index('activity_log_created_at_idx').on(t.createdAt, t.id),
    index('activity_log_record_idx').on(t.recordType, t.recordId, t.createdAt, t.id),
    index('activity_log_actor_idx').on(t.actorId, t.createdAt, t.id),
  ],
)
