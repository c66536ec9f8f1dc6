import { expect, logIn, readDemoAccounts, test, waitForHydration } from '../playwright-utils.ts'

// On a phone the back-office's sidebar is a drawer: opened from the top bar, closed by a choice.

test('on a phone the admin sidebar opens as a drawer and closes on a choice', async ({ page }) => {
  await logIn(page, readDemoAccounts().admin)
  await page.goto('/admin')
  await waitForHydration(page)
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden()
  await page.getByRole('button', { name: 'Open admin menu' }).click()
  const drawer = page.getByRole('dialog', { name: 'Back-office' })
  await expect(drawer).toBeVisible()
  const box = await drawer.boundingBox()
  const viewport = page.viewportSize()
  expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true)
  await drawer.getByRole('link', { name: 'Orders' }).click()
  await expect(page).toHaveURL(/\/admin\/orders$/)
  await expect(drawer).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    'Dashboard',
    'Orders',
  ])
})

test('on a phone no back-office page is wider than the screen: tables scroll inside their box', async ({ page }) => {
  await logIn(page, readDemoAccounts().admin)
  const width = page.viewportSize()?.width ?? 0
  for (const path of [
    '/admin',
    '/admin/orders',
    '/admin/products',
    '/admin/invoices',
    '/admin/quotes',
    '/admin/messages',
    '/admin/users',
    '/admin/reviews',
    '/admin/promotions',
    '/admin/outbox',
    '/admin/activity',
    '/admin/settings',
    '/admin/guides',
    '/add-product',
  ]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect({ path, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ path, width })
  }
})

test('on a 390 px phone the 3D printing settings fit the screen and ask for numbers with a number keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await logIn(page, readDemoAccounts().admin)
  await page.goto('/admin/settings')
  await waitForHydration(page)
  const printing = page.locator('#print-settings')
  await printing.scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
  for (const box of await printing.locator('input, textarea, button').evaluateAll((controls) =>
    controls.map((control) => {
      const rect = control.getBoundingClientRect()
      return { left: rect.left, right: rect.right }
    }),
  )) {
    expect(box.left).toBeGreaterThanOrEqual(0)
    expect(box.right).toBeLessThanOrEqual(390)
  }
  await expect(page.getByLabel('Printing rate per hour ($)')).toHaveAttribute('inputmode', 'decimal')
  await expect(page.getByLabel('Print hours per day')).toHaveAttribute('inputmode', 'numeric')
})
