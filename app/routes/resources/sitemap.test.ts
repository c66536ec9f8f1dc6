import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { products } from '#app/modules/catalog/schema.server.ts'
import { guides, policies } from '#app/modules/content/schema.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { loader as robotsLoader } from './robots.ts'
import { loader as sitemapIndexLoader } from './sitemap.ts'
import { loader as sitemapFileLoader } from './sitemap-file.ts'
import { renderSitemap } from './sitemap-xml.ts'

let database: TestDatabase
const ids = { mount: '', hidden: '', archived: '', guide: '', hiddenGuide: '' }
const productChanged = new Date('2025-03-04T05:06:07.000Z')

beforeAll(async () => {
  database = await createTestDatabase()
  const { db } = database
  const rows = await db
    .insert(products)
    .values([
      { title: 'Bike Phone Mount', priceCents: 1500, updatedAt: productChanged },
      { title: 'Secret Mount', status: 'hidden', priceCents: 900 },
      { title: 'Old Case', status: 'archived', priceCents: 2000 },
    ])
    .returning({ id: products.id })
  ;[ids.mount, ids.hidden, ids.archived] = rows.map((row) => row.id)
  const guideRows = await db
    .insert(guides)
    .values([
      { title: 'Mounting', description: 'How to mount it' },
      { title: 'Draft guide', description: 'Not yet', status: 'hidden' },
    ])
    .returning({ id: guides.id })
  ;[ids.guide, ids.hiddenGuide] = guideRows.map((row) => row.id)
  await db.insert(policies).values([
    { slug: 'returns', title: 'Returns', content: 'Within 30 days', position: 0 },
    { slug: 'shipping', title: 'Shipping', content: 'Worldwide', position: 1 },
  ])
})

afterAll(async () => {
  await database?.close()
})

function locsOf(xml: string) {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
}

function sitemapFile(file: string) {
  return sitemapFileLoader({ params: { file } } as Parameters<typeof sitemapFileLoader>[0])
}

describe('GET /sitemap.xml', () => {
  test('is an index of the pages file and one products file per 50,000 products', async () => {
    const response = await sitemapIndexLoader()
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    const xml = await response.text()
    const base = getEnv().PUBLIC_URL
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(locsOf(xml)).toEqual([`${base}/sitemap/pages.xml`, `${base}/sitemap/products-1.xml`])
  })

  test('the pages file lists the main pages, visible guides and every policy as absolute URLs', async () => {
    const response = await sitemapFile('pages.xml')
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    const xml = await response.text()
    const base = getEnv().PUBLIC_URL
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const locs = locsOf(xml)
    expect(locs).toEqual(
      expect.arrayContaining([
        `${base}/`,
        `${base}/products`,
        `${base}/guides`,
        `${base}/policies`,
        `${base}/guides/${ids.guide}`,
        `${base}/policies/returns`,
        `${base}/policies/shipping`,
      ]),
    )
    expect(xml).not.toContain(ids.hiddenGuide)
    expect(new Set(locs).size).toBe(locs.length)
    // The product list changed when its newest product did.
    expect(xml).toContain(`<loc>${base}/products</loc>\n    <lastmod>${productChanged.toISOString()}</lastmod>`)
  })

  test('a products file lists the visible products with their last change', async () => {
    const response = await sitemapFile('products-1.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    const xml = await response.text()
    const base = getEnv().PUBLIC_URL
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true)
    expect(locsOf(xml)).toEqual([`${base}/products/${ids.mount}`])
    for (const hidden of [ids.hidden, ids.archived]) expect(xml).not.toContain(hidden)
    expect(xml).toContain(
      `<loc>${base}/products/${ids.mount}</loc>\n    <lastmod>${productChanged.toISOString()}</lastmod>`,
    )
  })

  test('a file past the last one, or a name that is no file, is not found', async () => {
    for (const file of ['products-2.xml', 'products-0.xml', 'products-x.xml', 'products.xml', 'other.xml']) {
      expect((await sitemapFile(file)).status, file).toBe(404)
    }
  })

  test('escapes addresses for XML', () => {
    const xml = renderSitemap('https://shop.example', [{ path: '/search?q=a&b=<c>' }])
    expect(xml).toContain('<loc>https://shop.example/search?q=a&amp;b=%3Cc%3E</loc>')
    expect(xml).not.toContain('<lastmod>')
  })
})

describe('GET /robots.txt', () => {
  test('allows crawling, keeps private areas out and names the sitemap', async () => {
    const response = robotsLoader()
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const text = await response.text()
    expect(text).toContain('User-agent: *\nAllow: /\n')
    for (const path of ['/account', '/admin', '/api/', '/resources/', '/checkout']) {
      expect(text).toContain(`Disallow: ${path}\n`)
    }
    expect(text).toContain(`Sitemap: ${getEnv().PUBLIC_URL}/sitemap.xml`)
  })
})
