import { lastVisibleProductChange, visibleProductIdBatches } from '#app/modules/catalog/index.server.ts'
import { listPolicySlugs, listVisibleGuideIds } from '#app/modules/content/index.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import type { Route } from './+types/sitemap-file.ts'
import {
  renderSitemap,
  renderUrls,
  SITEMAP_FILE_SIZE,
  SITEMAP_HEADERS,
  type SitemapEntry,
  URLSET_CLOSE,
  URLSET_OPEN,
} from './sitemap-xml.ts'

// The public pages worth indexing; the cart, checkout, search, sign-in and account pages are not.
const mainPages = [
  '/',
  '/products',
  '/services',
  '/instant-quote',
  '/about',
  '/contact',
  '/feedback',
  '/updates',
  '/guides',
  '/policies',
]

// Product ids are read this many at a time, so a file of 50,000 never holds them all at once.
const PRODUCT_BATCH = 5_000

/** The newest of these dates, or null when there are none. */
function newest(dates: readonly Date[]): Date | null {
  return dates.reduce<Date | null>((latest, date) => (!latest || date > latest ? date : latest), null)
}

/** The main pages, every visible guide and every policy: a few hundred addresses at most. */
async function pagesSitemap(publicUrl: string): Promise<string> {
  const [productsChanged, guides, policies] = await Promise.all([
    lastVisibleProductChange(),
    listVisibleGuideIds(),
    listPolicySlugs(),
  ])
  // A list page changes when one of the items it shows changes.
  const listLastmod: Record<string, Date | null> = {
    '/products': productsChanged,
    '/guides': newest(guides.map((guide) => guide.updatedAt)),
    '/policies': newest(policies.map((policy) => policy.updatedAt)),
  }
  const entries: SitemapEntry[] = [
    ...mainPages.map((path) => ({ path, lastmod: listLastmod[path] ?? null })),
    ...guides.map((guide) => ({ path: `/guides/${guide.id}`, lastmod: guide.updatedAt })),
    ...policies.map((policy) => ({ path: `/policies/${encodeURIComponent(policy.slug)}`, lastmod: policy.updatedAt })),
  ]
  return renderSitemap(publicUrl, entries)
}

/** The n-th 50,000 visible products, by id, streamed a batch at a time; null past the last. */
async function productsSitemap(publicUrl: string, file: number): Promise<ReadableStream<Uint8Array> | null> {
  const batches = visibleProductIdBatches({
    start: (file - 1) * SITEMAP_FILE_SIZE,
    limit: SITEMAP_FILE_SIZE,
    batchSize: PRODUCT_BATCH,
  })
  // The first batch is read before answering, so a file past the last one is a 404, not an empty list.
  const first = await batches.next()
  if (first.done) return null
  const encoder = new TextEncoder()
  const urlsOf = (rows: { id: string; updatedAt: Date }[]) =>
    encoder.encode(
      renderUrls(
        publicUrl,
        rows.map((row) => ({ path: `/products/${row.id}`, lastmod: row.updatedAt })),
      ),
    )
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(URLSET_OPEN))
      controller.enqueue(urlsOf(first.value))
    },
    async pull(controller) {
      const batch = await batches.next()
      if (batch.done) {
        controller.enqueue(encoder.encode(URLSET_CLOSE))
        controller.close()
      } else {
        controller.enqueue(urlsOf(batch.value))
      }
    },
    async cancel() {
      await batches.return(undefined)
    },
  })
}

/** /sitemap/pages.xml and /sitemap/products-{n}.xml, the files /sitemap.xml lists. */
export async function loader({ params }: Route.LoaderArgs) {
  const { PUBLIC_URL } = getEnv()
  if (params.file === 'pages.xml') {
    return new Response(await pagesSitemap(PUBLIC_URL), { headers: SITEMAP_HEADERS })
  }
  const productsFile = /^products-([1-9]\d{0,5})\.xml$/.exec(params.file)
  const body = productsFile ? await productsSitemap(PUBLIC_URL, Number(productsFile[1])) : null
  if (!body) return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(body, { headers: SITEMAP_HEADERS })
}
