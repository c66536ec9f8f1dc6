import { expect, test, waitForHydration } from '../playwright-utils.ts'

async function showInvalidEmailToast(page: import('@playwright/test').Page) {
  await page.getByRole('textbox', { name: 'Newsletter' }).fill('x')
  await page.getByRole('button', { name: 'Subscribe' }).click()
}

test.describe('toasts', () => {
  test('only one is visible: a new toast replaces the older one', async ({ page }) => {
    await page.goto('/contact')
    await waitForHydration(page)
    await showInvalidEmailToast(page)
    await expect(page.getByText('Invalid Email')).toBeVisible()
    await page.getByRole('tab', { name: 'Live Chat' }).click()
    await expect(page.getByText('Live Chat Unavailable')).toBeVisible()
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(1)
    await expect(page.getByText('Invalid Email')).toHaveCount(0)
  })

  test('F8 moves focus to the notification region', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await showInvalidEmailToast(page)
    await expect(page.getByText('Invalid Email')).toBeVisible()
    await page.keyboard.press('F8')
    await expect(page.locator('section[aria-label^="Notifications"] ol')).toBeFocused()
  })

  test('closes by itself, but not while the pointer rests on it', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await showInvalidEmailToast(page)
    const toast = page.locator('[data-sonner-toast]')
    await expect(toast).toBeVisible()
    await toast.hover()
    await page.waitForTimeout(6000)
    await expect(toast).toBeVisible()
    await page.mouse.move(0, 0)
    await expect(toast).toHaveCount(0, { timeout: 8000 })
  })

  test('can be swiped away to the right', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await showInvalidEmailToast(page)
    const toast = page.locator('[data-sonner-toast]')
    const box = await toast.boundingBox()
    if (!box) throw new Error('toast has no box')
    await page.mouse.move(box.x + 20, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 4 })
    await page.mouse.move(box.x + 160, box.y + box.height / 2, { steps: 4 })
    await page.mouse.up()
    await expect(toast).toHaveCount(0)
  })
})
