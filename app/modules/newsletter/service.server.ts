import { getDb } from '#app/utils/db.server.ts'
import { newsletterSubscribers } from './schema.server.ts'

/**
 * Adds an address to the newsletter list. The address is stored lower-cased, so a second
 * subscription in any spelling is reported as a duplicate and changes nothing.
 * @example const outcome = await subscribeToNewsletter('ann@example.com') // 'subscribed'
 */
export async function subscribeToNewsletter(email: string): Promise<'subscribed' | 'duplicate'> {
  const db = await getDb()
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: email.trim().toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id })
  return inserted.length > 0 ? 'subscribed' : 'duplicate'
}
