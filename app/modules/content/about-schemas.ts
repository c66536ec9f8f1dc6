import { z } from 'zod'
import { CONTENT_TITLE_MAX, contentImage, formText, requiredText } from './form-fields.ts'

export const ABOUT_SECTIONS = ['hero', 'story', 'mission'] as const
export type AboutSection = (typeof ABOUT_SECTIONS)[number]
export const ABOUT_TEXT_MAX = 5000
export const ABOUT_FIELDS_REQUIRED = 'Please fill in the title and text of every section.'

const title = (section: string) =>
  formText({ label: `The ${section} title`, max: CONTENT_TITLE_MAX, requiredMessage: ABOUT_FIELDS_REQUIRED })
const text = (label: string) => requiredText(label, ABOUT_TEXT_MAX, ABOUT_FIELDS_REQUIRED)

/**
 * The /admin/about form: the hero (title, subtitle, image), the story and the mission (title,
 * content, image). Field names are flat, as a form posts them: heroTitle, storyContent, missionImage…
 */
export const AboutFormSchema = z
  .object({
    heroTitle: title('hero'),
    heroSubtitle: text('The hero subtitle'),
    heroImage: contentImage,
    storyTitle: title('story'),
    storyContent: text('The story text'),
    storyImage: contentImage,
    missionTitle: title('mission'),
    missionContent: text('The mission text'),
    missionImage: contentImage,
  })
  .transform((form) => ({
    hero: { title: form.heroTitle, subtitle: form.heroSubtitle, image: form.heroImage },
    story: { title: form.storyTitle, content: form.storyContent, image: form.storyImage },
    mission: { title: form.missionTitle, content: form.missionContent, image: form.missionImage },
  }))

export type AboutForm = z.infer<typeof AboutFormSchema>

export const ABOUT_FIELDS = [
  'heroTitle',
  'heroSubtitle',
  'heroImage',
  'storyTitle',
  'storyContent',
  'storyImage',
  'missionTitle',
  'missionContent',
  'missionImage',
] as const
