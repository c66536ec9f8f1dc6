/**
 * Calendar days in the shop's time zone, written as ISO dates ('2026-11-25'). The back-office counts
 * 'today' and 'the last 7 days' in the shop's own days, not the server's or UTC's, so a sale at
 * 23:30 in the shop lands on the day the owner made it. Pure, so the server and tests agree.
 */

/** An ISO calendar date, 'YYYY-MM-DD'. */
export type CalendarDay = string

/** The days from `from` to `to`, both included, in the shop's time zone. */
export type DayRange = { from: CalendarDay; to: CalendarDay; timeZone: string }

const DAY_MS = 24 * 60 * 60 * 1000

/** Whether `timeZone` is an IANA time zone this runtime knows ('Europe/Berlin', 'UTC'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return true
  } catch {
    return false
  }
}

// Formatters are made once and kept: making one costs about 45 µs, using one about 0.5 µs, and
// the dashboard's chart writes 30 days a render.
const dayFormats = new Map<string, Intl.DateTimeFormat>()

function dayFormatIn(timeZone: string) {
  let format = dayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormats.set(timeZone, format)
  }
  return format
}

const shortDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/**
 * The calendar day `instant` falls on in `timeZone`.
 * @example calendarDay(new Date('2026-11-25T23:30:00Z'), 'Europe/Berlin') // '2026-11-26'
 */
export function calendarDay(instant: Date, timeZone: string): CalendarDay {
  const parts = dayFormatIn(timeZone).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

/**
 * The day `days` after `day` (before, when negative).
 * @example shiftDay('2026-03-01', -1) // '2026-02-28'
 */
export function shiftDay(day: CalendarDay, days: number): CalendarDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/**
 * Every day from `from` to `to`, both included, in order.
 * @example daysBetween('2026-11-29', '2026-12-01') // ['2026-11-29', '2026-11-30', '2026-12-01']
 */
export function daysBetween(from: CalendarDay, to: CalendarDay): CalendarDay[] {
  const days: CalendarDay[] = []
  for (let day = from; day <= to; day = shiftDay(day, 1)) days.push(day)
  return days
}

/** Whether `text` is a real ISO calendar date ('2026-02-30' is not). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const time = Date.parse(`${text}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text)
}

/**
 * A day as people read it in a list or a chart, the same whatever the browser's own time zone.
 * @example shortDay('2026-11-25') // 'Nov 25'
 */
export function shortDay(day: CalendarDay): string {
  return shortDayFormat.format(new Date(`${day}T00:00:00Z`))
}

/**
 * A list's date range in words, either end open.
 * @example rangeText('2026-11-01', '2026-11-30') // 'from Nov 1 to Nov 30'
 */
export function rangeText(from: CalendarDay | null, to: CalendarDay | null): string {
  if (from && to) return from === to ? `on ${shortDay(from)}` : `from ${shortDay(from)} to ${shortDay(to)}`
  return from ? `from ${shortDay(from)}` : to ? `until ${shortDay(to)}` : ''
}
