import { expect, test } from 'vitest'
import { containing } from './like-patterns.ts'

test('what is typed is searched for as itself: wildcards and the escape are escaped', () => {
  expect(containing('gear')).toBe('%gear%')
  expect(containing('50%')).toBe('%50\\%%')
  expect(containing('a_b\\c')).toBe('%a\\_b\\\\c%')
})
