import type { Browser, Page } from '@playwright/test'
import { demoProducts } from '#app/workflows/demo-seed/demo-content.ts'
import { expect, signedInOnShop, ownShopTest as test, toast, waitForHydration } from '../playwright-utils.ts'
import type { RunningShop } from '../setup/server-process.ts'

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

async function cardTitlesInOrder(page: Page) {
  return page.getByTestId('product-card').getByRole('heading', { level: 2 }).allTextContents()
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function locsOf(xml: string) {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
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

  test('/sitemap.xml is an index of files that list the shop pages and every listed product as absolute URLs', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/sitemap.xml')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('application/xml')
    expect(response.headers()['cache-control']).toBe('public, max-age=3600')
    const index = await response.text()
    expect(index).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/)
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const files = locsOf(index)
    // Absolute addresses on the shop's public URL (this shop's is localhost on the same port).
    const site = new URL(files[0]).origin
    expect(new URL(site).port).toBe(new URL(baseURL ?? '').port)
    expect(files).toEqual([`${site}/sitemap/pages.xml`, `${site}/sitemap/products-1.xml`])
    const locs: string[] = []
    for (const file of files) {
      const answer = await request.get(new URL(file).pathname)
      expect(answer.status()).toBe(200)
      expect(answer.headers()['cache-control']).toBe('public, max-age=3600')
      const xml = await answer.text()
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
      locs.push(...locsOf(xml))
    }
    for (const path of ['/', '/products', '/services', '/guides', '/policies']) expect(locs).toContain(`${site}${path}`)
    expect(locs).toContain(`${site}/policies/returns`)
    expect(locs.some((loc) => /\/guides\/[0-9a-f-]{36}$/.test(loc))).toBe(true)
    expect((await request.get('/sitemap/products-2.xml')).status()).toBe(404)

    const productLocs = locs.filter((loc) => loc.startsWith(`${site}/products/`))
    expect(productLocs).toHaveLength(visibleTitles.length)
    const listHtml = await (await request.get('/products')).text()
    const listed = new Set(listHtml.match(/\/products\/[0-9a-f-]{36}/g))
    expect(new Set(productLocs.map((loc) => loc.slice(site.length)))).toEqual(listed)
    const productsFile = await (await request.get('/sitemap/products-1.xml')).text()
    expect(productsFile).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/)
  })
})

// More products than a page holds, made last (the tests above count the demo's): the list, its
// sorts and its category in pages, as a visitor and a crawler follow them.
const ADDED = 45
const PAGE_SIZE = 24
const addedTitle = (index: number) => `Pager Part ${String(index).padStart(2, '0')}`

/** Titles of the cards of each page from here on, following Next; ends on the last page. */
async function titlesOfEveryPage(page: Page) {
  const pages: string[][] = []
  while (true) {
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    pages.push(await page.getByTestId('product-card').getByRole('heading', { level: 2 }).allTextContents())
    const next = page.getByRole('navigation', { name: 'Product pages' }).getByRole('link', { name: 'Next' })
    if ((await next.count()) === 0) return pages
    const url = page.url()
    await next.click()
    await expect(page).not.toHaveURL(url)
    // The address changes as the next page's data arrives, a moment before its cards.
    await expect(page.getByTestId('product-card').first().getByRole('heading', { level: 2 })).not.toHaveText(
      pages[pages.length - 1]?.[0] ?? '',
    )
  }
}

