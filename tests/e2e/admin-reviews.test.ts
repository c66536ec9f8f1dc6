import type { Page } from '@playwright/test'
import { expect, logIn, pickRecord, readDemoAccounts, test, waitForHydration } from '../playwright-utils.ts'

const uniqueTitle = (prefix: string) => `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`

/**
 * The address of the nth product in the shop. Each test that changes review counts uses a product of
 * its own, as the tests run in parallel.
 */
async function productPath(page: Page, index: number) {
  await page.goto('/products')
  const hrefs = await page
    .locator('main a[href^="/products/"]')
    .evaluateAll((links) => links.map((link) => (link.getAttribute('href') ?? '').split('?')[0]))
  const path = [...new Set(hrefs)][index]
  if (!path) throw new Error(`no product number ${index + 1} on /products`)
  return path
}

/** The product page's title and its "(N reviews)" count. */
async function productSummary(page: Page, path: string) {
  await page.goto(path)
  const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
  const countText =
    (await page
      .getByText(/^\(\d+ reviews?\)$/)
      .first()
      .textContent()) ?? ''
  return { title, reviewCount: Number(countText.match(/\d+/)?.[0]) }
}

const manualForm = (page: Page) => page.getByRole('region', { name: 'Add Manual Review' })
const reviewRow = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title })

/** Adds a manual review of the product with that title; without JavaScript its exact title is typed. */
async function addManualReview(
  page: Page,
  { product, title, scripts = true }: { product: string; title: string; scripts?: boolean },
) {
  const form = manualForm(page)
  await form.getByLabel('Name').fill('Jordan Lee Smith')
  if (scripts) await pickRecord(form, 'Product', product)
  else await form.getByLabel('Product').fill(product)
  await form.getByLabel('Rating').selectOption('3')
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Comment').fill('Told us at the maker fair: the print was flawless.')
  await form.getByRole('button', { name: 'Add Review' }).click()
}

