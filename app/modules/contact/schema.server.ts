import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { idColumn, partOf, timeColumn } from '../../utils/table-columns.ts'
import { users } from '../accounts/schema.server.ts'

export const contactMessageStatuses = ['new', 'answered', 'archived'] as const
export const contactFileKinds = ['image', 'pdf', 'model'] as const

/** Contact and quote requests from the storefront's form, answered from the back-office inbox. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    urgency: text('urgency', { enum: ['standard', 'rush', 'urgent'] })
      .notNull()
      .default('standard'),
    /** Where it stands in the inbox: waiting (new), replied to (answered) or put away (archived). */
    status: text('status', { enum: contactMessageStatuses }).notNull().default('new'),
    /** The account of a sender who was signed in; their other records are found by it too. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When it last left New (answered or archived); null while it is new. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timeColumn('created_at'),
  },
  (t) => [
    index('contact_messages_created_at_idx').on(t.createdAt, t.id),
    index('contact_messages_status_idx').on(t.status, t.createdAt, t.id),
    index('contact_messages_email_idx').on(sql`lower(${t.email})`, t.createdAt, t.id),
    index('contact_messages_user_idx').on(t.userId, t.createdAt, t.id),
    check('contact_messages_status_known', sql`${t.status} in ('new', 'answered', 'archived')`),
  ],
)

/**
 * Files sent with a message (photos, PDFs, 3D models): kept privately in the storage adapter's
 * `contact/` area under a generated key, never the sender's file name; only admins download them.
 */
export const contactMessageFiles = pgTable(
  'contact_message_files',
  {
    id: idColumn(),
    messageId: partOf('message_id', () => contactMessages.id),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    kind: text('kind', { enum: contactFileKinds }).notNull(),
    size: integer('size').notNull(),
    createdAt: timeColumn('created_at'),
  },
  (t) => [
    index('contact_message_files_message_idx').on(t.messageId),
    check('contact_message_files_kind_known', sql`${t.kind} in ('image', 'pdf', 'model')`),
  ],
)

/** The shop's e-mailed replies to a message, kept with it. */
export const contactMessageReplies = pgTable(
  'contact_message_replies',
  {
    id: idColumn(),
    messageId: partOf('message_id', () => contactMessages.id),
    /** Kept when the admin's account is deleted: the label still says who replied. */
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminLabel: text('admin_label').notNull(),
    body: text('body').notNull(),
    /** The e-mail in the outbox that carried it (set once it is written). */
    mailId: uuid('mail_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_message_replies_message_idx').on(t.messageId, t.sentAt)],
)
