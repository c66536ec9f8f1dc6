import { getDb } from '#app/utils/db.server.ts'
import { contactMessages } from './schema.server.ts'
import type { ContactForm } from './schemas.ts'

/**
 * Stores a contact / quote request so the shop can answer it from the back-office.
 * @example const { id } = await createContactMessage({ name, email, subject, message, urgency: 'rush' })
 */
export async function createContactMessage(input: ContactForm): Promise<{ id: string }> {
  const db = await getDb()
  const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id })
  return row
}
