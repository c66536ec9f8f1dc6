import sharp from 'sharp'
import { beforeEach, expect, test } from 'vitest'
import { aboutSections } from '#app/modules/content/schema.server.ts'
import { adminRouteTest } from '#tests/setup/admin-route-test.ts'
import { action, loader } from './about.tsx'
import type { AboutActionResult } from './about-actions.server.ts'

const shop = adminRouteTest({ storage: true })
const page = shop.page('/admin/about', { loader, action })
const post = (form: Record<string, string> | FormData) => page.post<AboutActionResult>(form)

beforeEach(async () => {
  await shop.db.delete(aboutSections)
  await shop.db.insert(aboutSections).values([
    { section: 'hero', title: 'Hero', content: 'Sub', image: 'about/hero.webp' },
    { section: 'story', title: 'Story', content: 'Text', image: '' },
    { section: 'mission', title: 'Mission', content: 'Goal', image: '' },
  ])
})

const stored = () => shop.db.select().from(aboutSections).orderBy(aboutSections.section)

const form = {
  intent: 'save',
  heroTitle: 'New hero',
  heroSubtitle: 'New subtitle',
  heroImage: '',
  storyTitle: 'Story',
  storyContent: 'Text',
  storyImage: 'https://example.com/story.jpg',
  missionTitle: 'Mission',
  missionContent: 'Goal',
  missionImage: '',
}

test('the page shows the stored sections', async () => {
  expect((await page.load()).values).toMatchObject({
    heroTitle: 'Hero',
    heroSubtitle: 'Sub',
    heroImage: 'about/hero.webp',
  })
})

test('Save Changes writes the three sections', async () => {
  expect(await post(form)).toMatchObject({
    status: 200,
    ok: true,
    toast: { title: 'About page content has been updated.', variant: 'success' },
  })
  const rows = await stored()
  expect(rows.find((row) => row.section === 'hero')).toMatchObject({ title: 'New hero', image: '' })
  expect(rows.find((row) => row.section === 'story')?.image).toBe('https://example.com/story.jpg')
})

test('bad input is refused with a message and changes nothing', async () => {
  const before = await stored()
  const cases: [Record<string, string>, string][] = [
    [{ ...form, heroTitle: ' ' }, 'Please fill in the title and text of every section.'],
    [{ ...form, missionContent: '' }, 'Please fill in the title and text of every section.'],
    [{ intent: 'save' }, 'Please fill in the title and text of every section.'],
    [{ ...form, storyTitle: 'x'.repeat(201) }, 'The story title must be at most 200 characters.'],
    [{ ...form, heroImage: 'x'.repeat(501) }, 'Image must be at most 500 characters.'],
    [{ ...form, intent: 'reset' }, 'Unknown request.'],
  ]
  for (const [fields, message] of cases) {
    const answer = await post(fields)
    expect(answer, message).toMatchObject({ status: 400, ok: false, toast: { title: 'Error', description: message } })
  }
  expect((await post({ ...form, heroTitle: '' })).values?.heroSubtitle).toBe('New subtitle')
  // Each refused field is named, for the form to show the problem beside it.
  const tooLong = await post({ ...form, storyTitle: 'x'.repeat(201) })
  expect((tooLong as { fieldErrors?: Record<string, string> }).fieldErrors).toEqual({
    storyTitle: 'The story title must be at most 200 characters.',
  })
  expect(await stored()).toEqual(before)
})

test('an uploaded picture replaces its section’s image', async () => {
  const jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#08f' } })
    .jpeg()
    .toBuffer()
  const body = new FormData()
  for (const [name, value] of Object.entries(form)) body.set(name, value)
  body.set('storyImageFile', new File([new Uint8Array(jpeg)], 'workshop.jpg', { type: 'image/jpeg' }))
  expect(await post(body)).toMatchObject({ status: 200, ok: true })
  const rows = await stored()
  expect(rows.find((row) => row.section === 'story')?.image).toMatch(/^about\/[0-9a-f-]{36}\.[0-9a-f]{16}\.webp$/)
  expect(rows.find((row) => row.section === 'hero')?.image).toBe('')
})
