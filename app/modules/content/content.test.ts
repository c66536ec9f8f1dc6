import { beforeAll, describe, expect, test } from 'vitest'
import {
  insertAboutSection,
  insertGuide,
  insertGuideCategory,
  insertNewsUpdate,
  insertPolicy,
  insertService,
} from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import {
  listGuideCategories,
  listPolicies,
  listServices,
  listVisibleGuides,
  listVisibleUpdates,
  retrieveAboutContent,
  retrievePolicy,
  retrieveVisibleGuide,
  toContentImage,
  toGuideVideo,
} from './service.server.ts'

const database = testDatabaseForFile()
const ids = {
  design: '10000000-0000-4000-8000-000000000001',
  printing: '10000000-0000-4000-8000-000000000002',
  basics: '20000000-0000-4000-8000-000000000001',
  troubleshooting: '20000000-0000-4000-8000-000000000002',
  firstPrint: '30000000-0000-4000-8000-000000000001',
  stringing: '30000000-0000-4000-8000-000000000002',
  hiddenGuide: '30000000-0000-4000-8000-000000000003',
  archivedGuide: '30000000-0000-4000-8000-000000000004',
  returns: '40000000-0000-4000-8000-000000000001',
  unknown: '99999999-9999-4999-8999-999999999999',
}

beforeAll(async () => {
  const { db } = database

  await insertService(db, {
    id: ids.printing,
    title: '3D Printing',
    description: 'Parts',
    priceCents: 500,
    priceUnit: 'print hour',
    position: 2,
    features: [{ name: 'PLA, PETG, ASA, TPU', position: 1 }],
  })
  await insertService(db, {
    id: ids.design,
    title: '3D Design',
    description: 'Models',
    priceCents: 3000,
    priceUnit: 'hr',
    position: 1,
    features: [
      { name: 'Revisions included', position: 2 },
      { name: 'CAD files', position: 1 },
    ],
  })

  await insertAboutSection(db, {
    section: 'hero',
    title: 'About Us',
    content: 'Makers at heart',
    image: 'about/hero.jpg',
  })
  await insertAboutSection(db, {
    section: 'story',
    title: 'Our Story',
    content: 'It began in a garage.',
    image: 'A garage full of printers',
  })

  await insertNewsUpdate(db, { title: 'Old news', content: 'Opened', date: new Date('2026-01-15T00:00:00Z') })
  await insertNewsUpdate(db, {
    title: 'Secret',
    content: 'Hidden',
    date: new Date('2026-12-01T00:00:00Z'),
    status: 'hidden',
  })
  await insertNewsUpdate(db, {
    title: 'New material',
    content: 'TPU is here',
    date: new Date('2026-11-02T00:00:00Z'),
    image: 'https://example.com/tpu.png',
  })

  await insertGuideCategory(db, { id: ids.troubleshooting, name: 'Troubleshooting', position: 2 })
  await insertGuideCategory(db, { id: ids.basics, name: 'Getting Started', position: 1 })
  await insertGuide(db, {
    id: ids.firstPrint,
    title: 'Your first print',
    description: 'From file to part',
    categoryId: ids.basics,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    steps: [
      { position: 2, title: 'Slice the model', content: 'Use a slicer.' },
      {
        position: 1,
        title: 'Level the bed',
        content: 'Paper test.',
        video: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      },
      { position: 3, title: 'Print', content: 'Press start.', image: 'guides/print.png' },
    ],
  })
  await insertGuide(db, {
    id: ids.stringing,
    title: 'Fixing stringing',
    description: 'Retraction settings',
    categoryId: ids.troubleshooting,
    createdAt: new Date('2026-02-01T00:00:00Z'),
  })
  await insertGuide(db, {
    id: ids.hiddenGuide,
    title: 'Draft guide',
    description: 'Not yet',
    categoryId: ids.basics,
    status: 'hidden',
  })
  await insertGuide(db, {
    id: ids.archivedGuide,
    title: 'Old guide',
    description: 'Gone',
    categoryId: ids.basics,
    status: 'archived',
  })

  await insertPolicy(db, {
    slug: 'privacy',
    title: 'Privacy Policy',
    summary: 'Your data',
    content: 'We keep little.',
    position: 3,
  })
  await insertPolicy(db, {
    id: ids.returns,
    slug: 'returns',
    title: 'Returns & Exchanges',
    summary: '30 days',
    content: 'Non-custom items within 30 days.\n\nCustom orders within 7 days if defective.',
    position: 1,
  })
  await insertPolicy(db, {
    slug: 'shipping',
    title: 'Shipping Policy',
    summary: 'Worldwide',
    content: 'We ship worldwide.',
    position: 2,
  })
})

describe('services', () => {
  test('lists services by position with their features in order', async () => {
    const result = await listServices()
    expect(result.map((service) => service.title)).toEqual(['3D Design', '3D Printing'])
    expect(result[0]).toMatchObject({ priceCents: 3000, priceUnit: 'hr' })
    expect(result[0].features.map((feature) => feature.name)).toEqual(['CAD files', 'Revisions included'])
    expect(result[1].features.map((feature) => feature.name)).toEqual(['PLA, PETG, ASA, TPU'])
  })
})

