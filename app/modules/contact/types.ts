import type { ChangeActor } from '#app/rules/changes.ts'
import type { contactMessageFiles, contactMessageReplies, contactMessages } from './schema.server.ts'

type MessageRow = typeof contactMessages.$inferSelect
type FileRow = typeof contactMessageFiles.$inferSelect

export type ContactUrgency = MessageRow['urgency']

/** Where a message stands in the back-office inbox. */
export type ContactMessageStatus = MessageRow['status']

/** What a file sent with a message is, read from its content. */
export type ContactFileKind = FileRow['kind']

/** A file sent with a message, as the back-office shows it (the storage key stays on the server). */
export type ContactFileDto = Pick<FileRow, 'id' | 'fileName' | 'contentType' | 'kind' | 'size'>

/** A file to keep with a new message: already checked and stored under `storageKey`. */
export type NewContactFile = Omit<ContactFileDto, 'id'> & { id: string; storageKey: string }

/** A reply with the e-mail in the outbox that carried it (`mailId`). */
export type ContactReplyDto = Pick<
  typeof contactMessageReplies.$inferSelect,
  'id' | 'adminLabel' | 'body' | 'mailId' | 'sentAt'
>

/** One row of the inbox list. */
export type ContactMessageSummaryDto = Pick<
  MessageRow,
  'id' | 'name' | 'email' | 'subject' | 'urgency' | 'status' | 'createdAt'
> & { fileCount: number }

/** A message with everything sent with it and every reply. */
export type ContactMessageDto = ContactMessageSummaryDto &
  Pick<MessageRow, 'message' | 'userId' | 'handledAt'> & {
    files: ContactFileDto[]
    replies: ContactReplyDto[]
  }

/** A stored file of a message, as the server opens it. */
export type ContactFileRecord = ContactFileDto & Pick<FileRow, 'messageId' | 'storageKey'>

/** Who changed a message, as the activity log and a reply name them. */
export type ContactActor = ChangeActor

/** A status change, as it happened: null when there was no such message. */
export type ContactStatusChange = {
  messageId: string
  label: string
  before: ContactMessageStatus
  after: ContactMessageStatus
  changed: boolean
}
