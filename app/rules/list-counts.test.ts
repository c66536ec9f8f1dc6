import { expect, test } from 'vitest'
import { COUNT_LIMIT, countText, isCountCapped, pageCountOf } from './list-counts.ts'

test('a count is exact up to the limit and "1,000+" past it', () => {
  expect(countText(0)).toBe('0')
  expect(countText(12)).toBe('12')
  expect(countText(COUNT_LIMIT)).toBe('1,000')
  expect(isCountCapped(COUNT_LIMIT)).toBe(false)
  expect(countText(COUNT_LIMIT + 1)).toBe('1,000+')
  expect(isCountCapped(COUNT_LIMIT + 1)).toBe(true)
})

test('a list has at least one page, and an unknown number past the limit', () => {
  expect(pageCountOf(0, 50)).toBe(1)
  expect(pageCountOf(50, 50)).toBe(1)
  expect(pageCountOf(51, 50)).toBe(2)
  expect(pageCountOf(COUNT_LIMIT, 50)).toBe(20)
  expect(pageCountOf(COUNT_LIMIT + 1, 50)).toBeNull()
})
