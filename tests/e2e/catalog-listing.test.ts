import type { Page } from '@playwright/test'
import { demoProducts } from '#app/workflows/demo-seed/demo-content.ts'
import { expect, ownShopTest as test, waitForHydration } from '../playwright-utils.ts'

// What counts every listed product (the category buttons, the sitemap) runs on a shop of its own:
// on the shared shop other tests show products of their own for a moment, and a count would catch
// them. A fresh demo shop lists exactly the demo's visible products.

test.describe.configure({ mode: 'serial' })
test.use({ shopFor: 'catalog-listing' })

const visibleTitles = demoProducts.filter((product) => product.status === 'visible').map((product) => product.title)

function visibleTitlesOf(category: string) {
  return demoProducts
    .filter((product) => product.status === 'visible' && product.category === category)
    .map((product) => product.title)
}

async function cardTitles(page: Page) {
  return (await page.getByTestId('product-card').getByRole('heading', { level: 2 }).allTextContents()).sort()
}

test.describe('the whole catalogue', () => {
  test('category buttons list only that category; All Products lists every visible product', async ({ page }) => {
    await page.goto('/products')
    await waitForHydration(page)
    expect(await cardTitles(page)).toEqual([...visibleTitles].sort())
    const categories = page.getByRole('navigation', { name: 'Product categories' })
    for (const category of ['Phone Mounts', 'Tools & Parts', 'Device Cases']) {
      await categories.getByRole('link', { name: category, exact: true }).click()
      await expect(page).toHaveURL(/\/products\?category=[0-9a-f-]{36}$/)
      await expect(categories.getByRole('link', { name: category, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      )
      await expect.poll(() => cardTitles(page)).toEqual(visibleTitlesOf(category).sort())
    }
    await categories.getByRole('link', { name: 'All Products', exact: true }).click()
    await expect(page).toHaveURL(/\/products$/)
    await expect.poll(() => cardTitles(page)).toEqual([...visibleTitles].sort())
  })

  test('/sitemap.xml lists the shop pages and every listed product as absolute URLs', async ({ request, baseURL }) => {
    const response = await request.get('/sitemap.xml')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('application/xml')
    expect(response.headers()['cache-control']).toBe('public, max-age=3600')
    const xml = await response.text()
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    // Absolute addresses on the shop's public URL (this shop's is localhost on the same port).
    const site = new URL(locs[0]).origin
    expect(new URL(site).port).toBe(new URL(baseURL ?? '').port)
    for (const path of ['/', '/products', '/services', '/guides', '/policies']) expect(locs).toContain(`${site}${path}`)
    expect(locs).toContain(`${site}/policies/returns`)
    expect(locs.some((loc) => /\/guides\/[0-9a-f-]{36}$/.test(loc))).toBe(true)

    const productLocs = locs.filter((loc) => loc.startsWith(`${site}/products/`))
    expect(productLocs).toHaveLength(visibleTitles.length)
    const listHtml = await (await request.get('/products')).text()
    const listed = new Set(listHtml.match(/\/products\/[0-9a-f-]{36}/g))
    expect(new Set(productLocs.map((loc) => loc.slice(site.length)))).toEqual(listed)
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/)
  })
})
