import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm'
import type { CalendarDay } from '#app/rules/calendar.ts'
import { withinDays } from '#app/utils/calendar-sql.server.ts'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { containing } from '#app/utils/like-patterns.ts'
import { type PageRequest, selectCounts, selectNewestFirstPage } from '#app/utils/list-queries.server.ts'
import { pickColumns } from '#app/utils/pick.ts'
import { contactMessageFiles, contactMessageReplies, contactMessages } from './schema.server.ts'
import { CONTACT_MESSAGE_STATUSES, type ContactInboxFilter } from './schemas.ts'
import type {
  ContactActor,
  ContactFileRecord,
  ContactMessageDto,
  ContactMessageStatus,
  ContactMessageSummaryDto,
  ContactReplyDto,
  ContactStatusChange,
} from './types.ts'

// The back-office inbox: reading the messages, and the writes that answer or file them away. Each
// write takes the caller's transaction, so a workflow records it in the activity log in the same
// commit.

const summaryColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  urgency: contactMessages.urgency,
  status: contactMessages.status,
  // Named in full: inside the subquery a bare "id" would be the file's own.
  fileCount: sql<number>`(select count(*) from "contact_message_files" where "contact_message_files"."message_id" = "contact_messages"."id")::int`,
  createdAt: contactMessages.createdAt,
}

export type ContactInboxFilterInput = {
  status?: ContactInboxFilter
  /** Part of the sender's name, e-mail address or the subject. */
  search?: string
  dates?: { from?: CalendarDay; to?: CalendarDay; timeZone: string }
}

function whereOf({ status = 'all', search, dates }: ContactInboxFilterInput): SQL | undefined {
  const text = search?.trim()
  const pattern = text ? containing(text) : null
  return and(
    status !== 'all' ? eq(contactMessages.status, status) : undefined,
    pattern
      ? or(
          ilike(contactMessages.name, pattern),
          ilike(contactMessages.email, pattern),
          ilike(contactMessages.subject, pattern),
        )
      : undefined,
    dates ? withinDays(contactMessages.createdAt, dates) : undefined,
  )
}

/**
 * The inbox, newest first, one page at a time: one status (or all), a search of the sender's name,
 * e-mail and the subject, and a range of days; `total` counts every match.
 * @example const { messages, total } = await listContactMessages({ status: 'new', search: 'gear', limit: 50 })
 */
export async function listContactMessages({
  limit,
  offset = 0,
  ...filter
}: ContactInboxFilterInput & PageRequest): Promise<{
  messages: ContactMessageSummaryDto[]
  total: number
}> {
  const db = await getDb()
  const where = whereOf(filter)
  const { rows, total } = await selectNewestFirstPage(db, contactMessages, summaryColumns, { where, limit, offset })
  return { messages: rows, total }
}

/**
 * How many messages each tab of the inbox holds, and all of them.
 * @example const counts = await countContactMessagesByStatus() // { new: 2, answered: 5, archived: 1, all: 8 }
 */
export async function countContactMessagesByStatus(): Promise<Record<ContactInboxFilter, number>> {
  const db = await getDb()
  const rows = await db
    .select({ status: contactMessages.status, value: count() })
    .from(contactMessages)
    .groupBy(contactMessages.status)
  const counts = { new: 0, answered: 0, archived: 0, all: 0 }
  for (const row of rows) {
    counts[row.status] = row.value
    counts.all += row.value
  }
  return counts
}

/**
 * How many messages wait for an answer (the dashboard's figure).
 * @example await countNewContactMessages() // 2
 */
export async function countNewContactMessages(): Promise<number> {
  const db = await getDb()
  const { value } = await selectCounts(db, { value: newContactMessagesCount() })
  return value
}

/**
 * {@link countNewContactMessages} as a column, for one statement of several counts (selectCounts).
 * @example await selectCounts(db, { messages: newContactMessagesCount() })
 */
export function newContactMessagesCount(): SQL<number> {
  return sql<number>`(select count(*) from ${contactMessages} where ${eq(contactMessages.status, 'new')})`.mapWith(
    Number,
  )
}

/**
 * One message with its files and replies (oldest reply first), or null for an unknown or malformed id.
 * @example const message = await retrieveContactMessage(params.messageId)
 */
export async function retrieveContactMessage(messageId: string): Promise<ContactMessageDto | null> {
  if (!isUuid(messageId)) return null
  const db = await getDb()
  const [row] = await db
    .select({
      ...summaryColumns,
      message: contactMessages.message,
      userId: contactMessages.userId,
      handledAt: contactMessages.handledAt,
    })
    .from(contactMessages)
    .where(eq(contactMessages.id, messageId))
  if (!row) return null
  const [files, replies] = await Promise.all([
    db
      .select({
        id: contactMessageFiles.id,
        fileName: contactMessageFiles.fileName,
        contentType: contactMessageFiles.contentType,
        kind: contactMessageFiles.kind,
        size: contactMessageFiles.size,
      })
      .from(contactMessageFiles)
      .where(eq(contactMessageFiles.messageId, messageId))
      .orderBy(asc(contactMessageFiles.createdAt), asc(contactMessageFiles.fileName), asc(contactMessageFiles.id)),
    listReplies(db, messageId),
  ])
  return { ...row, files, replies }
}

