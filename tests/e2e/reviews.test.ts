import type { Page } from '@playwright/test'
import {
  expect,
  expectFieldError,
  logIn,
  readDemoAccounts,
  test,
  toast,
  waitForHydration,
} from '../playwright-utils.ts'

async function firstProductPath(page: Page) {
  await page.goto('/products')
  const href = await page.locator('main a[href^="/products/"]').first().getAttribute('href')
  if (!href) throw new Error('no product on /products')
  return href
}

const leaveReview = (page: Page) => page.getByRole('region', { name: 'Leave a Review' })
const uniqueTitle = (prefix: string) => `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`

test.describe('reviews, signed out', () => {
  test('the product page and the reviews page ask to log in instead of showing the form', async ({ page }) => {
    const productPath = await firstProductPath(page)
    for (const path of [productPath, '/feedback']) {
      await page.goto(path)
      const section = leaveReview(page)
      await expect(section).toContainText('Please log in to leave a review.')
      await expect(section.getByRole('link', { name: 'log in' })).toHaveAttribute(
        'href',
        `/auth?tab=login&redirectTo=${encodeURIComponent(path)}`,
      )
      await expect(section.getByRole('button', { name: 'Submit Review' })).toHaveCount(0)
    }
  })
})

test.describe('reviews, signed in as the demo customer', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page, readDemoAccounts().customer)
  })

  test('a product review needs a star rating, then waits for approval', async ({ page }) => {
    await page.goto(await firstProductPath(page))
    await waitForHydration(page)
    const form = leaveReview(page)
    const title = uniqueTitle('Pending product review')
    await form.getByLabel('Title').fill(title)
    await form.getByLabel('Comment').fill('Printed cleanly and fits my handlebar.')
    await form.getByRole('button', { name: 'Submit Review' }).click()
    await expect(page.getByText('Rating required')).toBeVisible()
    await expect(page.getByText('Please select a star rating.')).toBeVisible()

    await form.getByRole('radio', { name: '4 stars' }).check()
    await form.getByRole('button', { name: 'Submit Review' }).click()
    await expect(page.getByText('Review Submitted!')).toBeVisible()
    await expect(page.getByText('Thank you! Your review will appear once it has been approved.')).toBeVisible()
    await expect(form.getByLabel('Title')).toHaveValue('')
    await expect(form.getByLabel('Comment')).toHaveValue('')
    await expect(form.getByRole('radio', { name: '4 stars' })).not.toBeChecked()

    await page.reload()
    await expect(page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible()
    await expect(page.getByText(title)).toHaveCount(0)
  })

  test('the reviews page asks for every field, then takes a review for approval', async ({ page }) => {
    await page.goto('/feedback')
    await waitForHydration(page)
    const form = leaveReview(page)
    const submit = form.getByRole('button', { name: 'Submit Review' })
    await submit.click()
    await expect(page.getByText('Rating required')).toBeVisible()

    // The stars are radio buttons: arrow keys choose a rating.
    await form.getByRole('radio', { name: '1 star', exact: true }).focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect(form.getByRole('radio', { name: '3 stars' })).toBeChecked()
    await submit.click()
    await expect(page.getByText('Fields required')).toBeVisible()
    await expect(page.getByText('Please fill out all fields.')).toBeVisible()

    const title = uniqueTitle('Pending shop review')
    await form.getByLabel('Title').fill(title)
    await form.getByLabel('Comment').fill('Quick replies and a perfect replacement part.')
    await submit.click()
    await expect(page.getByText('Review Submitted!')).toBeVisible()
    await expect(form.getByLabel('Title')).toHaveValue('')

    await page.reload()
    await expect(page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible()
    await expect(page.getByText(title)).toHaveCount(0)
  })

  test('a title of blanks passes the browser but not the server, which says so beside the title', async ({ page }) => {
    await page.goto(await firstProductPath(page))
    await waitForHydration(page)
    const form = leaveReview(page)
    await form.getByRole('radio', { name: '5 stars' }).check()
    await form.getByLabel('Title').fill('   ')
    await form.getByLabel('Comment').fill('Printed cleanly.')
    await form.getByRole('button', { name: 'Submit Review' }).click()
    await expect(toast(page, 'Fields required')).toBeVisible()
    await expectFieldError(form.getByLabel('Title'), 'Please fill out all fields.')
    await expect(form.getByLabel('Comment')).not.toHaveAttribute('aria-invalid')
  })
})
