import { and, ilike, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { containing } from './like-patterns.ts'

/** The shortest part before the `@` worth searching the trigram index for on its own. */
const MIN_LOCAL_PART = 3

/**
 * The rows whose e-mail contains `text`, as `ilike(column, containing(text))` finds them, made
 * quick for a whole address. The trigram index intersects every three letters of the pattern, and
 * those of a common domain ("example.com", "gmail.com") are in nearly every row: a search for
 * "casey@example.com" read the index for 6.5 ms at 1,000,000 orders. Here the index is asked only
 * for the part up to the `@` ("casey@", 0.6 ms) and the whole text is checked on the rows it finds;
 * `column || ''` keeps the planner from taking that check to the index too. The rows are the same:
 * an e-mail that contains the text contains its start.
 * @example or(emailContaining(orders.email, 'casey@example.com'), eq(orders.number, 1001))
 */
export function emailContaining(column: PgColumn, text: string): SQL {
  const at = text.indexOf('@')
  const local = text.slice(0, at + 1)
  if (at < MIN_LOCAL_PART || at === text.length - 1) return ilike(column, containing(text))
  return and(ilike(column, containing(local)), sql`(${column} || '') ilike ${containing(text)}`) as SQL
}
