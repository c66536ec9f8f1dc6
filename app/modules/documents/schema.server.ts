import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { idColumn, partOf, timeColumn } from '../../utils/table-columns.ts'
import { users } from '../accounts/schema.server.ts'
import { invoices } from '../invoices/schema.server.ts'
import { orders } from '../orders/schema.server.ts'

/** Files customers upload, such as payment receipts. */
export const documents = pgTable(
  'documents',
  {
    id: idColumn(),
    userId: partOf('user_id', () => users.id),
    filePath: text('file_path').notNull().unique(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    bucketId: text('bucket_id').notNull().default('receipts'),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timeColumn('created_at'),
  },
  (t) => [
    index('documents_user_created_idx').on(t.userId, t.bucketId, t.createdAt, t.id),
    index('documents_invoice_idx').on(t.invoiceId),
    index('documents_order_idx').on(t.orderId),
  ],
)

export const modelFileFormats = ['stl', '3mf', 'obj', 'step'] as const

/**
 * 3D model files a customer (or a guest, through the cart) attaches to a made-to-order line. Kept
 * privately in the storage adapter's `models` area under a generated key, never under the user's
 * file name; served only to their owner and the shop.
 */
export const modelFiles = pgTable(
  'model_files',
  {
    id: idColumn(),
    /** Null for a guest's upload: the cart keeps a signed reference to it instead. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: modelFileFormats }).notNull(),
    size: integer('size').notNull(),
    createdAt: timeColumn('created_at'),
  },
  (t) => [index('model_files_user_idx').on(t.userId, t.createdAt, t.id)],
)
