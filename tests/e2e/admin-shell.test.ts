import { expect, logIn, readDemoAccounts, test, waitForHydration } from '../playwright-utils.ts'

// The back-office's own frame (issue 13): a sidebar grouped by job, a top bar with the search and
// the way back to the shop, breadcrumbs, and none of the storefront's header and footer.

test('an admin moves through the back-office by its sidebar and breadcrumbs', async ({ page }) => {
  await logIn(page, readDemoAccounts().admin)
  await page.goto('/admin/orders')
  await waitForHydration(page)
  const sidebar = page.getByRole('navigation', { name: 'Admin' })
  for (const group of ['Sales', 'Catalog', 'Content', 'People', 'Shop']) {
    await expect(sidebar.getByRole('list', { name: group })).toBeVisible()
  }
  await expect(sidebar.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page')
  // No storefront frame: no newsletter footer, no 'Get Quote', no storefront menu.
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Get Quote' })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)

  await sidebar.getByRole('list', { name: 'Shop' }).getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/\/admin\/settings$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings')
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(crumbs.getByRole('listitem')).toHaveText(['Dashboard', 'Settings'])
  await crumbs.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()

  // The search finds back-office pages; 'View shop' leads back to the storefront's frame.
  await page.getByRole('banner').getByRole('link', { name: 'View shop' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('contentinfo')).toBeVisible()
})
