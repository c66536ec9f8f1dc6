import { describe, expect, test } from 'vitest'
import { loggableUrl } from './loggable-url.ts'

describe('loggableUrl', () => {
  test('replaces query values and keeps their names', () => {
    expect(loggableUrl('/api/auth/verify-email?token=abc&callbackURL=%2Fauth')).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=[redacted]',
    )
    expect(loggableUrl('/search?q=ada%40example.com')).toBe('/search?q=[redacted]')
  })

  test('replaces the token of a password-reset link', () => {
    expect(loggableUrl('/api/auth/reset-password/Xy_12-ab?callbackURL=%2Fupdate-password')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=[redacted]',
    )
    expect(loggableUrl('https://shop.example/reset-password/abc')).toBe(
      'https://shop.example/reset-password/[redacted]',
    )
  })

  test('leaves an address without secrets as it is', () => {
    expect(loggableUrl('/products/4fd6e8e5-480c-4b60-8a36-751aca6269cb')).toBe(
      '/products/4fd6e8e5-480c-4b60-8a36-751aca6269cb',
    )
    expect(loggableUrl('/contact?')).toBe('/contact?')
  })
})
