import { describe, expect, test } from 'vitest'
import { clientAddressKey } from './client-address.server.ts'

describe('clientAddressKey', () => {
  test('an IPv4 address is itself, also when seen through an IPv6 socket', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(clientAddressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7')
  })

  test('an IPv6 address counts as its /64', () => {
    expect(clientAddressKey('2001:db8:1:2:aa::1')).toBe('2001:db8:1:2::/64')
    expect(clientAddressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64')
  })

  test('nothing is no key', () => {
    expect(clientAddressKey(undefined)).toBeNull()
    expect(clientAddressKey('')).toBeNull()
  })
})
