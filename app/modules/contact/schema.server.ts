import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    urgency: text('urgency', { enum: ['standard', 'rush', 'urgent'] })
      .notNull()
      .default('standard'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt.desc())],
)
