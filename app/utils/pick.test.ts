import { pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { expect, test } from 'vitest'
import { pick, pickColumns } from './pick.ts'

test('only the named fields are kept, in the order named', () => {
  const picked = pick({ id: 'a', title: 'Gear', stock: 3 }, ['title', 'id'])
  expect(picked).toEqual({ title: 'Gear', id: 'a' })
  expect(Object.keys(picked)).toEqual(['title', 'id'])
  expect(pick({ id: 'a' }, [])).toEqual({})
})

test('the named columns are the table’s own', () => {
  const things = pgTable('things', { id: uuid('id'), title: text('title'), note: text('note') })
  expect(pickColumns(things, ['title', 'id'])).toEqual({ title: things.title, id: things.id })
  expect(pickColumns(things, ['title']).title).toBe(things.title)
})
