export type ContactUrgency = 'standard' | 'rush' | 'urgent'

/** Where a message stands in the back-office inbox. */
export type ContactMessageStatus = 'new' | 'answered' | 'archived'

/** What a file sent with a message is, read from its content. */
export type ContactFileKind = 'image' | 'pdf' | 'model'

/** A file sent with a message, as the back-office shows it (the storage key stays on the server). */
export type ContactFileDto = {
  id: string
  fileName: string
  contentType: string
  kind: ContactFileKind
  size: number
}

/** A file to keep with a new message: already checked and stored under `storageKey`. */
export type NewContactFile = Omit<ContactFileDto, 'id'> & { id: string; storageKey: string }

export type ContactReplyDto = {
  id: string
  adminLabel: string
  body: string
  /** The e-mail in the outbox that carried it. */
  mailId: string | null
  sentAt: Date
}

/** One row of the inbox list. */
export type ContactMessageSummaryDto = {
  id: string
  name: string
  email: string
  subject: string
  urgency: ContactUrgency
  status: ContactMessageStatus
  fileCount: number
  createdAt: Date
}

/** A message with everything sent with it and every reply. */
export type ContactMessageDto = ContactMessageSummaryDto & {
  message: string
  userId: string | null
  handledAt: Date | null
  files: ContactFileDto[]
  replies: ContactReplyDto[]
}

/** A stored file of a message, as the server opens it. */
export type ContactFileRecord = ContactFileDto & { messageId: string; storageKey: string }

/** Who changed a message, as the activity log and a reply name them. */
export type ContactActor = { id: string | null; label: string }

/** A status change, as it happened: null when there was no such message. */
export type ContactStatusChange = {
  messageId: string
  label: string
  before: ContactMessageStatus
  after: ContactMessageStatus
  changed: boolean
}
