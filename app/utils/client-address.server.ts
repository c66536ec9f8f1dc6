import { isIPv4, isIPv6 } from 'node:net'

/**
 * The key a per-client limit counts under, from the resolved client address (the load context's
 * `clientIp`). An IPv4 address seen through an IPv6 socket (`::ffff:192.0.2.1`) is the IPv4
 * address; an IPv6 address counts as its /64 network, the smallest block a provider hands out,
 * so rotating through one's own /64 does not make a new client. Anything else counts as itself.
 * @example clientAddressKey('2001:db8:1:2:aa::1') // '2001:db8:1:2::/64'
 */
export function clientAddressKey(address: string | null | undefined): string | null {
  const value = address?.trim().toLowerCase()
  if (!value) return null
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value)?.[1]
  if (mapped && isIPv4(mapped)) return mapped
  if (!isIPv6(value)) return value
  return `${expandIPv6(value).slice(0, 4).join(':')}::/64`
}

/** The eight groups of an IPv6 address, without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const missing = tail === undefined ? 0 : 8 - left.length - right.length
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => group.replace(/^0+(?=.)/, ''))
}
