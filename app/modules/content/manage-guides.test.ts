import { beforeEach, expect, test } from 'vitest'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { UNKNOWN_ID } from '#tests/setup/test-database.ts'
import { GuideFormSchema, GuideStatusFormSchema } from './guide-schemas.ts'
import {
  countGuidesByStatus,
  createGuide,
  createGuideCategory,
  deleteGuide,
  deleteGuideCategory,
  listAdminGuides,
  listGuideCategoriesWithUsage,
  listVisibleGuides,
  renameGuideCategory,
  retrieveAdminGuide,
  retrieveVisibleGuide,
  setGuideStatus,
  updateGuide,
} from './index.server.ts'
import { guideCategories, guides } from './schema.server.ts'

testDatabaseForFile({ emptied: [guides, guideCategories] })
let categoryId = ''
const step = (title: string, extra: Partial<{ content: string; image: string; video: string }> = {}) => ({
  title,
  content: '',
  image: '',
  video: '',
  ...extra,
})

beforeEach(async () => {
  const created = await createGuideCategory('Installation')
  if (!created.ok) throw new Error('no category')
  categoryId = created.category.id
})

test('a new guide is visible with its steps in order, and the public pages show it', async () => {
  const result = await createGuide({
    title: 'Mount a bike holder',
    description: 'Two steps.',
    categoryId,
    steps: [
      step('Unbox', { content: 'Open it.', image: 'guides/a.webp' }),
      step('Fit', { video: 'https://youtu.be/dQw4w9WgXcQ' }),
    ],
  })
  expect(result).toMatchObject({ ok: true, guide: { title: 'Mount a bike holder', status: 'visible' } })
  if (!result.ok) return
  const guide = await retrieveAdminGuide(result.guide.id)
  expect(guide?.steps.map((s) => [s.title, s.content, s.image, s.video])).toEqual([
    ['Unbox', 'Open it.', 'guides/a.webp', ''],
    ['Fit', '', '', 'https://youtu.be/dQw4w9WgXcQ'],
  ])
  expect(guide).toMatchObject({ categoryName: 'Installation', stepCount: 2, status: 'visible' })
  expect((await listVisibleGuides()).map((g) => g.title)).toEqual(['Mount a bike holder'])
  expect((await retrieveVisibleGuide(result.guide.id))?.steps.map((s) => s.title)).toEqual(['Unbox', 'Fit'])
})

test('editing replaces the steps in the new order and keeps the status; hiding and archiving take it off /guides', async () => {
  const created = await createGuide({ title: 'A', description: 'B', categoryId, steps: [step('One'), step('Two')] })
  if (!created.ok) throw new Error('not created')
  const id = created.guide.id
  expect(await setGuideStatus(id, 'hidden')).toMatchObject({ status: 'hidden' })
  const saved = await updateGuide(id, {
    title: 'A2',
    description: 'B2',
    categoryId,
    steps: [step('Two'), step('Three')],
  })
  expect(saved).toMatchObject({ ok: true, guide: { title: 'A2', status: 'hidden' } })
  expect((await retrieveAdminGuide(id))?.steps.map((s) => s.title)).toEqual(['Two', 'Three'])
  expect(await retrieveVisibleGuide(id)).toBeNull()
  expect(await listVisibleGuides()).toEqual([])
  await setGuideStatus(id, 'archived')
  expect((await listAdminGuides({ filter: 'archived' })).map((g) => g.title)).toEqual(['A2'])
  expect(await listAdminGuides({ filter: 'visible' })).toEqual([])
  expect(await countGuidesByStatus()).toEqual({ visible: 0, hidden: 0, archived: 1, all: 1 })
  await setGuideStatus(id, 'visible')
  expect((await listVisibleGuides()).map((g) => g.title)).toEqual(['A2'])
})

