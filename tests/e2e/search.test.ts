import { expect, test, waitForHydration } from '../playwright-utils.ts'

test.describe('header search', () => {
  test('suggests at most 4 matching products and opens the chosen one', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const box = page.getByRole('searchbox', { name: 'Search' })
    await box.fill('MOUNT')
    const dropdown = page.getByTestId('search-dropdown')
    const products = dropdown.getByRole('region', { name: 'Products' }).getByRole('link')
    await expect(products.first()).toBeVisible()
    expect(await products.count()).toBeLessThanOrEqual(4)
    for (const text of await products.allTextContents()) expect(text.toLowerCase()).toContain('mount')
    const title = (await products.first().locator('span').first().textContent()) as string
    await products.first().click()
    await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    // A route change closes the dropdown and clears the text.
    await expect(dropdown).toBeHidden()
    await expect(box).toHaveValue('')
  })

  test('shows "No results found." when nothing matches', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('searchbox', { name: 'Search' }).fill('zzzz-nothing')
    await expect(page.getByTestId('search-dropdown')).toHaveText('No results found.')
  })

  test('visitors get no admin shortcuts', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('searchbox', { name: 'Search' }).fill('manage')
    await expect(page.getByTestId('search-dropdown')).toBeVisible()
    await expect(page.getByTestId('search-dropdown').getByRole('region', { name: 'Admin' })).toHaveCount(0)
  })

  test('closes on an outside click', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('searchbox', { name: 'Search' }).fill('case')
    await expect(page.getByTestId('search-dropdown')).toBeVisible()
    await page.getByRole('heading', { name: 'Practical 3D Solutions' }).click()
    await expect(page.getByTestId('search-dropdown')).toBeHidden()
  })

  test('submitting goes to the results page; blank does nothing', async ({ page }) => {
    await page.goto('/about')
    await waitForHydration(page)
    const box = page.getByRole('searchbox', { name: 'Search' })
    await box.fill('   ')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/about$/)
    await box.fill('phone mount')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/search\?q=phone%20mount$/)
    await expect(page.getByRole('main').getByRole('link', { name: /mount/i }).first()).toBeVisible()
  })

  test('is about 16rem wide on medium screens', async ({ page }) => {
    await page.goto('/')
    const box = await page.getByRole('searchbox', { name: 'Search' }).boundingBox()
    expect(box?.width).toBe(256)
  })
})