test.describe('back-office reviews', () => {
  test('a customer’s review stays hidden until an admin approves it, then counts on the product', async ({ page }) => {
    const { admin, customer } = readDemoAccounts()
    await logIn(page, customer)
    const path = await productPath(page, 1)
    const before = await productSummary(page, path)
    await waitForHydration(page)

    const title = uniqueTitle('Needs approval')
    const leaveReview = page.getByRole('region', { name: 'Leave a Review' })
    await leaveReview.getByRole('radio', { name: '4 stars' }).check()
    await leaveReview.getByLabel('Title').fill(title)
    await leaveReview.getByLabel('Comment').fill('Clean layers and a snug fit.')
    await leaveReview.getByRole('button', { name: 'Submit Review' }).click()
    await expect(page.getByText('Review Submitted!')).toBeVisible()

    // While it waits, nobody sees it: not on the product page, not on the reviews page.
    expect(await productSummary(page, path)).toEqual(before)
    await expect(page.getByText(title)).toHaveCount(0)
    await page.goto('/feedback')
    await expect(page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible()
    await expect(page.getByText(title)).toHaveCount(0)

    await page.context().clearCookies()
    await logIn(page, admin)
    await page.goto('/admin/reviews')
    await waitForHydration(page)
    await page.getByRole('link', { name: /^Pending/ }).click()
    await expect(page).toHaveURL(/\/admin\/reviews\?filter=pending$/)
    const row = reviewRow(page, title)
    await expect(row).toContainText('Pending')
    await expect(row).toContainText(before.title)
    await row.getByRole('button', { name: /^Approve/ }).click()
    await expect(page.getByText('Review Approved')).toBeVisible()
    // Approved reviews leave the Pending list.
    await expect(row).toHaveCount(0)

    await page.getByRole('link', { name: /^Approved/ }).click()
    await expect(reviewRow(page, title)).toContainText('Approved')

    const after = await productSummary(page, path)
    expect(after.reviewCount).toBe(before.reviewCount + 1)
    await expect(page.getByText(title)).toBeVisible()
    await page.goto('/feedback')
    await expect(page.getByText(title)).toBeVisible()
  })

  test('an admin adds a manual review; it is published at once', async ({ page }) => {
    await logIn(page, readDemoAccounts().admin)
    const path = await productPath(page, 2)
    const before = await productSummary(page, path)
    const title = uniqueTitle('Manual review')

    await page.goto('/admin/reviews')
    await waitForHydration(page)
    await addManualReview(page, { product: before.title, title })
    await expect(page.getByText('Review Added')).toBeVisible()
    await expect(manualForm(page).getByLabel('Title')).toHaveValue('')
    const row = reviewRow(page, title)
    await expect(row).toContainText('Approved')
    await expect(row).toContainText('Jordan S.')
    await expect(row).toContainText(before.title)
    await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0)

    // Public: a visitor sees it, under the shortened name, and the count went up.
    await page.context().clearCookies()
    const after = await productSummary(page, path)
    expect(after.reviewCount).toBe(before.reviewCount + 1)
    const published = page.getByRole('listitem').filter({ hasText: title })
    await expect(published).toContainText('Jordan S.')
    await expect(published).not.toContainText('Smith')
  })

  test('deleting a review asks first, then removes it and recounts the product', async ({ page }) => {
    await logIn(page, readDemoAccounts().admin)
    const path = await productPath(page, 3)
    const before = await productSummary(page, path)
    const title = uniqueTitle('To be deleted')
    await page.goto('/admin/reviews')
    await waitForHydration(page)
    await addManualReview(page, { product: before.title, title })
    await expect(page.getByText('Review Added')).toBeVisible()

    const row = reviewRow(page, title)
    await row.getByRole('button', { name: /^Delete/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this review?' })
    await expect(dialog).toContainText(title)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(row).toHaveCount(1)

    await row.getByRole('button', { name: /^Delete/ }).click()
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page.getByText('Review Deleted')).toBeVisible()
    await expect(dialog).toHaveCount(0)
    await expect(row).toHaveCount(0)

    expect(await productSummary(page, path)).toEqual(before)
    await expect(page.getByText(title)).toHaveCount(0)
  })

  test('the empty manual form gets the required-fields message and adds nothing', async ({ page }) => {
    await logIn(page, readDemoAccounts().admin)
    await page.goto('/admin/reviews')
    await waitForHydration(page)
    await manualForm(page).getByRole('button', { name: 'Add Review' }).click()
    // Said once as the toast, and beside each empty field.
    await expect(
      page.getByRole('region', { name: /Notifications/ }).getByText('Please fill in all required fields.'),
    ).toBeVisible()
    await expect(page.locator('#manual-review-name-error')).toHaveText('Please fill in all required fields.')
    await expect(page.getByText('Review Added')).toHaveCount(0)
  })

  test('a bad filter shows all reviews', async ({ page }) => {
    await logIn(page, readDemoAccounts().admin)
    await page.goto('/admin/reviews?filter=%27%3Bdrop&page=-3')
    await expect(page.getByRole('heading', { name: 'Manage Reviews' })).toBeVisible()
    await expect(page.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page')
  })
})

test.describe('back-office reviews, who may see them', () => {
  test('a customer gets Access Denied and lands on their account', async ({ page }) => {
    await logIn(page, readDemoAccounts().customer)
    await page.goto('/admin/reviews')
    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByText('Access Denied')).toBeVisible()
    await expect(page.getByText('You do not have permission to view that page.')).toBeVisible()
  })

  test('a visitor is asked to log in and comes back to the page afterwards', async ({ page }) => {
    await page.goto('/admin/reviews?filter=pending')
    await expect(page).toHaveURL(/\/auth\?tab=login&redirectTo=%2Fadmin%2Freviews%3Ffilter%3Dpending$/)
    await logIn(page, readDemoAccounts().admin, page.url())
    await expect(page).toHaveURL(/\/admin\/reviews\?filter=pending$/)
    await expect(page.getByRole('link', { name: /^Pending/ })).toHaveAttribute('aria-current', 'page')
  })
})

test.describe('back-office reviews without JavaScript', () => {
  test('add, then delete through the confirmation page', async ({ page, browser }) => {
    await logIn(page, readDemoAccounts().admin)
    const path = await productPath(page, 4)
    const before = await productSummary(page, path)
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    })
    const plain = await context.newPage()
    try {
      await plain.goto('/admin/reviews')
      await manualForm(plain).getByRole('button', { name: 'Add Review' }).click()
      await expect(plain.getByRole('alert')).toContainText('Please fill in all required fields.')

      const title = uniqueTitle('Added without scripts')
      await addManualReview(plain, { product: before.title, title, scripts: false })
      await expect(plain.getByRole('status')).toContainText('Review Added')
      const row = reviewRow(plain, title)
      await expect(row).toContainText('Approved')

      await row.getByRole('button', { name: /^Delete/ }).click()
      await expect(plain).toHaveURL(/[?&]delete=[0-9a-f-]{36}$/)
      const confirmation = row.getByRole('alert')
      await expect(confirmation).toContainText('Delete this review? This cannot be undone.')
      await confirmation.getByRole('button', { name: 'Delete' }).click()
      await expect(plain.getByRole('status')).toContainText('Review Deleted')
      await expect(reviewRow(plain, title)).toHaveCount(0)
    } finally {
      await context.close()
    }
    expect(await productSummary(page, path)).toEqual(before)
  })
})
