import { z } from 'zod'
import { type CalendarDay, isCalendarDay } from '#app/rules/calendar.ts'

/** A day in a list's query string ('2026-11-25'); anything else is no limit. */
const dayParam = z.string().refine(isCalendarDay).optional().catch(undefined)

/**
 * The `from` and `to` days of a back-office list's date filter, both included and either left
 * open; typed the wrong way round, they are swapped rather than matching nothing.
 * @example DateRangeQuerySchema.parse({ from: '2026-11-30', to: '2026-11-01' }) // { from: '2026-11-01', to: '2026-11-30' }
 */
export const DateRangeQuerySchema = z
  .object({ from: dayParam, to: dayParam })
  .transform(({ from, to }): DateRange => (from && to && from > to ? { from: to, to: from } : { from, to }))

export type DateRange = { from?: CalendarDay; to?: CalendarDay }
