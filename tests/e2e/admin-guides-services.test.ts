import type { Browser, Locator, Page } from '@playwright/test'
import { expect, logIn, readDemoAccounts, test, toast, waitForHydration } from '../playwright-utils.ts'

// Every test works on content it creates itself: other tests read the seeded guides, services and
// categories, and the tests run in parallel.
const unique = (prefix: string) => `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`

async function asAdmin(page: Page, path: string) {
  await logIn(page, readDemoAccounts().admin)
  await page.goto(path)
  await waitForHydration(page)
}

/** A page seen by a visitor who is not signed in: the copy the server's page cache may keep. */
async function asVisitor<T>(browser: Browser, path: string, check: (page: Page) => Promise<T>) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(path)
    return await check(page)
  } finally {
    await context.close()
  }
}

test.describe('/admin/guides', () => {
  test('an admin adds a guide with two steps; it is on /guides at once, and gone once hidden', async ({
    page,
    browser,
  }) => {
    const title = unique('E2E guide')
    await asAdmin(page, '/admin/guides')
    const form = page.getByRole('region', { name: 'Add Guide' })

    // Validation: title, description and category are required.
    await form.getByRole('button', { name: 'Add Guide' }).click()
    await expect(toast(page, 'Please fill all required fields.')).toBeVisible()

    await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
    await form.getByLabel('Description').fill('Two steps to a firm mount.')
    await form.getByLabel('Category').selectOption({ label: 'Installation' })
    await form.getByRole('button', { name: 'Add Step' }).click()
    await form.getByLabel('Step 1 title').fill('Second in the end')
    await form.getByLabel('Step 1 content').fill('Tighten the screw.')
    await form.getByRole('button', { name: 'Add Step' }).click()
    await form.getByLabel('Step 2 title').fill('First in the end')
    await form.getByLabel('Step 2 content').fill('Clean the handlebar.')
    await form.getByLabel('Step 2 video URL (optional)').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    await form.getByRole('button', { name: 'Move step 2 up' }).click()
    await expect(form.getByLabel('Step 1 title')).toHaveValue('First in the end')
    await form.getByRole('button', { name: 'Add Guide' }).click()
    await expect(toast(page, 'Guide Added')).toBeVisible()
    await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('')

    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
    await expect(row).toBeVisible()
    await expect(row).toContainText('Installation · 2 steps')

    const guidePath = await asVisitor(browser, '/guides', async (visitor) => {
      const link = visitor.getByRole('link', { name: title })
      await expect(link).toBeVisible()
      return (await link.getAttribute('href')) as string
    })
    await asVisitor(browser, guidePath, async (visitor) => {
      await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(visitor.getByRole('heading', { level: 2 })).toHaveText(['First in the end', 'Second in the end'])
      await expect(visitor.getByText('Clean the handlebar.')).toBeVisible()
    })

    // Edit: rename the guide and drop a step.
    await row.getByRole('link', { name: /^Edit/ }).click()
    const edit = page.getByRole('region', { name: 'Edit Guide' })
    await expect(edit.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title)
    await edit.getByRole('button', { name: 'Remove step 2' }).click()
    await edit.getByLabel('Description').fill('One step is enough.')
    await edit.getByRole('button', { name: 'Save Guide' }).click()
    await expect(toast(page, 'Guide Updated')).toBeVisible()
    await expect(row).toContainText('1 step')

    // Hide it: gone from /guides and its page.
    await row.getByRole('switch', { name: `Visible on the guides page: ${title}` }).click()
    await expect(toast(page, 'Visibility Updated')).toBeVisible()
    await expect(row).toBeHidden()
    await asVisitor(browser, '/guides', async (visitor) => {
      await expect(visitor.getByRole('heading', { name: 'Guides & Tutorials' })).toBeVisible()
      await expect(visitor.getByRole('link', { name: title })).toHaveCount(0)
    })
    await asVisitor(browser, guidePath, async (visitor) => {
      await expect(visitor.getByText('Guide not found')).toBeVisible()
    })

    // Hidden filter, then archive, then delete after confirmation.
    await page
      .getByRole('navigation', { name: 'Filter guides' })
      .getByRole('link', { name: /^Hidden/ })
      .click()
    await expect(row).toBeVisible()
    await row.getByRole('button', { name: /^Archive/ }).click()
    await expect(toast(page, 'Guide Archived')).toBeVisible()
    await page
      .getByRole('navigation', { name: 'Filter guides' })
      .getByRole('link', { name: /^Archived/ })
      .click()
    await expect(row).toBeVisible()
    await row.getByRole('button', { name: /^Delete/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this guide?' })
    await dialog.getByRole('button', { name: 'Delete Guide' }).click()
    await expect(toast(page, 'Guide Deleted')).toBeVisible()
    await expect(row).toBeHidden()
  })

  test('guide categories: add, rename and delete; the guides page shows them', async ({ page, browser }) => {
    const name = unique('E2E category')
    await asAdmin(page, '/admin/guides')
    await page.getByRole('link', { name: 'Manage Categories' }).click()
    await expect(page).toHaveURL(/\/admin\/guides\/categories$/)
    await waitForHydration(page)

    await page.getByRole('button', { name: 'Add Category' }).click()
    await expect(toast(page, 'Please enter a category name.')).toBeVisible()
    await page.getByLabel('New guide category').fill(`  ${name}  `)
    await page.getByRole('button', { name: 'Add Category' }).click()
    await expect(toast(page, 'Category added')).toBeVisible()
    const field = page.getByLabel(`Name of category “${name}”`)
    await expect(field).toHaveValue(name)
    await asVisitor(browser, '/guides', async (visitor) => {
      await expect(
        visitor.getByRole('navigation', { name: 'Guide categories' }).getByRole('link', { name, exact: true }),
      ).toBeVisible()
    })

    await field.fill(`${name} renamed`)
    await page.getByRole('button', { name: `Save category “${name}”` }).click()
    await expect(toast(page, 'Category updated')).toBeVisible()
    const renamed = page.getByLabel(`Name of category “${name} renamed”`)
    await expect(renamed).toHaveValue(`${name} renamed`)

    // A category in use is refused.
    await page
      .getByRole('listitem')
      .filter({ has: page.getByLabel('Name of category “Installation”') })
      .getByRole('button', { name: /^Delete/ })
      .click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Category' }).click()
    await expect(toast(page, /“Installation” is used by \d+ guides?/)).toBeVisible()
    // Cancel waits until the refusal has been answered and the list reloaded.
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog')).toBeHidden()

    await page
      .getByRole('listitem')
      .filter({ has: renamed })
      .getByRole('button', { name: /^Delete/ })
      .click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Category' }).click()
    await expect(toast(page, 'Category deleted')).toBeVisible()
    await expect(renamed).toHaveCount(0)
    await expect(page.getByLabel('Name of category “Installation”')).toBeVisible()
  })
})

test.describe('/admin/services', () => {
  test('an admin adds a service, edits it, saves all, sees it on /services, then deletes it', async ({
    page,
    browser,
  }) => {
    const title = unique('E2E service')
    await asAdmin(page, '/admin/services')
    const list = page.getByRole('list', { name: 'Services' })
    const before = await list.locator(':scope > li').count()
    await page.getByRole('button', { name: 'Add Service' }).click()
    await expect(list.locator(':scope > li')).toHaveCount(before + 1)
    const card: Locator = list.locator(':scope > li').last()
    await expect(card.getByRole('heading', { name: 'New Service' })).toBeVisible()
    await expect(card.getByLabel('Price ($)')).toHaveValue('0.00')
    await expect(card.getByLabel('Price unit')).toHaveValue('hr')

    // Validation: a title is required.
    await card.getByLabel('Title', { exact: true }).fill('')
    await page.getByRole('button', { name: 'Save All Changes' }).click()
    await expect(toast(page, 'Every service needs a title.')).toBeVisible()

    await card.getByLabel('Title', { exact: true }).fill(title)
    await card.getByLabel('Description').fill('Made for the browser test.')
    await card.getByLabel('Price ($)').fill('12.5')
    await card.getByLabel('Price unit').fill('part')
    await card.getByRole('button', { name: 'Add Feature' }).click()
    await card.getByLabel('Feature 1', { exact: true }).fill('Feature kept')
    await card.getByRole('button', { name: 'Add Feature' }).click()
    await card.getByLabel('Feature 2', { exact: true }).fill('Feature removed')
    await card.getByRole('button', { name: 'Remove feature 2' }).click()
    await page.getByRole('button', { name: 'Save All Changes' }).click()
    await expect(toast(page, 'Services have been updated.')).toBeVisible()
    await expect(card.getByRole('heading', { name: title })).toBeVisible()

    await asVisitor(browser, '/services', async (visitor) => {
      const shown = visitor.getByRole('listitem').filter({ has: visitor.getByRole('heading', { name: title }) })
      await expect(shown).toContainText('Made for the browser test.')
      await expect(shown).toContainText('Starting at $12.50/part')
      await expect(shown.getByRole('list', { name: `${title} features` })).toHaveText('Feature kept')
    })

    await card.getByRole('button', { name: /^Delete/ }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Service' }).click()
    await expect(toast(page, 'Service Deleted')).toBeVisible()
    await expect(list.getByRole('heading', { name: title })).toHaveCount(0)
    await asVisitor(browser, '/services', async (visitor) => {
      await expect(visitor.getByRole('heading', { name: 'Our Services' })).toBeVisible()
      await expect(visitor.getByRole('heading', { name: title })).toHaveCount(0)
    })
  })
})

test.describe('/admin/settings', () => {
  test('an admin adds, renames and deletes a product category; the products page follows', async ({
    page,
    browser,
  }) => {
    const name = unique('E2E products')
    await asAdmin(page, '/admin/settings')
    const products = page.getByRole('region', { name: 'Product Categories' })
    await products.getByLabel('New product category').fill(`   ${name} `)
    await products.getByRole('button', { name: 'Add Category' }).click()
    await expect(toast(page, 'Category added')).toBeVisible()
    await asVisitor(browser, '/products', async (visitor) => {
      await expect(
        visitor.getByRole('navigation', { name: 'Product categories' }).getByRole('link', { name, exact: true }),
      ).toBeVisible()
    })

    await products.getByLabel(`Name of category “${name}”`).fill(`${name} renamed`)
    await products.getByRole('button', { name: `Save category “${name}”` }).click()
    await expect(toast(page, 'Category updated')).toBeVisible()
    const renamed = products.getByLabel(`Name of category “${name} renamed”`)
    await expect(renamed).toBeVisible()

    // Renaming to a name in use, and deleting a category products use, are refused.
    await renamed.fill('Phone Mounts')
    await products.getByRole('button', { name: `Save category “${name} renamed”` }).click()
    await expect(toast(page, 'A category named “Phone Mounts” already exists.')).toBeVisible()
    await products
      .getByRole('listitem')
      .filter({ has: page.getByLabel('Name of category “Phone Mounts”') })
      .getByRole('button', { name: /^Delete/ })
      .click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Category' }).click()
    await expect(toast(page, /“Phone Mounts” is used by \d+ products?/)).toBeVisible()
    // Cancel waits until the refusal has been answered and the list reloaded.
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog')).toBeHidden()

    await products
      .getByRole('listitem')
      .filter({ has: page.getByLabel(`Name of category “${name} renamed”`) })
      .getByRole('button', { name: /^Delete/ })
      .click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Category' }).click()
    await expect(toast(page, 'Category deleted')).toBeVisible()
    await asVisitor(browser, '/products', async (visitor) => {
      const nav = visitor.getByRole('navigation', { name: 'Product categories' })
      await expect(nav.getByRole('link', { name: 'Phone Mounts', exact: true })).toBeVisible()
      await expect(nav.getByRole('link', { name: `${name} renamed` })).toHaveCount(0)
    })
    await expect(
      page.getByRole('region', { name: 'Shipping Categories' }).getByLabel('New shipping category'),
    ).toBeVisible()
  })
})

test.describe('permissions', () => {
  for (const path of ['/admin/guides', '/admin/guides/categories', '/admin/services', '/admin/settings']) {
    test(`a customer gets Access Denied on ${path}`, async ({ page }) => {
      await logIn(page, readDemoAccounts().customer)
      await page.goto(path)
      await expect(page).toHaveURL(/\/account$/)
      await expect(page.getByText('Access Denied')).toBeVisible()
    })
  }
})
