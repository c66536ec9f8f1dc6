import { expect, test } from 'vitest'
import { groupBy } from './group-by.ts'

test('rows are grouped by the field, in their order, without it', () => {
  const rows = [
    { invoiceId: 'a', description: 'Gear' },
    { invoiceId: 'b', description: 'Knob' },
    { invoiceId: 'a', description: 'Setup' },
  ]
  const groups = groupBy(rows, 'invoiceId')
  expect([...groups.keys()]).toEqual(['a', 'b'])
  expect(groups.get('a')).toEqual([{ description: 'Gear' }, { description: 'Setup' }])
  expect(groups.get('b')).toEqual([{ description: 'Knob' }])
  expect(groupBy([], 'invoiceId').size).toBe(0)
})
