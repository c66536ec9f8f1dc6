import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { idColumn, timeColumn } from '../../utils/table-columns.ts'

/** A file sent with an e-mail (an invoice PDF), kept with the outbox row so it can be sent again. */
export type StoredMailAttachment = { filename: string; contentType: string; contentBase64: string }

/** Every e-mail the shop sends; with no SMTP server configured this is where mail ends up. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    template: text('template').notNull(),
    attachments: jsonb('attachments').$type<StoredMailAttachment[]>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timeColumn('created_at'),
  },
  (t) => [
    index('mail_outbox_created_at_idx').on(t.createdAt, t.id),
    index('mail_outbox_to_idx').on(t.to),
    // The few failed deliveries, found and counted without reading every e-mail the shop sent.
    index('mail_outbox_failed_idx').on(t.createdAt, t.id).where(sql`${t.sentAt} is null and ${t.error} is not null`),
  ],
)
