import { expect, test } from 'vitest'
import { insertNewsUpdate } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { UNKNOWN_ID } from '#tests/setup/test-database.ts'
import {
  createNewsUpdate,
  deleteNewsUpdate,
  listAllNewsUpdates,
  listVisibleUpdates,
  setNewsUpdateStatus,
  updateNewsUpdate,
} from './index.server.ts'
import { newsUpdates } from './schema.server.ts'
import { UpdateFormSchema, UpdateStatusFormSchema } from './update-schemas.ts'

const database = testDatabaseForFile({ emptied: [newsUpdates] })

test('a new update is visible, dated now, and listed first', async () => {
  await insertNewsUpdate(database.db, { title: 'Old', content: 'Then', date: new Date('2026-01-01T00:00:00Z') })
  const before = Date.now()
  const created = await createNewsUpdate({ title: 'TPU is here', content: 'Flexible parts.', image: '' })
  expect(created).toMatchObject({ title: 'TPU is here', status: 'visible', image: '' })
  expect(Date.parse(created.date)).toBeGreaterThanOrEqual(before - 1000)
  expect((await listAllNewsUpdates()).map((update) => update.title)).toEqual(['TPU is here', 'Old'])
  expect((await listVisibleUpdates()).map((update) => update.title)).toEqual(['TPU is here', 'Old'])
})

test('an edit keeps the date and visibility; hiding takes it off the public list', async () => {
  const created = await createNewsUpdate({ title: 'First', content: 'Text', image: 'updates/a.webp' })
  await setNewsUpdateStatus(created.id, 'hidden')
  const saved = await updateNewsUpdate(created.id, { title: 'Renamed', content: 'New text', image: '' })
  expect(saved).toEqual({ ...created, title: 'Renamed', content: 'New text', image: '', status: 'hidden' })
  expect(await listVisibleUpdates()).toEqual([])
  expect((await listAllNewsUpdates()).map((update) => update.status)).toEqual(['hidden'])
  await setNewsUpdateStatus(created.id, 'visible')
  expect((await listVisibleUpdates()).map((update) => update.title)).toEqual(['Renamed'])
})

test('unknown or malformed ids change nothing', async () => {
  const form = { title: 'T', content: 'C', image: '' }
  for (const id of [UNKNOWN_ID, 'not-a-uuid', '']) {
    expect(await updateNewsUpdate(id, form)).toBeNull()
    expect(await setNewsUpdateStatus(id, 'hidden')).toBeNull()
    expect(await deleteNewsUpdate(id)).toBe(false)
  }
  const created = await createNewsUpdate(form)
  expect(await deleteNewsUpdate(created.id)).toBe(true)
  expect(await deleteNewsUpdate(created.id)).toBe(false)
  expect(await listAllNewsUpdates()).toEqual([])
})

test('the form schema trims, requires title and content, and limits lengths', () => {
  expect(UpdateFormSchema.parse({ title: '  A  ', content: ' B ', image: undefined })).toEqual({
    title: 'A',
    content: 'B',
    image: '',
  })
  for (const bad of [
    { title: '', content: 'B' },
    { title: 'A', content: '   ' },
    { title: new File(['x'], 'x.txt'), content: 'B' },
    {},
  ]) {
    expect(UpdateFormSchema.safeParse(bad).error?.issues[0].message).toBe('Title and content cannot be empty.')
  }
  expect(UpdateFormSchema.safeParse({ title: 'x'.repeat(201), content: 'B' }).error?.issues[0].message).toBe(
    'Title must be at most 200 characters.',
  )
  expect(UpdateFormSchema.safeParse({ title: 'A', content: 'B', image: 'x'.repeat(501) }).success).toBe(false)
  expect(UpdateStatusFormSchema.safeParse({ updateId: UNKNOWN_ID, status: 'archived' }).success).toBe(false)
})
