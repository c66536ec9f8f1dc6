import type { Locator, Page } from '@playwright/test'
import { expect, logIn, openRowMenu, readDemoAccounts, test, toast, waitForHydration } from '../playwright-utils.ts'

// The back-office product list and edit page (back-office §2, §4, §8). The admin works on a
// product of their own, made Hidden: the storefront's lists, counts and sitemap, which other tests
// check, never show it, except for the few seconds this test makes it visible to check what a
// visitor sees (by its own page and a search for its unique name, never the full list).
// Seeded products are never changed.

function row(page: Page, title: string) {
  return page.getByTestId('admin-product-row').filter({ has: page.getByRole('link', { name: title, exact: true }) })
}

/** Clicks the visibility switch and waits until the server has saved the change. */
async function toggle(page: Page, control: Locator) {
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/admin/products'),
  )
  await control.click()
  expect((await saved).ok()).toBe(true)
}

async function openList(page: Page, query = '') {
  await page.goto(`/admin/products${query}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Products')
  await waitForHydration(page)
}

/** The count on each filter chip, as "Hidden (1)" shows it. */
async function expectChipCounts(page: Page, counts: Record<'Visible' | 'Hidden' | 'Archived' | 'All', number>) {
  const chips = page.getByRole('navigation', { name: 'Filter products' })
  for (const [label, count] of Object.entries(counts)) {
    await expect(chips.getByRole('link', { name: new RegExp(`^${label}\\b`) })).toHaveText(`${label}(${count})`)
  }
}

async function addHiddenProduct(page: Page, title: string) {
  await openList(page)
  await page.getByRole('main').getByRole('link', { name: 'Add Product' }).click()
  await expect(page).toHaveURL(/\/add-product$/)
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A lamp bracket made by the e2e tests.')
  await page.getByRole('spinbutton', { name: 'Price ($)', exact: true }).fill('7.50')
  await page.getByLabel('Stock quantity').fill('3')
  await page.getByLabel('Status').selectOption({ label: 'Hidden' })
  await page.getByRole('button', { name: 'Add Product' }).click()
  await expect(toast(page, 'Product Added!')).toBeVisible()
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/)
  return new URL(page.url()).pathname.split('/').pop() as string
}

test.describe('admin products', () => {
  test('an admin finds their hidden product, edits it, shows it, archives it and deletes it', async ({
    page,
    browser,
  }) => {
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`
    const title = `E2E Lamp Bracket ${stamp}`
    const edited = `E2E Lamp Bracket Pro ${stamp}`
    await logIn(page, readDemoAccounts().admin)
    const id = await addHiddenProduct(page, title)

    // Visible is the default filter: the hidden product is under Hidden.
    await openList(page)
    await expect(page.getByRole('link', { name: /^Visible/ })).toHaveAttribute('aria-current', 'page')
    await expect(row(page, title)).toHaveCount(0)
    await page.getByRole('link', { name: /^Hidden/ }).click()
    await expect(page).toHaveURL(/\/admin\/products\?filter=hidden$/)
    await expect(row(page, title)).toContainText('$7.50')
    await expect(row(page, title).getByTestId('admin-product-status')).toHaveText('Hidden')

    // Edit: the form is prefilled; a new title and price are saved.
    await row(page, title)
      .getByRole('link', { name: `Edit ${title}` })
      .click()
    await expect(page).toHaveURL(new RegExp(`/admin/products/edit/${id}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Product')
    await waitForHydration(page)
    const titleField = page.getByRole('textbox', { name: 'Title', exact: true })
    await expect(titleField).toHaveValue(title)
    await expect(page.getByRole('spinbutton', { name: 'Price ($)', exact: true })).toHaveValue('7.50')
    await expect(page.getByLabel('Status')).toHaveValue('hidden')
    await titleField.fill(edited)
    await page.getByRole('spinbutton', { name: 'Price ($)', exact: true }).fill('9.25')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page, 'Product updated successfully.')).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/products\?filter=hidden$/)
    await expect(row(page, edited)).toContainText('$9.25')

    // Its page shows the change at once (the admin sees a hidden product's page).
    await page.goto(`/products/${id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited)
    await expect(page.getByText('$9.25').first()).toBeVisible()

    // Visible: a visitor finds it by its page and by search; then it is hidden again at once.
    await openList(page, `?filter=all&q=${stamp}`)
    // The filter chips count the search's matches; All is the sum of the three statuses.
    await expectChipCounts(page, { Visible: 0, Hidden: 1, Archived: 0, All: 1 })
    await toggle(page, row(page, edited).getByRole('switch', { name: `Visible in the shop: ${edited}` }))
    await expect(toast(page, 'Visibility Updated')).toBeVisible()
    await expect(row(page, edited).getByRole('switch')).toHaveAttribute('aria-checked', 'true')
    await expectChipCounts(page, { Visible: 1, Hidden: 0, Archived: 0, All: 1 })
    const visitor = await browser.newContext()
    const visitorPage = await visitor.newPage()
    try {
      await visitorPage.goto(`/products/${id}`)
      await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(edited)
      await visitorPage.goto(`/search?q=${stamp}`)
      await expect(visitorPage.getByRole('region', { name: 'Products' }).getByRole('link')).toHaveText([
        new RegExp(edited),
      ])
    } finally {
      // Hidden again before anything else.
      await toggle(page, row(page, edited).getByRole('switch'))
      await expect(row(page, edited).getByRole('switch')).toHaveAttribute('aria-checked', 'false')
    }
    await expect(toast(page, 'Visibility Updated')).toBeVisible()
    await visitorPage.goto(`/products/${id}`)
    await expect(visitorPage.getByRole('heading', { name: 'Product not found' })).toBeVisible()
    await visitor.close()

    // Archive from the menu, by keyboard: its first item takes the focus, and Escape gives it back
    // to the button (the row's button becomes Radix's menu at the first press, RowMenu).
    const more = row(page, edited).getByRole('button', { name: `More actions for ${edited}` })
    const archive = page.getByRole('menu').getByRole('menuitem', { name: 'Archive' })
    await more.focus()
    await page.keyboard.press('Enter')
    await expect(archive).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toBeHidden()
    await expect(more).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(archive).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(toast(page, 'Product Archived')).toBeVisible()
    await expect(row(page, edited).getByTestId('admin-product-status')).toHaveText('Archived')

    // Delete: a confirmation first; Cancel keeps it.
    await (await openRowMenu(row(page, edited), edited)).getByRole('menuitem', { name: 'Delete' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this product?' })
    await expect(dialog).toContainText(edited)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(row(page, edited)).toHaveCount(1)
    await (await openRowMenu(row(page, edited), edited)).getByRole('menuitem', { name: 'Delete' }).click()
    await dialog.getByRole('button', { name: 'Delete Product' }).click()
    await expect(toast(page, 'Product Deleted')).toBeVisible()
    await expect(row(page, edited)).toHaveCount(0)
    await expect(page.getByText('No products here.')).toBeVisible()

    // It is gone for good: its edit page says so and goes back to the list.
    await page.goto(`/admin/products/edit/${id}`)
    await expect(page).toHaveURL(/\/admin\/products$/)
    await expect(toast(page, 'Error')).toContainText('Product not found.')
  })

  test('an unknown or malformed product id: “Product not found.” and back to the list', async ({ page }) => {
    await logIn(page, readDemoAccounts().admin)
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-product']) {
      await page.goto(`/admin/products/edit/${id}`)
      await expect(page).toHaveURL(/\/admin\/products$/)
      await expect(toast(page, 'Error')).toContainText('Product not found.')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Products')
    }
    // A bad filter shows the default one.
    await openList(page, '?filter=deleted&page=x')
    await expect(page.getByRole('link', { name: /^Visible/ })).toHaveAttribute('aria-current', 'page')
  })

  test('a customer gets Access Denied, a visitor is asked to log in', async ({ page }) => {
    await page.goto('/admin/products')
    await expect(page).toHaveURL(/\/auth\?tab=login&redirectTo=%2Fadmin%2Fproducts$/)
    await logIn(page, readDemoAccounts().customer)
    for (const path of ['/admin/products', '/admin/products/edit/00000000-0000-4000-8000-000000000000']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/account$/)
      await expect(toast(page, 'Access Denied')).toContainText('You do not have permission to view that page.')
    }
  })
})
