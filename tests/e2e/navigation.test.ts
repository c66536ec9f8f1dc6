import { expect, test, waitForHydration } from '../playwright-utils.ts'

test.describe('header navigation', () => {
  test('top links lead to their pages', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    const links: Array<[string, RegExp, string]> = [
      ['Services', /\/services$/, 'Our Services'],
      ['Products', /\/products$/, 'Products'],
      ['Contact', /\/contact$/, 'Get in touch'],
      ['Reviews', /\/feedback$/, 'Reviews'],
      ['Home', /\/$/, 'Practical 3D Solutions'],
    ]
    for (const [name, url] of links) {
      await nav.getByRole('link', { name, exact: true }).click()
      await expect(page).toHaveURL(url)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    }
  })

  test('the Company menu opens About, Updates and Guides', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    for (const [name, url] of [
      ['About', /\/about$/],
      ['Updates', /\/updates$/],
      ['Guides', /\/guides$/],
    ] as const) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Company' }).click()
      await page.getByRole('menuitem', { name }).click()
      await expect(page).toHaveURL(url)
    }
  })

  test('Get Quote goes to the contact page and Login to the auth page', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('banner').getByRole('link', { name: 'Get Quote' }).click()
    await expect(page).toHaveURL(/\/contact$/)
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/auth\?tab=login$/)
  })

  test('visitors see no admin menu', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0)
  })

  test('the footer links to the policies and the marketplace page', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const footer = page.getByRole('contentinfo')
    await footer.getByRole('link', { name: 'Policies' }).click()
    await expect(page).toHaveURL(/\/policies$/)
    await expect(footer.getByRole('link', { name: 'Our Etsy Shop' })).toHaveAttribute('href', '/etsy')
  })

  test('/etsy forwards to the marketplace after a short notice', async ({ page }) => {
    await page.goto('/etsy')
    await expect(page.getByText('Redirecting to our Etsy shop')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go to Etsy shop' })).toHaveAttribute('href', /test-marketplace$/)
    await page.waitForURL(/\/test-marketplace$/)
  })

  test('the cart badge shows the total quantity of the stored cart', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByTestId('cart-badge')).toHaveCount(0)
    await page.evaluate(() => {
      const items = [
        { cartId: 'a', id: '00000000-0000-4000-8000-000000000001', title: 'A', quantity: 2, selectedVariation: null },
        { cartId: 'b', id: '00000000-0000-4000-8000-000000000002', title: 'B', quantity: 3, selectedVariation: null },
      ]
      localStorage.setItem('cartItems', JSON.stringify(items))
    })
    await page.reload()
    await expect(page.getByTestId('cart-badge')).toHaveText('5')
  })

  test('a corrupt stored cart counts as empty', async ({ page }) => {
    await page.goto('/')
    await page.evaluate(() => localStorage.setItem('cartItems', '{not json'))
    await page.reload()
    await waitForHydration(page)
    await expect(page.getByTestId('cart-badge')).toHaveCount(0)
  })
})
