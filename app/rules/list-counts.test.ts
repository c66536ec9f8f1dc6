import { expect, test } from 'vitest'
import { COUNT_LIMIT, cappedSum, countText, isCountCapped, pageCountOf } from './list-counts.ts'

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

test('a sum of capped counts is exact up to the limit and capped past it', () => {
  expect(cappedSum([])).toBe(0)
  expect(cappedSum([2, 1, 1])).toBe(4)
  expect(cappedSum([COUNT_LIMIT - 1, 1])).toBe(COUNT_LIMIT)
  expect(cappedSum([COUNT_LIMIT, 1])).toBe(COUNT_LIMIT + 1)
  expect(cappedSum([COUNT_LIMIT + 1, COUNT_LIMIT + 1, 3])).toBe(COUNT_LIMIT + 1)
})
