import { type DbOrTx, inTransaction } from '#app/utils/db.server.ts'
import { contactMessageFiles, contactMessages } from './schema.server.ts'
import type { ContactForm } from './schemas.ts'
import type { NewContactFile } from './types.ts'

export type NewContactMessage = ContactForm & {
  /** The sender's account when they were signed in. */
  userId?: string | null
  /** Files already checked and stored; recorded with the message in one transaction. */
  files?: NewContactFile[]
}

/**
 * Stores a contact / quote request, with the files sent with it, so the shop can answer it from
 * the back-office. The message and its files are written together or not at all.
 * @example const { id } = await createContactMessage({ name, email, subject, message, urgency: 'rush' })
 */
export async function createContactMessage(input: NewContactMessage, tx?: DbOrTx): Promise<{ id: string }> {
  const { files = [], userId = null, ...fields } = input
  const write = async (db: DbOrTx) => {
    const [row] = await db
      .insert(contactMessages)
      .values({ ...fields, userId })
      .returning({ id: contactMessages.id })
    if (!row) throw new Error('The contact message was not stored')
    if (files.length) {
      await db.insert(contactMessageFiles).values(
        files.map((file) => ({
          id: file.id,
          messageId: row.id,
          storageKey: file.storageKey,
          fileName: file.fileName,
          contentType: file.contentType,
          kind: file.kind,
          size: file.size,
        })),
      )
    }
    return row
  }
  return inTransaction(tx, write)
}
