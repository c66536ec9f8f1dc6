import { describe, expect, test } from 'vitest'
import { clientAddressKey } from './client-address.server.ts'

describe('clientAddressKey', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
  ])('an IPv4 address is itself, also when seen through an IPv6 socket: %s', (address, key) => {
    expect(clientAddressKey(address)).toBe(key)
  })

  test.each([
    ['2001:db8:1:2:aa::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('an IPv6 address counts as its /64: %s', (address, key) => {
    expect(clientAddressKey(address)).toBe(key)
  })

  test.each([undefined, ''])('nothing is no key: %j', (nothing) => {
    expect(clientAddressKey(nothing)).toBeNull()
  })
})
