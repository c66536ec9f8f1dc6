import { describe, expect, test } from 'vitest'
import { weakPasswordMessage } from './password.ts'

describe('weakPasswordMessage', () => {
  test('accepts a password that meets every rule', () => {
    expect(weakPasswordMessage('Str0ng!pass')).toBeNull()
  })

  test.each([
    ['Sh0rt!', 'Password must be at least 8 characters long'],
    ['NOLOWER1!', 'Password must contain a lowercase letter'],
    ['noupper1!', 'Password must contain an uppercase letter'],
    ['NoNumber!', 'Password must contain a number'],
    ['NoSpecial1', 'Password must contain a special character'],
  ])('%s breaks one rule', (password, message) => {
    expect(weakPasswordMessage(password)).toBe(message)
  })

  test('lists every unmet rule joined by commas', () => {
    expect(weakPasswordMessage('abc')).toBe(
      'Password must be at least 8 characters long, contain an uppercase letter, contain a number, contain a special character',
    )
  })
})
