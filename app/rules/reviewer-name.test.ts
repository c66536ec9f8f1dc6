import { describe, expect, test } from 'vitest'
import { reviewerName } from './reviewer-name.ts'

describe('reviewerName', () => {
  test.each([
    ['Maria Garcia', 'Maria G.'],
    ['Jean Paul van der Berg', 'Jean B.'],
    ['  ada   lovelace ', 'ada L.'],
  ])('shows the first name and the initial of the last name: %j', (name, shown) => {
    expect(reviewerName(name)).toBe(shown)
  })

  test('keeps an already shortened name', () => {
    expect(reviewerName('Maria G.')).toBe('Maria G.')
  })

  test('shows a single name as it is', () => {
    expect(reviewerName('Cher')).toBe('Cher')
  })

  test.each(['', '   ', null, undefined])('is Anonymous without a name: %j', (nothing) => {
    expect(reviewerName(nothing)).toBe('Anonymous')
  })
})