test.describe('in pages', () => {
  let toolsCategory = ''

  test.beforeAll(async ({ browser, shop }) => {
    const admin = await signedInOnShop(browser, shop, 'Admin')
    await admin.goto('/products')
    const href = await admin
      .getByRole('navigation', { name: 'Product categories' })
      .getByRole('link', { name: 'Tools & Parts', exact: true })
      .getAttribute('href')
    toolsCategory = new URL(href ?? '', shop.base).searchParams.get('category') ?? ''
    expect(toolsCategory).toMatch(/^[0-9a-f-]{36}$/)
    for (let index = 0; index < ADDED; index++) {
      // The back-office's own form, posted as a browser without JavaScript would.
      const response = await admin.request.post('/add-product', {
        multipart: {
          title: addedTitle(index),
          description: 'A part made for the pager test.',
          priceType: 'set',
          price: (5 + index / 4).toFixed(2),
          sku: '',
          categoryId: toolsCategory,
          shippingCategoryId: '',
          stockQuantity: '5',
          status: 'visible',
          videos: '',
        },
      })
      expect(response.url()).toMatch(/\/products\/[0-9a-f-]{36}$/)
    }
    await admin.context().close()
  })

  test('Next and Previous walk the whole list a full page at a time, with links crawlers follow', async ({ page }) => {
    await page.goto('/products')
    await waitForHydration(page)
    // The page names itself and the next one for crawlers.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products$/)
    await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', /\/products\?after=[\w-]+$/)
    await expect(page.locator('link[rel="prev"]')).toHaveCount(0)
    const firstPage = await page.getByTestId('product-card').getByRole('heading', { level: 2 }).allTextContents()
    const pages = await titlesOfEveryPage(page)
    expect(pages.slice(0, -1).every((titles) => titles.length === PAGE_SIZE)).toBe(true)
    const listed = pages.flat()
    expect(new Set(listed).size).toBe(listed.length)
    expect([...listed].sort()).toEqual(
      [...visibleTitles, ...Array.from({ length: ADDED }, (_, index) => addedTitle(index))].sort(),
    )
    // Newest first: the last one added opens the list.
    expect(firstPage[0]).toBe(addedTitle(ADDED - 1))

    await expect(page).toHaveURL(/\/products\?after=[\w-]+$/)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`${escapeRegExp(new URL(page.url()).search)}$`),
    )
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', /\/products\?before=[\w-]+$/)
    for (let back = pages.length - 2; back >= 0; back--) {
      await page.getByRole('navigation', { name: 'Product pages' }).getByRole('link', { name: 'Previous' }).click()
      await expect.poll(() => cardTitlesInOrder(page)).toEqual(pages[back])
    }
    await expect(
      page.getByRole('navigation', { name: 'Product pages' }).getByRole('link', { name: 'Previous' }),
    ).toHaveCount(0)
  })

  test('a sort and a category are kept across pages and by each other', async ({ page }) => {
    await page.goto('/products')
    await waitForHydration(page)
    const categories = page.getByRole('navigation', { name: 'Product categories' })
    const sorts = page.getByRole('navigation', { name: 'Sort products' })
    await categories.getByRole('link', { name: 'Tools & Parts', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/products\\?category=${toolsCategory}$`))
    await sorts.getByRole('link', { name: 'Price: Low to High' }).click()
    await expect(page).toHaveURL(new RegExp(`/products\\?category=${toolsCategory}&sort=price-asc$`))
    await expect(sorts.getByRole('link', { name: 'Price: Low to High' })).toHaveAttribute('aria-current', 'page')

    const pages = await titlesOfEveryPage(page)
    expect(pages.length).toBeGreaterThan(1)
    await expect(page).toHaveURL(new RegExp(`/products\\?category=${toolsCategory}&sort=price-asc&after=[\\w-]+$`))
    await expect(categories.getByRole('link', { name: 'Tools & Parts', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(sorts.getByRole('link', { name: 'Price: Low to High' })).toHaveAttribute('aria-current', 'page')
    const listed = pages.flat()
    expect([...listed].sort()).toEqual(
      [...visibleTitlesOf('Tools & Parts'), ...Array.from({ length: ADDED }, (_, index) => addedTitle(index))].sort(),
    )
    // Priced by their number, the added parts come cheapest first.
    const added = listed.filter((title) => title.startsWith('Pager Part'))
    expect(added).toEqual(Array.from({ length: ADDED }, (_, index) => addedTitle(index)))

    // Another sort keeps the category and starts at its first page.
    await sorts.getByRole('link', { name: 'Price: High to Low' }).click()
    await expect(page).toHaveURL(new RegExp(`/products\\?category=${toolsCategory}&sort=price-desc$`))
    await expect(sorts.getByRole('link', { name: 'Price: High to Low' })).toHaveAttribute('aria-current', 'page')
    await expect
      .poll(async () => (await cardTitlesInOrder(page)).find((title) => title.startsWith('Pager Part')))
      .toBe(addedTitle(ADDED - 1))
    // Another category keeps the sort.
    await categories.getByRole('link', { name: 'All Products', exact: true }).click()
    await expect(page).toHaveURL(/\/products\?sort=price-desc$/)
    await expect(sorts.getByRole('link', { name: 'Price: High to Low' })).toHaveAttribute('aria-current', 'page')
  })

  test('a bad sort, category or cursor shows the first page of the default list', async ({ page }) => {
    await page.goto('/products')
    const firstPage = await cardTitlesInOrder(page)
    for (const search of ['?sort=cheapest', '?category=nope', '?after=%%garbage', '?before=eyJ4IjoxfQ&sort=bogus']) {
      const response = await page.goto(`/products${search}`)
      expect(response?.status(), search).toBe(200)
      expect(await cardTitlesInOrder(page), search).toEqual(firstPage)
      await expect(
        page.getByRole('navigation', { name: 'Product categories' }).getByRole('link', { name: 'All Products' }),
      ).toHaveAttribute('aria-current', 'page')
      await expect(
        page.getByRole('navigation', { name: 'Sort products' }).getByRole('link', { name: 'Newest' }),
      ).toHaveAttribute('aria-current', 'page')
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products$/)
    }
  })

  test('/test-products lists the products by title a page at a time', async ({ page }) => {
    expect(visibleTitles.length + ADDED).toBeGreaterThan(50)
    const response = await page.goto('/test-products?after=not-a-cursor')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test Products')
    const rows = page.locator('main li')
    await expect(rows).toHaveCount(50)
    const pager = page.getByRole('navigation', { name: 'Test product pages' })
    await expect(pager.getByRole('link', { name: 'Previous' })).toHaveCount(0)
    await pager.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/\/test-products\?after=[\w-]+$/)
    await expect(rows).toHaveCount(visibleTitles.length + ADDED - 50)
    await pager.getByRole('link', { name: 'Previous' }).click()
    await expect(rows).toHaveCount(50)
  })

  // Create an Order and My Quotes pick from the same catalogue: a page of it at a time,
  // searchable, and what the customer picked stays while the list changes page.
  /** The customer's page, signed in on this shop in a browser context of its own. */
  async function customerPage(browser: Browser, shop: RunningShop, path: string) {
    const page = await signedInOnShop(browser, shop, 'customer')
    await page.goto(path)
    await waitForHydration(page)
    return page
  }

  async function search(page: Page, text: string) {
    const main = page.getByRole('main')
    await main.getByRole('searchbox', { name: 'Search products' }).fill(text)
    await main.getByRole('button', { name: 'Search', exact: true }).click()
  }

  test('Create an Order: in-stock products by title, lines from every page stay priced, a search narrows the list', async ({
    browser,
    shop,
  }) => {
    const page = await customerPage(browser, shop, '/order')
    try {
      const cards = page.getByTestId('order-product')
      const card = (title: string) => cards.filter({ has: page.getByRole('heading', { name: title, exact: true }) })
      const pager = page.getByRole('navigation', { name: 'Product pages' })
      // 9 of the demo's products are in stock, and the 45 parts: 24, 24 and 6.
      await expect(cards).toHaveCount(PAGE_SIZE)
      await expect(cards.first().getByRole('heading')).toHaveText('Cable Management Clips (10 pack)')
      await expect(pager.getByRole('link', { name: 'Previous' })).toHaveCount(0)
      await card(addedTitle(0)).getByRole('button', { name: 'Add to Order' }).click()

      await pager.getByRole('link', { name: 'Next' }).click()
      await expect(page).toHaveURL(/\/order\?after=[\w-]+$/)
      await card(addedTitle(ADDED - 1))
        .getByRole('button', { name: 'Add to Order' })
        .click()
      const lines = page.getByTestId('order-line')
      await expect(lines).toHaveCount(2)
      // $5.00 and $16.00: each part costs $5 and a quarter dollar more than the one before.
      await expect(page.getByTestId('order-total')).toHaveText('$21.00')

      await pager.getByRole('link', { name: 'Next' }).click()
      await expect(cards).toHaveCount(6)
      await expect(pager.getByRole('link', { name: 'Next' })).toHaveCount(0)
      // Reloaded on a page that shows neither: the panel asks the shop for both, and prices them.
      await page.reload()
      await waitForHydration(page)
      await expect(lines).toHaveCount(2)
      await expect(page.getByTestId('order-total')).toHaveText('$21.00')
      await expect(lines.getByText('No longer available')).toHaveCount(0)
      await expect(lines.filter({ hasText: addedTitle(0) }).getByTestId('order-line-unit-price')).toHaveText(
        '$5.00 each',
      )

      await search(page, 'part 4')
      await expect(page).toHaveURL(/\/order\?q=part\+4$/)
      await expect
        .poll(() => cards.getByRole('heading').allTextContents())
        .toEqual([40, 41, 42, 43, 44].map(addedTitle))
      await expect(pager).toHaveCount(0)
      await search(page, 'no such thing')
      await expect(page.getByText('No products match “no such thing”.')).toBeVisible()
      await page.getByRole('main').getByRole('link', { name: 'Clear' }).click()
      await expect(page).toHaveURL(/\/order$/)
      await expect(cards).toHaveCount(PAGE_SIZE)
      await expect(page.getByTestId('order-total')).toHaveText('$21.00')
    } finally {
      await page.context().close()
    }
  })

  test('the account’s Orders and Invoices tabs list 20 a page, newest first, with Next and Previous', async ({
    browser,
    shop,
  }) => {
    const page = await customerPage(browser, shop, '/products')
    try {
      // 21 orders, one part each (every part has 5 in stock), placed as Create an Order places them.
      const partIds: string[] = []
      for (let index = 0; index < 21; index++) {
        await page.goto(`/search?q=${encodeURIComponent(addedTitle(index))}`)
        const href = await page
          .getByRole('link', { name: new RegExp(addedTitle(index)) })
          .first()
          .getAttribute('href')
        partIds.push(href?.split('/').pop() ?? '')
      }
      for (const [index, productId] of partIds.entries()) {
        const status = await page.evaluate(
          async (body) =>
            (await fetch('/order', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status,
          JSON.stringify({ items: [{ productId, variationId: null, title: addedTitle(index), quantity: 1 }] }),
        )
        expect(status).toBe(200)
      }
      await page.goto('/account?tab=orders')
      await waitForHydration(page)
      const orderLinks = page.getByRole('link', { name: /^Order #\d+$/ })
      const pager = page.getByRole('navigation', { name: 'Order pages' })
      await expect(orderLinks).toHaveCount(20)
      // The newest first: the last order placed opens the list.
      await expect(page.getByRole('list', { name: /^Items of order/ }).first()).toContainText(addedTitle(20))
      const firstPage = await orderLinks.allTextContents()
      await pager.getByRole('link', { name: 'Next' }).click()
      await expect(page).toHaveURL(/\/account\?tab=orders&after=[\w-]+$/)
      await expect(orderLinks.first()).not.toHaveText(firstPage[0] ?? '')
      const secondPage = await orderLinks.allTextContents()
      expect(secondPage.length).toBeGreaterThan(0)
      expect(secondPage.filter((text) => firstPage.includes(text))).toEqual([])
      await pager.getByRole('link', { name: 'Previous' }).click()
      await expect.poll(() => orderLinks.allTextContents()).toEqual(firstPage)

      await page.getByRole('tab', { name: 'Invoices' }).click()
      await expect(page).toHaveURL(/\/account\?tab=invoices$/)
      const invoiceLinks = page.getByRole('link', { name: /Invoice #/ })
      await expect(invoiceLinks).toHaveCount(20)
      await page.getByRole('navigation', { name: 'Invoice pages' }).getByRole('link', { name: 'Next' }).click()
      await expect(page).toHaveURL(/\/account\?tab=invoices&after=[\w-]+$/)
      await expect(invoiceLinks.first()).toBeVisible()
    } finally {
      await page.context().close()
    }
  })

  test('My Quotes: every visible product, a page at a time; the quote keeps its lines across pages and searches', async ({
    browser,
    shop,
  }) => {
    const page = await customerPage(browser, shop, '/quotes')
    try {
      const products = page.getByRole('list', { name: 'Products' }).getByRole('listitem')
      const pager = page.getByRole('navigation', { name: 'Product pages' })
      await expect(products).toHaveCount(PAGE_SIZE)
      await page.getByRole('button', { name: `Add to Quote: ${addedTitle(0)}` }).click()
      await pager.getByRole('link', { name: 'Next' }).click()
      await expect(page).toHaveURL(/\/quotes\?after=[\w-]+$/)
      await page.getByRole('button', { name: `Add to Quote: ${addedTitle(ADDED - 1)}` }).click()
      await pager.getByRole('link', { name: 'Next' }).click()
      // The 10 visible demo products and the 45 parts; the one out of stock comes last.
      await expect(products).toHaveCount(7)
      await expect(products.last()).toContainText('Angled Desk Phone Stand')
      await search(page, 'Pager Part 1')
      await expect(products).toHaveCount(10)
      const items = page.getByTestId('quote-items').getByRole('listitem')
      await expect(items).toHaveCount(2)
      await expect(page.getByTestId('quote-total')).toHaveText('$21.00')
      await page.getByRole('button', { name: 'Save Quote' }).click()
      await expect(toast(page, 'Quote Saved!')).toBeVisible()
      await expect(page).toHaveURL(/\/quotes\?q=Pager\+Part\+1$/)
    } finally {
      await page.context().close()
    }
  })
})
