import { describe, expect, test } from 'vitest'
import { calendarDay, daysBetween, isCalendarDay, isTimeZone, rangeText, shiftDay, shortDay } from './calendar.ts'
import { changeLabel } from './figures.ts'

describe('calendar days in the shop’s time zone', () => {
  test('an instant falls on the day of the shop’s clock, not UTC’s', () => {
    const lateEvening = new Date('2026-11-26T03:30:00Z')
    expect(calendarDay(lateEvening, 'UTC')).toBe('2026-11-26')
    expect(calendarDay(lateEvening, 'America/New_York')).toBe('2026-11-25')
    expect(calendarDay(new Date('2026-11-25T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-26')
  })

  test('days shift across months, years and leap days', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28')
    expect(shiftDay('2028-03-01', -1)).toBe('2028-02-29')
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01')
    expect(shiftDay('2026-11-25', -29)).toBe('2026-10-27')
  })

  test('daysBetween lists every day, both ends included, and nothing when the range is reversed', () => {
    expect(daysBetween('2026-11-29', '2026-12-01')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01'])
    expect(daysBetween('2026-11-25', '2026-11-25')).toEqual(['2026-11-25'])
    expect(daysBetween('2026-11-26', '2026-11-25')).toEqual([])
  })

  test('only real dates and known time zones pass', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true)
    expect(isCalendarDay('2028-02-29')).toBe(true)
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-1', '20261125', 'today', '']) {
      expect(isCalendarDay(bad)).toBe(false)
    }
    expect(isTimeZone('Europe/Berlin')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false)
  })

  test('a day reads the same in every browser time zone', () => {
    expect(shortDay('2026-11-25')).toBe('Nov 25')
    expect(shortDay('2027-01-01')).toBe('Jan 1')
    expect(rangeText('2026-11-01', '2026-11-30')).toBe('from Nov 1 to Nov 30')
    expect(rangeText('2026-11-25', '2026-11-25')).toBe('on Nov 25')
    expect(rangeText('2026-11-01', null)).toBe('from Nov 1')
    expect(rangeText(null, '2026-11-30')).toBe('until Nov 30')
  })
})

describe('changeLabel', () => {
  test('a rise, a fall, no change, and a start from nothing', () => {
    expect(changeLabel(12_500, 10_000)).toBe('+25%')
    expect(changeLabel(9_000, 10_000)).toBe('−10%')
    expect(changeLabel(10_000, 10_000)).toBe('±0%')
    expect(changeLabel(500, 0)).toBe('new')
    expect(changeLabel(0, 0)).toBeNull()
    expect(changeLabel(0, 4_000)).toBe('−100%')
  })
})
