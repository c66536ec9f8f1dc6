import { pgTable, text } from 'drizzle-orm/pg-core'
import { idColumn, timeColumn } from '../../utils/table-columns.ts'

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: idColumn(),
  /** Stored lower-cased, so one address subscribes once whatever its spelling. */
  email: text('email').notNull().unique(),
  createdAt: timeColumn('created_at'),
})
