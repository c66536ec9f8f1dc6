import { describe, expect, test } from 'vitest'
import { getEnv } from './env.server.ts'
import { safeRedirectPath, sameOriginPath } from './redirect-to.server.ts'

describe('safeRedirectPath', () => {
  // Each of these leads off the shop in some browser or router, or breaks the Location header.
  test.each([
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%0d/evil.example',
    '/%00/evil.example',
    '/%7f/evil.example',
    '/%c2%85/evil.example',
    '/%2509/evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/%5cevil.example',
    '/%5Cevil.example',
    '\t//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/account\r\nSet-Cookie: x=1',
    '/account\u0085',
    '/.//evil.example',
    '/%2e//evil.example',
    '/%2F%2Fevil.example',
    'https://evil.example',
    'https://evil.example/account',
    'http://localhost:3000@evil.example/',
    'javascript:',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '',
    `/${'a'.repeat(2001)}`,
  ])('%j falls back', (to) => {
    expect(safeRedirectPath(to)).toBe('/account')
    expect(safeRedirectPath(to, '/')).toBe('/')
    expect(sameOriginPath(to)).toBeNull()
  })

  test.each([null, undefined, 42, {}, ['/account']])('%j (not a string) falls back', (to) => {
    expect(safeRedirectPath(to)).toBe('/account')
  })

  test.each([
    ['/account', '/account'],
    ['/account?tab=settings', '/account?tab=settings'],
    ['/products?category=phone-mounts&page=2', '/products?category=phone-mounts&page=2'],
    ['/admin/reviews?filter=pending#top', '/admin/reviews?filter=pending#top'],
    ['/search?q=%E2%82%AC%20mount', '/search?q=%E2%82%AC%20mount'],
    ['/search?q=caf%C3%A9', '/search?q=caf%C3%A9'],
    ['/guides/a/../b', '/guides/b'],
    ['/products/%C3%A9t%C3%A9', '/products/%C3%A9t%C3%A9'],
  ])('%j is kept as %j', (to, expected) => {
    expect(safeRedirectPath(to)).toBe(expected)
  })

  test('an address on the shop itself becomes its path (the newsletter reads the Referer)', () => {
    const { PUBLIC_URL } = getEnv()
    expect(safeRedirectPath(`${PUBLIC_URL}/about?x=1#news`, '/')).toBe('/about?x=1#news')
    const otherPort = new URL(PUBLIC_URL)
    otherPort.port = String(Number(otherPort.port || 80) + 1)
    expect(safeRedirectPath(`${otherPort.origin}/about`, '/')).toBe('/')
  })
})
