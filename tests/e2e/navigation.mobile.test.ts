import { expect, test, waitForHydration } from '../playwright-utils.ts'

test.describe('small screens', () => {
  test('the menu toggles open and closed and navigates', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await toggle.click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu).toBeVisible()
    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect(menu).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('link', { name: 'Guides' }).click()
    await expect(page).toHaveURL(/\/guides$/)
    await expect(menu).toBeHidden()
  })

  test('the search box is about 10rem wide', async ({ page }) => {
    await page.goto('/')
    const box = await page.getByRole('searchbox', { name: 'Search' }).boundingBox()
    expect(box?.width).toBe(160)
  })
})
