import { describe, expect, test } from 'vitest'
import { reviewerName } from './reviewer-name.ts'

describe('reviewerName', () => {
  test('shows the first name and the initial of the last name', () => {
    expect(reviewerName('Maria Garcia')).toBe('Maria G.')
    expect(reviewerName('Jean Paul van der Berg')).toBe('Jean B.')
    expect(reviewerName('  ada   lovelace ')).toBe('ada L.')
  })

  test('keeps an already shortened name', () => {
    expect(reviewerName('Maria G.')).toBe('Maria G.')
  })

  test('shows a single name as it is', () => {
    expect(reviewerName('Cher')).toBe('Cher')
  })

  test('is Anonymous without a name', () => {
    expect(reviewerName('')).toBe('Anonymous')
    expect(reviewerName('   ')).toBe('Anonymous')
    expect(reviewerName(null)).toBe('Anonymous')
    expect(reviewerName(undefined)).toBe('Anonymous')
  })
})
