import { listVisibleProductIds } from '#app/modules/catalog/index.server.ts'
import { listPolicySlugs, listVisibleGuideIds } from '#app/modules/content/index.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

type SitemapEntry = { path: string; lastmod?: Date | null }

// The public pages worth indexing; the cart, checkout, search, sign-in and account pages are not.
const mainPages = ['/', '/products', '/services', '/about', '/contact', '/feedback', '/updates', '/guides', '/policies']

const xmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

function escapeXml(text: string) {
  return text.replace(/[&<>"']/g, (char) => xmlEntities[char] ?? char)
}

/** The newest of these dates, or null when there are none. */
function newest(dates: readonly Date[]): Date | null {
  return dates.reduce<Date | null>((latest, date) => (!latest || date > latest ? date : latest), null)
}

/** A sitemaps.org urlset of absolute addresses on the shop's public URL. */
export function renderSitemap(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `    <loc>${escapeXml(new URL(path, `${publicUrl}/`).href)}</loc>`
    return lastmod
      ? `  <url>\n${loc}\n    <lastmod>${lastmod.toISOString()}</lastmod>\n  </url>`
      : `  <url>\n${loc}\n  </url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** /sitemap.xml: the main pages, every visible product and guide, and every policy. */
export async function loader() {
  const [products, guides, policies] = await Promise.all([
    listVisibleProductIds(),
    listVisibleGuideIds(),
    listPolicySlugs(),
  ])
  // A list page changes when one of the items it shows changes.
  const listLastmod: Record<string, Date | null> = {
    '/products': newest(products.map((product) => product.updatedAt)),
    '/guides': newest(guides.map((guide) => guide.updatedAt)),
    '/policies': newest(policies.map((policy) => policy.updatedAt)),
  }
  const entries: SitemapEntry[] = [
    ...mainPages.map((path) => ({ path, lastmod: listLastmod[path] ?? null })),
    ...products.map((product) => ({ path: `/products/${product.id}`, lastmod: product.updatedAt })),
    ...guides.map((guide) => ({ path: `/guides/${guide.id}`, lastmod: guide.updatedAt })),
    ...policies.map((policy) => ({ path: `/policies/${encodeURIComponent(policy.slug)}`, lastmod: policy.updatedAt })),
  ]
  return new Response(renderSitemap(getEnv().PUBLIC_URL, entries), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
