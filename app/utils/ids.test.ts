import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { uuidPrefixRange } from './ids.ts'

test.each([
  ['9B1D', '9b1d0000-0000-0000-0000-000000000000', '9b1dffff-ffff-ffff-ffff-ffffffffffff'],
  ['9b1d4f2a-1', '9b1d4f2a-1000-0000-0000-000000000000', '9b1d4f2a-1fff-ffff-ffff-ffffffffffff'],
])('the start of an id, %s, reads as the range of ids that start so', (prefix, from, to) => {
  expect(uuidPrefixRange(prefix)).toEqual({ from, to })
})

test('text no id can start with has no range', () => {
  for (const text of ['', 'xyz', '9b1d4f2a1', '9b1d-', `${randomUUID()}0`, '%', '9b1d4f2a-12_']) {
    expect(uuidPrefixRange(text)).toBeNull()
  }
})

test('an id is in the range of each of its starts, and ids that start otherwise are not', () => {
  fc.assert(
    fc.property(fc.uuid(), fc.uuid(), fc.integer({ min: 1, max: 36 }), (id, other, length) => {
      const range = uuidPrefixRange(id.slice(0, length))
      expect(range).not.toBeNull()
      const inside = (value: string) => value >= (range?.from ?? '') && value <= (range?.to ?? '')
      expect(inside(id)).toBe(true)
      expect(inside(other)).toBe(other.startsWith(id.slice(0, length)))
    }),
  )
})
