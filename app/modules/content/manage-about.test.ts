import { expect, test } from 'vitest'
import { insertAboutSection } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { AboutFormSchema } from './about-schemas.ts'
import { retrieveAboutForm, saveAboutContent } from './manage-about.server.ts'
import { aboutSections } from './schema.server.ts'
import { retrieveAboutContent } from './service.server.ts'

const database = testDatabaseForFile({ emptied: [aboutSections] })

const content = {
  hero: { title: 'We make things', subtitle: 'Since 2019', image: 'about/hero.webp' },
  story: { title: 'Our Story', content: 'A garage.\n\nThen a workshop.', image: 'A garage full of printers' },
  mission: { title: 'Our Mission', content: 'Parts that fit.', image: '' },
}

test('an empty database gives the default texts and no images', async () => {
  const form = await retrieveAboutForm()
  expect(form.hero).toMatchObject({ title: 'About LayerWorks 3D', image: '' })
  expect(form.story.title).toBe('Our Story')
  expect(form.mission.content).toContain('simple, affordable and fast')
})

test('saving writes all three sections, and saving again replaces them', async () => {
  await insertAboutSection(database.db, { section: 'story', title: 'Old', content: 'Old text', image: 'x' })
  await saveAboutContent(content)
  expect(await retrieveAboutForm()).toEqual(content)
  const about = await retrieveAboutContent()
  expect(about.hero).toEqual({
    ...content.hero,
    image: { kind: 'image', source: 'about/hero.webp', alt: 'We make things' },
  })
  expect(about.story.image).toEqual({ kind: 'description', text: 'A garage full of printers' })
  expect(about.mission.image).toBeNull()

  await saveAboutContent({ ...content, hero: { ...content.hero, title: 'Renamed' } })
  expect((await retrieveAboutForm()).hero.title).toBe('Renamed')
  expect(await database.db.select().from(aboutSections)).toHaveLength(3)
})

test('the form schema reads flat fields and requires every title and text', () => {
  const fields = {
    heroTitle: ' T ',
    heroSubtitle: 'S',
    storyTitle: 'ST',
    storyContent: 'SC',
    storyImage: 'story.webp',
    missionTitle: 'MT',
    missionContent: 'MC',
  }
  expect(AboutFormSchema.parse(fields)).toEqual({
    hero: { title: 'T', subtitle: 'S', image: '' },
    story: { title: 'ST', content: 'SC', image: 'story.webp' },
    mission: { title: 'MT', content: 'MC', image: '' },
  })
  for (const name of ['heroTitle', 'heroSubtitle', 'storyContent', 'missionTitle']) {
    expect(AboutFormSchema.safeParse({ ...fields, [name]: '  ' }).error?.issues[0].message).toBe(
      'Please fill in the title and text of every section.',
    )
  }
  expect(AboutFormSchema.safeParse({ ...fields, heroImage: 'x'.repeat(501) }).success).toBe(false)
  expect(AboutFormSchema.safeParse({ ...fields, storyContent: 'x'.repeat(5001) }).success).toBe(false)
})
