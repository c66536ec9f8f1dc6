import type { Page } from '@playwright/test'
import { expect, logIn, openRowMenu, readDemoAccounts, test, toast, waitForHydration } from '../playwright-utils.ts'

// Low stock: an admin sets a product's 'Low-stock alert at' and finds it on the dashboard's Low
// stock card and under the product list's Low stock filter. The product is the test's own, hidden
// (the storefront's lists never show it), and deleted at the end.

function row(page: Page, title: string) {
  return page.getByTestId('admin-product-row').filter({ has: page.getByRole('link', { name: title, exact: true }) })
}

test('an admin sets a low-stock alert and sees the product on the dashboard and under Low stock', async ({ page }) => {
  const title = `E2E Low Stock Hook ${Date.now()}${Math.random().toString(36).slice(2, 6)}`
  await logIn(page, readDemoAccounts().admin)

  // Added with 8 in stock and the default alert (3): not low.
  await page.goto('/add-product')
  await waitForHydration(page)
  await expect(page.getByLabel('Low-stock alert at')).toHaveValue('3')
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A hook made by the e2e tests.')
  await page.getByRole('spinbutton', { name: 'Price ($)', exact: true }).fill('4.00')
  await page.getByLabel('Stock quantity').fill('8')
  await page.getByLabel('Status').selectOption({ label: 'Hidden' })
  await page.getByRole('button', { name: 'Add Product' }).click()
  await expect(toast(page, 'Product Added!')).toBeVisible()
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/)
  const id = new URL(page.url()).pathname.split('/').pop() as string

  await page.goto('/admin')
  const card = page.getByTestId('low-stock-card')
  await expect(card.getByRole('heading', { name: 'Low stock' })).toBeVisible()
  await expect(card).not.toContainText(title)

  // The alert raised to 10: 8 in stock is now low.
  await page.goto(`/admin/products/edit/${id}`)
  await waitForHydration(page)
  await page.getByLabel('Low-stock alert at').fill('10')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'Product updated successfully.')).toBeVisible()

  await page.goto('/admin')
  const item = card.getByRole('listitem').filter({ hasText: title })
  await expect(item).toContainText('8 in stock · alert at 10 · hidden')
  await item.getByRole('link', { name: `Edit ${title}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/products/edit/${id}$`))
  await expect(page.getByLabel('Low-stock alert at')).toHaveValue('10')

  await page.goto('/admin/products')
  await waitForHydration(page)
  await page.getByRole('link', { name: /^Low stock/ }).click()
  await expect(page).toHaveURL(/\/admin\/products\?filter=low-stock$/)
  await expect(page.getByRole('heading', { name: 'Low stock products' })).toBeVisible()
  await expect(row(page, title)).toContainText('Low (alert at 10)')

  // Clean up: delete it.
  await (await openRowMenu(row(page, title), title)).getByRole('menuitem', { name: 'Delete' }).click()
  await page
    .getByRole('dialog', { name: 'Delete this product?' })
    .getByRole('button', { name: 'Delete Product' })
    .click()
  await expect(toast(page, 'Product Deleted')).toBeVisible()
  await expect(row(page, title)).toHaveCount(0)
})
