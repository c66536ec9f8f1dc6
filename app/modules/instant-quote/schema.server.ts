import { sql } from 'drizzle-orm'
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { idColumn, timeColumn } from '../../utils/table-columns.ts'
import { users } from '../accounts/schema.server.ts'
import type { ModelFormat, ModelUnit, Size3 } from './types.ts'

/**
 * Models uploaded to /instant-quote (issue 15): the file kept privately in the storage adapter under
 * a generated key, and what the analysis measured (in mm, the file's own unit applied), so every
 * price is computed again from these measures, never from what a browser sends. Each belongs to a
 * signed-in customer or to the guest whose signed cookie holds the token hashed here (or to nobody
 * once the customer's account is deleted: an order may still need it).
 */
export const quoteModels = pgTable(
  'quote_models',
  {
    id: idColumn(),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: ['stl', '3mf', 'obj'] })
      .$type<ModelFormat>()
      .notNull(),
    fileSize: integer('file_size').notNull(),
    triangles: integer('triangles').notNull(),
    volumeMm3: doublePrecision('volume_mm3').notNull(),
    areaMm2: doublePrecision('area_mm2').notNull(),
    size: jsonb('size').$type<Size3>().notNull(),
    unit: text('unit').$type<ModelUnit>().notNull(),
    watertight: boolean('watertight').notNull(),
    // Set null, not cascade, when the account goes: a model an order line refers to must outlive
    // its owner's account (order_lines.quote_model_id restricts its deletion, decision 039).
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of a guest's token (the cookie holds the token itself); null for a customer's model. */
    guestTokenHash: text('guest_token_hash'),
    createdAt: timeColumn('created_at'),
  },
  (t) => [
    index('quote_models_user_idx').on(t.userId, t.createdAt),
    index('quote_models_guest_idx').on(t.guestTokenHash, t.createdAt),
    // At most one owner; none once the customer's account is deleted (decision 039).
    check('quote_models_one_owner', sql`${t.userId} is null or ${t.guestTokenHash} is null`),
    check('quote_models_format_known', sql`${t.format} in ('stl', '3mf', 'obj')`),
  ],
)
