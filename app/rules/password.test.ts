import { describe, expect, test } from 'vitest'
import { newPasswordProblem, weakPasswordMessage } from './password.ts'

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

describe('newPasswordProblem', () => {
  test('the specification’s messages come first, then the registration rules', () => {
    expect(newPasswordProblem('Str0ng!pass', 'Str0ng!pasz')).toEqual({
      field: 'confirmPassword',
      title: 'Passwords do not match.',
    })
    expect(newPasswordProblem('Sh0rt!', 'Sh0rt!')).toEqual({
      field: 'password',
      title: 'Password too short',
      description: 'Password must be at least 8 characters.',
    })
    expect(newPasswordProblem('longenough', 'longenough')).toEqual({
      field: 'password',
      title: 'Weak Password',
      description: 'Password must contain an uppercase letter, contain a number, contain a special character',
    })
    expect(newPasswordProblem('Str0ng!pass', 'Str0ng!pass')).toBeNull()
  })
})
