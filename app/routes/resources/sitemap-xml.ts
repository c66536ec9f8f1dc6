/** One address of a sitemap; `lastmod` when the page says when it last changed. */
export type SitemapEntry = { path: string; lastmod?: Date | null }

/** At most this many addresses in one sitemap file (sitemaps.org). */
export const SITEMAP_FILE_SIZE = 50_000

const xmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

function escapeXml(text: string) {
  return text.replace(/[&<>"']/g, (char) => xmlEntities[char] ?? char)
}

function element(tag: string, publicUrl: string, { path, lastmod }: SitemapEntry) {
  const loc = `    <loc>${escapeXml(new URL(path, `${publicUrl}/`).href)}</loc>`
  return lastmod
    ? `  <${tag}>\n${loc}\n    <lastmod>${lastmod.toISOString()}</lastmod>\n  </${tag}>\n`
    : `  <${tag}>\n${loc}\n  </${tag}>\n`
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'

export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`
export const URLSET_CLOSE = '</urlset>\n'

/** The `<url>` elements of these addresses on the shop's public URL. */
export function renderUrls(publicUrl: string, entries: readonly SitemapEntry[]): string {
  return entries.map((entry) => element('url', publicUrl, entry)).join('')
}

/** A sitemaps.org urlset of absolute addresses on the shop's public URL. */
export function renderSitemap(publicUrl: string, entries: readonly SitemapEntry[]): string {
  return `${URLSET_OPEN}${renderUrls(publicUrl, entries)}${URLSET_CLOSE}`
}

/** A sitemaps.org sitemap index: the addresses of the shop's sitemap files. */
export function renderSitemapIndex(publicUrl: string, files: readonly SitemapEntry[]): string {
  return [
    XML_DECLARATION,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    ...files.map((file) => element('sitemap', publicUrl, file)),
    '</sitemapindex>\n',
  ].join('')
}

/** How every sitemap answer is sent: XML that crawlers and CDNs may keep for an hour. */
export const SITEMAP_HEADERS = {
  'Content-Type': 'application/xml; charset=utf-8',
  'Cache-Control': 'public, max-age=3600',
}
