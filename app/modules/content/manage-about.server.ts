import { sql } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { announceUnlessInTransaction } from '#app/utils/public-change.server.ts'
import type { AboutForm } from './about-schemas.ts'
import { aboutSections } from './schema.server.ts'
import { retrieveAboutContent } from './service.server.ts'

/**
 * The about page's sections as the back-office edits them: the texts visitors see (a section
 * nobody has written yet shows its default) and each image as the admin wrote it.
 * @example const { hero, story, mission } = await retrieveAboutForm() // hero: { title, subtitle, image: '' }
 */
export async function retrieveAboutForm(): Promise<AboutForm> {
  const db = await getDb()
  const [about, images] = await Promise.all([
    retrieveAboutContent(),
    db.select({ section: aboutSections.section, image: aboutSections.image }).from(aboutSections),
  ])
  const image = (section: string) => images.find((row) => row.section === section)?.image ?? ''
  return {
    hero: { title: about.hero.title, subtitle: about.hero.subtitle, image: image('hero') },
    story: { title: about.story.title, content: about.story.content, image: image('story') },
    mission: { title: about.mission.title, content: about.mission.content, image: image('mission') },
  }
}

/**
 * Saves the hero, story and mission together: one statement, so all three or none.
 * @example await saveAboutContent({ hero: { title, subtitle, image: '' }, story, mission })
 */
export async function saveAboutContent(input: AboutForm, tx?: DbOrTx): Promise<void> {
  const db = tx ?? (await getDb())
  const updatedAt = new Date()
  await db
    .insert(aboutSections)
    .values([
      { section: 'hero', title: input.hero.title, content: input.hero.subtitle, image: input.hero.image, updatedAt },
      { section: 'story', ...input.story, updatedAt },
      { section: 'mission', ...input.mission, updatedAt },
    ])
    .onConflictDoUpdate({
      target: aboutSections.section,
      set: {
        title: sql`excluded.title`,
        content: sql`excluded.content`,
        image: sql`excluded.image`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
  announceUnlessInTransaction(tx, 'about page saved')
}
