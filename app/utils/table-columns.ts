import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core'

// Column sets several tables share, for the modules' schema.server.ts files. Each call makes new
// columns: a table's SQL is what it would be with the columns written out.

/** The columns of a category list: a unique name and a place in the list. */
export function categoryListColumns() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  }
}
