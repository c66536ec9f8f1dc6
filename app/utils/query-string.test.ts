import { expect, test } from 'vitest'
import { queryString } from './query-string.ts'

test('leaves out empty and default values, keeps the order given, and encodes', () => {
  expect(queryString({ status: 'paid', q: '', from: null, to: undefined, page: false })).toBe('?status=paid')
  expect(queryString({ q: '#1001 & co', page: 2 })).toBe('?q=%231001+%26+co&page=2')
  expect(queryString({ q: '' })).toBe('')
})