test('unknown ids and unknown categories change nothing', async () => {
  const form = { title: 'T', description: 'D', categoryId, steps: [] }
  for (const id of [UNKNOWN_ID, 'not-a-uuid', '']) {
    expect(await updateGuide(id, form)).toEqual({ ok: false, reason: 'not-found' })
    expect(await setGuideStatus(id, 'hidden')).toBeNull()
    expect(await deleteGuide(id)).toBe(false)
    expect(await retrieveAdminGuide(id)).toBeNull()
  }
  expect(await createGuide({ ...form, categoryId: UNKNOWN_ID })).toEqual({ ok: false, reason: 'category-unknown' })
  const created = await createGuide(form)
  if (!created.ok) throw new Error('not created')
  expect(await updateGuide(created.guide.id, { ...form, categoryId: UNKNOWN_ID })).toEqual({
    ok: false,
    reason: 'category-unknown',
  })
  expect(await deleteGuide(created.guide.id)).toBe(true)
  expect(await deleteGuide(created.guide.id)).toBe(false)
  expect(await listAdminGuides({ filter: 'all' })).toEqual([])
})

test('guide categories: add at the end, rename, refuse taken names, delete only when unused', async () => {
  const design = await createGuideCategory('Design')
  if (!design.ok) throw new Error('not created')
  expect(await createGuideCategory('Design')).toEqual({ ok: false, reason: 'name-taken', name: 'Design' })
  expect(await renameGuideCategory(design.category.id, 'Installation')).toMatchObject({ reason: 'name-taken' })
  expect(await renameGuideCategory(design.category.id, 'Design & CAD')).toMatchObject({
    ok: true,
    category: { name: 'Design & CAD' },
  })
  expect(await renameGuideCategory(UNKNOWN_ID, 'X')).toEqual({ ok: false, reason: 'not-found' })
  await createGuide({ title: 'Uses it', description: 'D', categoryId, steps: [] })
  expect(await listGuideCategoriesWithUsage()).toEqual([
    { id: categoryId, name: 'Installation', guideCount: 1 },
    { id: design.category.id, name: 'Design & CAD', guideCount: 0 },
  ])
  expect(await deleteGuideCategory(categoryId)).toEqual({
    ok: false,
    reason: 'in-use',
    name: 'Installation',
    usedBy: 1,
  })
  expect(await deleteGuideCategory(design.category.id)).toMatchObject({ ok: true })
  expect(await deleteGuideCategory(design.category.id)).toEqual({ ok: false, reason: 'not-found' })
  expect(await deleteGuideCategory('nope')).toEqual({ ok: false, reason: 'not-found' })
  expect((await listGuideCategoriesWithUsage()).map((c) => c.name)).toEqual(['Installation'])
})

test('the guide form schema requires title, description and category, and reads the steps', () => {
  const base = { title: ' T ', description: ' D ', categoryId: UNKNOWN_ID }
  expect(
    GuideFormSchema.parse({ ...base, steps: JSON.stringify([step(' S ', { content: ' c ' }), step('')]) }),
  ).toEqual({
    title: 'T',
    description: 'D',
    categoryId: UNKNOWN_ID,
    steps: [step('S', { content: 'c' })],
  })
  for (const bad of [{ ...base, title: '' }, { ...base, description: '  ' }, { ...base, categoryId: '' }, {}]) {
    expect(GuideFormSchema.safeParse(bad).error?.issues[0].message).toBe('Please fill all required fields.')
  }
  const issue = (steps: unknown) => GuideFormSchema.safeParse({ ...base, steps }).error?.issues[0].message
  expect(issue('{not json')).toMatch(/could not be read/)
  expect(issue('{"a":1}')).toMatch(/could not be read/)
  expect(issue(JSON.stringify([step('', { content: 'text' })]))).toBe('Every step needs a title.')
  expect(issue(JSON.stringify([step('S', { video: 'javascript:alert(1)' })]))).toMatch(/web address/)
  expect(issue(JSON.stringify(Array.from({ length: 51 }, () => step('S'))))).toMatch(/at most 50 steps/)
  expect(GuideStatusFormSchema.safeParse({ guideId: UNKNOWN_ID, status: 'deleted' }).success).toBe(false)
})