function listReplies(db: DbOrTx, messageId: string): Promise<ContactReplyDto[]> {
  return db
    .select({
      id: contactMessageReplies.id,
      adminLabel: contactMessageReplies.adminLabel,
      body: contactMessageReplies.body,
      mailId: contactMessageReplies.mailId,
      sentAt: contactMessageReplies.sentAt,
    })
    .from(contactMessageReplies)
    .where(eq(contactMessageReplies.messageId, messageId))
    .orderBy(asc(contactMessageReplies.sentAt), asc(contactMessageReplies.id))
}

/**
 * The other messages of one sender, newest first: the same e-mail address (in any case) or the
 * same account, without the message `excludeId`.
 * @example const earlier = await listMessagesFromSender({ email: 'pat@example.com', userId: null, excludeId: id })
 */
export async function listMessagesFromSender({
  email,
  userId,
  excludeId,
  limit = 20,
}: {
  email: string
  userId: string | null
  excludeId?: string
  limit?: number
}): Promise<ContactMessageSummaryDto[]> {
  const db = await getDb()
  const sameSender = or(
    eq(sql`lower(${contactMessages.email})`, email.trim().toLowerCase()),
    userId ? eq(contactMessages.userId, userId) : undefined,
  )
  return db
    .select(summaryColumns)
    .from(contactMessages)
    .where(and(sameSender, excludeId && isUuid(excludeId) ? ne(contactMessages.id, excludeId) : undefined))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
}

/**
 * A file of a message as the server opens it (with its storage key), or null when the message has
 * no such file (an id of another message's file included).
 * @example const file = await retrieveContactFile(messageId, fileId)
 */
export async function retrieveContactFile(messageId: string, fileId: string): Promise<ContactFileRecord | null> {
  if (!isUuid(messageId) || !isUuid(fileId)) return null
  const db = await getDb()
  const [row] = await db
    .select(
      pickColumns(contactMessageFiles, ['id', 'messageId', 'storageKey', 'fileName', 'contentType', 'kind', 'size']),
    )
    .from(contactMessageFiles)
    .where(and(eq(contactMessageFiles.id, fileId), eq(contactMessageFiles.messageId, messageId)))
  return row ?? null
}

/** "Message from Pat Printer: Replacement gear", as the activity log names a message. */
export function contactMessageLabel(message: { name: string; subject: string }): string {
  const label = `Message from ${message.name}: ${message.subject}`
  return label.length > 160 ? `${label.slice(0, 159)}…` : label
}

/** The message's status under its row's lock, until the transaction ends. */
async function lockMessage(tx: DbOrTx, messageId: string) {
  const [row] = await tx
    .select({ status: contactMessages.status, name: contactMessages.name, subject: contactMessages.subject })
    .from(contactMessages)
    .where(eq(contactMessages.id, messageId))
    .for('update')
  return row ?? null
}

/**
 * Moves a message to another tab of the inbox: New, Answered or Archived. Leaving New records
 * when; going back to New clears it. Null when there is no such message; `changed` is false when
 * it was there already (nothing is written).
 * @example const change = await setContactMessageStatus(id, 'archived', tx)
 */
export async function setContactMessageStatus(
  messageId: string,
  status: ContactMessageStatus,
  tx: DbOrTx,
): Promise<ContactStatusChange | null> {
  if (!isUuid(messageId) || !CONTACT_MESSAGE_STATUSES.includes(status)) return null
  const current = await lockMessage(tx, messageId)
  if (!current) return null
  const change = {
    messageId,
    label: contactMessageLabel(current),
    before: current.status,
    after: status,
    changed: current.status !== status,
  }
  if (!change.changed) return change
  await tx
    .update(contactMessages)
    .set({ status, handledAt: status === 'new' ? null : new Date() })
    .where(eq(contactMessages.id, messageId))
  return change
}

/**
 * Keeps an admin's reply with its message and marks the message answered. Null when there is no
 * such message. The e-mail is the caller's to send, after the commit (see `attachReplyMail`).
 * @example const saved = await addContactReply({ messageId, actor, body }, tx)
 */
export async function addContactReply(
  { messageId, actor, body }: { messageId: string; actor: ContactActor; body: string },
  tx: DbOrTx,
): Promise<{ reply: ContactReplyDto; change: ContactStatusChange } | null> {
  if (!isUuid(messageId)) return null
  const change = await setContactMessageStatus(messageId, 'answered', tx)
  if (!change) return null
  const [reply] = await tx
    .insert(contactMessageReplies)
    .values({ messageId, adminId: actor.id, adminLabel: actor.label, body })
    .returning({
      id: contactMessageReplies.id,
      adminLabel: contactMessageReplies.adminLabel,
      body: contactMessageReplies.body,
      mailId: contactMessageReplies.mailId,
      sentAt: contactMessageReplies.sentAt,
    })
  if (!reply) throw new Error('The reply was not stored')
  return { reply, change }
}

/**
 * Links a reply to the e-mail that carried it, once the outbox has it.
 * @example await attachReplyMail(reply.id, mail.id)
 */
export async function attachReplyMail(replyId: string, mailId: string): Promise<void> {
  const db = await getDb()
  await db.update(contactMessageReplies).set({ mailId }).where(eq(contactMessageReplies.id, replyId))
}
