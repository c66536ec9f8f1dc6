import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { listCategories } from '#app/utils/category-lists.server.ts'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isSlug, isUuid } from '#app/utils/ids.ts'
import { pickColumns } from '#app/utils/pick.ts'
import {
  aboutSections,
  guideCategories,
  guideSteps,
  guides,
  newsUpdates,
  policies,
  serviceFeatures,
  services,
} from './schema.server.ts'
import type {
  AboutContentDto,
  AboutSectionDto,
  ContentImage,
  GuideCategoryDto,
  GuideDto,
  GuideSummaryDto,
  GuideVideo,
  NewsUpdateDto,
  PolicyDto,
  PolicySummaryDto,
  ServiceDto,
} from './types.ts'

/**
 * Every service in its configured order, each with its features in order.
 * @example const services = await listServices() // [{ title: '3D Design', priceCents: 3000, priceUnit: 'hr', features }]
 */
export async function listServices(): Promise<ServiceDto[]> {
  const db = await getDb()
  const rows = await db
    .select(pickColumns(services, ['id', 'title', 'description', 'priceCents', 'priceUnit']))
    .from(services)
    .orderBy(asc(services.position), asc(services.createdAt), asc(services.title))
  if (rows.length === 0) return []
  const features = await db
    .select({ id: serviceFeatures.id, serviceId: serviceFeatures.serviceId, name: serviceFeatures.name })
    .from(serviceFeatures)
    .where(
      inArray(
        serviceFeatures.serviceId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(serviceFeatures.position), asc(serviceFeatures.name))
  return rows.map((row) => ({
    ...row,
    features: features.filter((feature) => feature.serviceId === row.id).map(({ id, name }) => ({ id, name })),
  }))
}

// Shown until an admin has written the section, so the about page is never blank.
const aboutDefaults = {
  hero: {
    title: 'About LayerWorks 3D',
    content: 'Practical 3D design, scanning and printing for makers, businesses and everyday problems.',
  },
  story: {
    title: 'Our Story',
    content:
      'LayerWorks 3D started with one printer and a drawer full of broken parts. Today we design, scan and print custom parts, mounts and cases for customers around the world.',
  },
  mission: {
    title: 'Our Mission',
    content: 'To make custom 3D design and manufacturing simple, affordable and fast for everyone.',
  },
}

/**
 * The about page's hero, story and mission; a section nobody has written yet gets a default text.
 * @example const { hero, story, mission } = await retrieveAboutContent()
 */
export async function retrieveAboutContent(): Promise<AboutContentDto> {
  const db = await getDb()
  const rows = await db.select(pickColumns(aboutSections, ['section', 'title', 'content', 'image'])).from(aboutSections)
  const section = (name: keyof typeof aboutDefaults): AboutSectionDto => {
    const row = rows.find((candidate) => candidate.section === name)
    const title = row?.title.trim() || aboutDefaults[name].title
    return {
      title,
      content: row?.content.trim() || aboutDefaults[name].content,
      image: toContentImage(row?.image, title),
    }
  }
  const hero = section('hero')
  return {
    hero: { title: hero.title, subtitle: hero.content, image: hero.image },
    story: section('story'),
    mission: section('mission'),
  }
}

/**
 * News updates with status visible, newest first.
 * @example const updates = await listVisibleUpdates() // [{ title, content, date: '2026-11-02T00:00:00.000Z' }]
 */
export async function listVisibleUpdates(): Promise<NewsUpdateDto[]> {
  const db = await getDb()
  const rows = await db
    .select(pickColumns(newsUpdates, ['id', 'title', 'content', 'image', 'date']))
    .from(newsUpdates)
    .where(eq(newsUpdates.status, 'visible'))
    .orderBy(desc(newsUpdates.date), desc(newsUpdates.createdAt))
  return rows.map((row) => ({ ...row, image: toContentImage(row.image, row.title), date: row.date.toISOString() }))
}

/**
 * Guide categories in their configured order.
 * @example const categories = await listGuideCategories() // [{ id, name: 'Getting Started' }]
 */
export function listGuideCategories(): Promise<GuideCategoryDto[]> {
  return listCategories(guideCategories)
}

/** What a guide's card shows; read from `guides` left-joined to its category ({@link selectGuides}). */
export const guideSummaryColumns = {
  id: guides.id,
  title: guides.title,
  description: guides.description,
  categoryId: guides.categoryId,
  categoryName: guideCategories.name,
  stepCount: sql<number>`(select count(*)::int from ${guideSteps} where ${guideSteps.guideId} = ${guides.id})`,
}

/** Guides with their category's name, for columns built on {@link guideSummaryColumns}. */
export function selectGuides<Columns extends typeof guideSummaryColumns>(db: DbOrTx, columns: Columns) {
  return db.select(columns).from(guides).leftJoin(guideCategories, eq(guideCategories.id, guides.categoryId))
}

/** A guide's steps in their order, as the admin wrote them. */
export function selectGuideSteps(db: DbOrTx, guideId: string) {
  return db
    .select({
      id: guideSteps.id,
      title: guideSteps.title,
      content: guideSteps.content,
      image: guideSteps.image,
      video: guideSteps.video,
    })
    .from(guideSteps)
    .where(eq(guideSteps.guideId, guideId))
    .orderBy(asc(guideSteps.position), asc(guideSteps.title), asc(guideSteps.id))
}

/**
 * Guides with status visible, newest first, optionally of one category. A category id that is
 * not a UUID matches nothing.
 * @example const guides = await listVisibleGuides({ categoryId })
 */
export async function listVisibleGuides({ categoryId }: { categoryId?: string } = {}): Promise<GuideSummaryDto[]> {
  if (categoryId !== undefined && !isUuid(categoryId)) return []
  const db = await getDb()
  const filters: SQL[] = [eq(guides.status, 'visible')]
  if (categoryId) filters.push(eq(guides.categoryId, categoryId))
  const rows = await selectGuides(db, guideSummaryColumns)
    .where(and(...filters))
    .orderBy(desc(guides.createdAt), asc(guides.title))
  return rows.map((row) => ({ ...row, stepCount: Number(row.stepCount) }))
}

/**
 * Id and last change of every visible guide, newest first (the sitemap).
 * @example const entries = await listVisibleGuideIds() // [{ id, updatedAt: Date }]
 */
export async function listVisibleGuideIds(): Promise<{ id: string; updatedAt: Date }[]> {
  const db = await getDb()
  return db
    .select({ id: guides.id, updatedAt: guides.updatedAt })
    .from(guides)
    .where(eq(guides.status, 'visible'))
    .orderBy(desc(guides.createdAt), asc(guides.id))
}

/**
 * One visible guide with its steps in order; null when the id is unknown, not a UUID, or the
 * guide is hidden or archived.
 * @example const guide = await retrieveVisibleGuide(params.guideId)
 */
export async function retrieveVisibleGuide(id: string): Promise<GuideDto | null> {
  if (!isUuid(id)) return null
  const db = await getDb()
  const [guide] = await selectGuides(db, guideSummaryColumns)
    .where(and(eq(guides.id, id), eq(guides.status, 'visible')))
    .limit(1)
  if (!guide) return null
  const steps = await selectGuideSteps(db, id)
  return {
    ...guide,
    stepCount: steps.length,
    steps: steps.map((step) => ({
      ...step,
      image: toContentImage(step.image, step.title),
      video: toGuideVideo(step.video),
    })),
  }
}

const policySummaryColumns = {
  id: policies.id,
  slug: policies.slug,
  title: policies.title,
  summary: policies.summary,
}

/**
 * The policies in their configured order (returns and exchanges, shipping, privacy).
 * @example const policies = await listPolicies() // [{ slug: 'returns', title, summary }]
 */
export async function listPolicies(): Promise<PolicySummaryDto[]> {
  const db = await getDb()
  const rows = await db
    .select({ ...policySummaryColumns, content: policies.content })
    .from(policies)
    .orderBy(asc(policies.position), asc(policies.title))
  // A policy written without a summary shows the start of its text on its card.
  return rows.map(({ content, ...row }) => ({ ...row, summary: row.summary.trim() || excerpt(content, 200) }))
}

function excerpt(text: string, max: number) {
  const paragraph = text
    .trim()
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, ' ')
  if (paragraph.length <= max) return paragraph
  const cut = paragraph.slice(0, max - 1)
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`
}

/**
 * Slug and last change of every policy, in their configured order (the sitemap).
 * @example const entries = await listPolicySlugs() // [{ slug: 'returns', updatedAt: Date }]
 */
export async function listPolicySlugs(): Promise<{ slug: string; updatedAt: Date }[]> {
  const db = await getDb()
  return db
    .select({ slug: policies.slug, updatedAt: policies.updatedAt })
    .from(policies)
    .orderBy(asc(policies.position), asc(policies.title))
}

/**
 * One policy by its slug or its id; null when neither matches.
 * @example const policy = await retrievePolicy('returns')
 */
export async function retrievePolicy(idOrSlug: string): Promise<PolicyDto | null> {
  const key = idOrSlug.trim()
  if (!isUuid(key) && !isSlug(key)) return null
  const db = await getDb()
  const [row] = await db
    .select({ ...policySummaryColumns, content: policies.content, updatedAt: policies.updatedAt })
    .from(policies)
    .where(isUuid(key) ? or(eq(policies.id, key), eq(policies.slug, key)) : eq(policies.slug, key))
    .limit(1)
  return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null
}

// Same shape as the storage module's keys; an extension tells a key from a one-word description.
const storageKeyPattern = /^(?!.*\.\.)[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*\.(avif|gif|jpe?g|png|svg|webp)$/i

/** Reads an image field: a storage key or URL becomes a picture, anything else a description. */
export function toContentImage(value: string | null | undefined, alt: string): ContentImage | null {
  const text = value?.trim()
  if (!text) return null
  const isPicture = /^https?:\/\/\S+$/i.test(text) || /^\/[^\s/]\S*$/.test(text) || storageKeyPattern.test(text)
  return isPicture ? { kind: 'image', source: text, alt } : { kind: 'description', text }
}

// Hosts the content security policy lets us frame (server/middleware.ts frameSrc).
const youtubeHosts: Record<string, string> = {
  'youtube.com': 'www.youtube.com',
  'www.youtube.com': 'www.youtube.com',
  'm.youtube.com': 'www.youtube.com',
  'youtube-nocookie.com': 'www.youtube-nocookie.com',
  'www.youtube-nocookie.com': 'www.youtube-nocookie.com',
}
const youtubeIdPattern = /^[\w-]{11}$/

/**
 * Reads a step's video address: YouTube embed addresses stay embeddable, watch and short links
 * become embed addresses, any other web address is a plain link and anything else is ignored.
 */
export function toGuideVideo(value: string | null | undefined): GuideVideo | null {
  const text = value?.trim()
  if (!text) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.toLowerCase()
  const embedHost = youtubeHosts[host]
  if (embedHost) {
    const embed = /^\/embed\/([\w-]{11})\/?$/.exec(url.pathname)
    if (embed) return { kind: 'embed', src: `https://${embedHost}/embed/${embed[1]}${url.search}` }
    const id =
      url.pathname === '/watch' ? url.searchParams.get('v') : /^\/(?:shorts|live)\/([\w-]{11})/.exec(url.pathname)?.[1]
    if (id && youtubeIdPattern.test(id)) return { kind: 'embed', src: youtubeEmbed(embedHost, id, url) }
  }
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1).replace(/\/$/, '')
    if (youtubeIdPattern.test(id)) return { kind: 'embed', src: youtubeEmbed('www.youtube.com', id, url) }
  }
  return { kind: 'link', href: url.href }
}

function youtubeEmbed(host: string, id: string, url: URL) {
  const start = Number.parseInt(url.searchParams.get('t') ?? url.searchParams.get('start') ?? '', 10)
  return `https://${host}/embed/${id}${start > 0 ? `?start=${start}` : ''}`
}
