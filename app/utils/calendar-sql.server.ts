import { type AnyColumn, type SQL, sql } from 'drizzle-orm'
import type { CalendarDay } from '#app/rules/calendar.ts'

/**
 * SQL for the shop's calendar days (app/rules/calendar.ts): where a day starts and which day a
 * timestamp falls on, in the shop's time zone, so every figure counts the same days.
 */

/** The instant `day` starts in `timeZone`: its local midnight. */
export function dayStart(day: CalendarDay, timeZone: string): SQL {
  return sql`(${day}::date::timestamp at time zone ${timeZone})`
}

/** The shop day a timestamp column falls on, as 'YYYY-MM-DD' text. */
export function dayOf(column: AnyColumn, timeZone: string): SQL<string> {
  return sql<string>`((${column} at time zone ${timeZone})::date)::text`
}