describe('about content', () => {
  test('reads the sections, tells image keys from descriptions and fills a missing section', async () => {
    const about = await retrieveAboutContent()
    expect(about.hero).toEqual({
      title: 'About Us',
      subtitle: 'Makers at heart',
      image: { kind: 'image', source: 'about/hero.jpg', alt: 'About Us' },
    })
    expect(about.story.image).toEqual({ kind: 'description', text: 'A garage full of printers' })
    expect(about.mission.title).toBe('Our Mission')
    expect(about.mission.content).not.toBe('')
    expect(about.mission.image).toBeNull()
  })
})

describe('news updates', () => {
  test('lists only visible updates, newest first, with ISO dates', async () => {
    const updates = await listVisibleUpdates()
    expect(updates.map((update) => update.title)).toEqual(['New material', 'Old news'])
    expect(updates[0].date).toBe('2026-11-02T00:00:00.000Z')
    expect(updates[0].image).toEqual({ kind: 'image', source: 'https://example.com/tpu.png', alt: 'New material' })
    expect(updates[1].image).toBeNull()
  })
})

describe('guides', () => {
  test('lists guide categories by position', async () => {
    expect((await listGuideCategories()).map((category) => category.name)).toEqual([
      'Getting Started',
      'Troubleshooting',
    ])
  })

  test('lists only visible guides, newest first, with category and step count', async () => {
    const all = await listVisibleGuides()
    expect(all.map((guide) => guide.title)).toEqual(['Fixing stringing', 'Your first print'])
    expect(all[1]).toMatchObject({ categoryId: ids.basics, categoryName: 'Getting Started', stepCount: 3 })
  })

  test('filters by category; a malformed category matches nothing', async () => {
    const basics = await listVisibleGuides({ categoryId: ids.basics })
    expect(basics.map((guide) => guide.id)).toEqual([ids.firstPrint])
    await expect(listVisibleGuides({ categoryId: 'not-a-uuid' })).resolves.toEqual([])
  })

  test('retrieves a visible guide with its steps in order', async () => {
    const guide = await retrieveVisibleGuide(ids.firstPrint)
    expect(guide?.title).toBe('Your first print')
    expect(guide?.steps.map((step) => step.title)).toEqual(['Level the bed', 'Slice the model', 'Print'])
    expect(guide?.steps[0].video).toEqual({ kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' })
    expect(guide?.steps[1]).toMatchObject({ image: null, video: null })
    expect(guide?.steps[2].image).toEqual({ kind: 'image', source: 'guides/print.png', alt: 'Print' })
  })

  test('hidden, archived, unknown and malformed ids give null', async () => {
    await expect(retrieveVisibleGuide(ids.hiddenGuide)).resolves.toBeNull()
    await expect(retrieveVisibleGuide(ids.archivedGuide)).resolves.toBeNull()
    await expect(retrieveVisibleGuide(ids.unknown)).resolves.toBeNull()
    await expect(retrieveVisibleGuide('not-a-uuid')).resolves.toBeNull()
    await expect(retrieveVisibleGuide("1' or '1'='1")).resolves.toBeNull()
  })
})

describe('policies', () => {
  test('lists policies by position', async () => {
    const result = await listPolicies()
    expect(result.map((policy) => policy.slug)).toEqual(['returns', 'shipping', 'privacy'])
    expect(result[0]).toEqual({ id: ids.returns, slug: 'returns', title: 'Returns & Exchanges', summary: '30 days' })
  })

  test('retrieves a policy by slug or by id', async () => {
    const bySlug = await retrievePolicy('returns')
    const byId = await retrievePolicy(ids.returns)
    expect(bySlug?.id).toBe(ids.returns)
    expect(byId?.slug).toBe('returns')
    expect(byId?.content).toContain('Custom orders within 7 days')
    expect(typeof byId?.updatedAt).toBe('string')
  })

  test('unknown or malformed ids give null without throwing', async () => {
    await expect(retrievePolicy('refunds')).resolves.toBeNull()
    await expect(retrievePolicy(ids.unknown)).resolves.toBeNull()
    await expect(retrievePolicy('')).resolves.toBeNull()
    await expect(retrievePolicy('x'.repeat(500))).resolves.toBeNull()
  })
})

describe('content field readers', () => {
  test('image fields: keys and URLs are pictures, other text is a description', () => {
    expect(toContentImage('/placeholder-product.svg', 'a')).toMatchObject({ kind: 'image' })
    expect(toContentImage('workshop', 'a')).toEqual({ kind: 'description', text: 'workshop' })
    expect(toContentImage('  ', 'a')).toBeNull()
    expect(toContentImage(null, 'a')).toBeNull()
  })

  test('video fields: YouTube becomes an embed, other addresses a link, text is ignored', () => {
    expect(toGuideVideo('https://youtu.be/dQw4w9WgXcQ?t=42')).toEqual({
      kind: 'embed',
      src: 'https://www.youtube.com/embed/dQw4w9WgXcQ?start=42',
    })
    expect(toGuideVideo('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({
      kind: 'embed',
      src: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    })
    expect(toGuideVideo('https://vimeo.com/123')).toEqual({ kind: 'link', href: 'https://vimeo.com/123' })
    expect(toGuideVideo('javascript:alert(1)')).toBeNull()
    expect(toGuideVideo('A short clip of the bed levelling')).toBeNull()
  })
})
