import { describe, expect, test } from 'vitest'
import { changedFields } from './changes.ts'

describe('changedFields', () => {
  test('lists only the fields whose value moved, compared by content', () => {
    expect(
      changedFields(
        { title: 'A', price: 1, tags: ['x'], note: null as string | null, images: ['a.png'] },
        { title: 'B', price: 1, tags: ['x'], note: '', images: undefined },
      ),
    ).toEqual({ title: { before: 'A', after: 'B' }, note: { before: null, after: '' } })
    expect(changedFields({ list: [1, 2] }, { list: [2, 1] })).toEqual({ list: { before: [1, 2], after: [2, 1] } })
  })
})
