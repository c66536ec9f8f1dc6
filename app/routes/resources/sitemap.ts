import { countVisibleProducts } from '#app/modules/catalog/index.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { renderSitemapIndex, SITEMAP_FILE_SIZE, SITEMAP_HEADERS } from './sitemap-xml.ts'

/**
 * /sitemap.xml: the index of the shop's sitemap files, the pages file and one products file per
 * 50,000 visible products (sitemap-file.ts), so no file outgrows what a crawler reads.
 */
export async function loader() {
  const total = await countVisibleProducts()
  const productFiles = Math.ceil(total / SITEMAP_FILE_SIZE)
  const files = [
    { path: '/sitemap/pages.xml' },
    ...Array.from({ length: productFiles }, (_, index) => ({ path: `/sitemap/products-${index + 1}.xml` })),
  ]
  return new Response(renderSitemapIndex(getEnv().PUBLIC_URL, files), { headers: SITEMAP_HEADERS })
}
