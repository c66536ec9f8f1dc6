import { beforeAll, beforeEach, expect, test } from 'vitest'
import { listVisibleGuides, retrieveVisibleGuide } from '#app/modules/content/index.server.ts'
import { guideCategories, guides } from '#app/modules/content/schema.server.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import { insertGuide, insertGuideCategory } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { answerOf, loadRoute } from '#tests/setup/route-calls.ts'
import { createTestAccount } from '#tests/setup/test-accounts.ts'
import { action, loader } from './guides.tsx'

const database = testDatabaseForFile()
let adminCookie = ''
let categoryId = ''
const unknownId = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  adminCookie = (await createTestAccount(database, 'admin')).cookie
})

beforeEach(async () => {
  await database.db.delete(guides)
  await database.db.delete(guideCategories)
  categoryId = (await insertGuideCategory(database.db, { name: 'Installation' })).id
})

const load = (url = '/admin/guides') => loadRoute(loader, { url, cookie: adminCookie })

const post = (form: Record<string, string>) =>
  answerOf<ActionResult>(action, { url: '/admin/guides', form, cookie: adminCookie })

const steps = (...titles: string[]) =>
  JSON.stringify(titles.map((title) => ({ title, content: `${title} text`, image: '', video: '' })))

test('add, edit, hide, archive and delete a guide, with the spec’s toasts', async () => {
  expect(
    await post({
      intent: 'create',
      title: 'Fit a mount',
      description: 'How to.',
      categoryId,
      steps: steps('One', 'Two'),
    }),
  ).toMatchObject({ ok: true, toast: { title: 'Guide Added', variant: 'success' } })
  const [public1] = await listVisibleGuides()
  expect(public1).toMatchObject({ title: 'Fit a mount', stepCount: 2, categoryName: 'Installation' })
  const id = public1.id

  const page = await load(`/admin/guides?edit=${id}`)
  expect(page).toMatchObject({ filter: 'visible', counts: { visible: 1, all: 1 }, editing: { id } })
  expect(page.editing?.steps.map((step) => step.title)).toEqual(['One', 'Two'])

  expect(
    await post({
      intent: 'update',
      guideId: id,
      title: 'Fit it',
      description: 'How.',
      categoryId,
      steps: steps('Two', 'One'),
    }),
  ).toMatchObject({ ok: true, toast: { title: 'Guide Updated' } })
  expect((await retrieveVisibleGuide(id))?.steps.map((step) => step.title)).toEqual(['Two', 'One'])

  expect(await post({ intent: 'set-status', guideId: id, status: 'hidden' })).toMatchObject({
    ok: true,
    toast: { title: 'Visibility Updated' },
  })
  expect(await listVisibleGuides()).toEqual([])
  expect((await load('/admin/guides?filter=hidden')).guides.map((guide) => guide.title)).toEqual(['Fit it'])
  expect(await post({ intent: 'set-status', guideId: id, status: 'archived' })).toMatchObject({ ok: true })
  expect((await load('/admin/guides?filter=archived')).guides).toHaveLength(1)
  expect((await load('/admin/guides?filter=bogus')).filter).toBe('visible')
  expect(await post({ intent: 'delete', guideId: id })).toMatchObject({ ok: true, toast: { title: 'Guide Deleted' } })
  expect((await load('/admin/guides?filter=all')).guides).toEqual([])
})

test('a refused guide names its bad field for the form to show beside it', async () => {
  const answer = await post({ intent: 'create', title: 'T', description: 'D', categoryId: 'not-an-id', steps: '[]' })
  expect(answer).toMatchObject({ ok: false, status: 400 })
  expect(Object.keys((answer as { fieldErrors?: Record<string, string> }).fieldErrors ?? {})).toEqual(['categoryId'])
})

test('bad input changes nothing and answers with a destructive toast', async () => {
  const row = await insertGuide(database.db, { title: 'Keep', description: 'Me', categoryId })
  const form = { title: 'T', description: 'D', categoryId, steps: '[]' }
  const cases: [Record<string, string>, number, RegExp][] = [
    [{ intent: 'create', ...form, title: '  ' }, 400, /^Please fill all required fields\.$/],
    [{ intent: 'create', ...form, description: '' }, 400, /^Please fill all required fields\.$/],
    [{ intent: 'create', ...form, categoryId: '' }, 400, /^Please fill all required fields\.$/],
    [{ intent: 'create', ...form, categoryId: unknownId }, 404, /category no longer exists/],
    [{ intent: 'create', ...form, steps: '[{' }, 400, /could not be read/],
    [{ intent: 'create', ...form, steps: steps('') }, 400, /needs a title/],
    [{ intent: 'update', ...form, guideId: unknownId }, 404, /Guide not found/],
    [{ intent: 'update', ...form, guideId: 'nope' }, 404, /Guide not found/],
    [{ intent: 'update', ...form, guideId: row.id, title: '' }, 400, /required fields/],
    [{ intent: 'set-status', guideId: row.id, status: 'deleted' }, 400, /visible, hidden or archived/],
    [{ intent: 'set-status', guideId: unknownId, status: 'hidden' }, 404, /Guide not found/],
    [{ intent: 'delete', guideId: unknownId }, 404, /Guide not found/],
    [{ intent: 'publish' }, 400, /Unknown request/],
  ]
  for (const [fields, status, message] of cases) {
    const answer = await post(fields)
    expect(answer, JSON.stringify(fields)).toMatchObject({ ok: false, status, toast: { variant: 'destructive' } })
    expect(answer.toast.description).toMatch(message)
  }
  const stored = await database.db.select({ title: guides.title, status: guides.status }).from(guides)
  expect(stored).toEqual([{ title: 'Keep', status: 'visible' }])
})
