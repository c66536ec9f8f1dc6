import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, logIn, readDemoAccounts, test, toast, waitForHydration } from '../playwright-utils.ts'

// The back-office's add-product form (back-office §2, §5). Products made here are Hidden, so the
// storefront's lists, counts, search and sitemap, which other tests check, never show them; an
// admin still sees a hidden product's page.

/** A toast on screen (not one on its way out) with that title. */

async function openForm(page: Page) {
  await logIn(page, readDemoAccounts().admin)
  await page.goto('/products')
  await page.getByRole('link', { name: 'Add Product' }).click()
  await expect(page).toHaveURL(/\/add-product$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add Product')
  await waitForHydration(page)
}

function picture() {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#2f7de1' } })
    .png()
    .toBuffer()
}

test.describe('add product', () => {
  test('an admin adds a tiered product with a variation and a picture, and lands on its page', async ({ page }) => {
    const title = `Test Bracket ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`
    await openForm(page)
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
    await page
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('A sturdy bracket for shelves, printed in PETG.')
    await page.getByLabel('Price type').selectOption({ label: 'Tiered pricing' })

    await page.getByRole('button', { name: 'Add Tier' }).click()
    // A new tier starts at a minimum quantity of 1 (back-office §5).
    await expect(page.getByLabel('Tier 1 minimum quantity')).toHaveValue('1')
    await page.getByLabel('Tier 1 price').fill('12.50')
    await page.getByRole('button', { name: 'Add Tier' }).click()
    await page.getByLabel('Tier 2 minimum quantity').fill('10')
    await page.getByLabel('Tier 2 price').fill('9.99')
    // A row added by mistake is removed again.
    await page.getByRole('button', { name: 'Add Tier' }).click()
    await page.getByRole('button', { name: 'Remove tier 3' }).click()
    await expect(page.getByLabel('Tier 3 price')).toHaveCount(0)

    await page.getByRole('button', { name: 'Add Variation' }).click()
    // A new variation changes nothing to the price until told (back-office §5).
    await expect(page.getByLabel('Variation 1 price modifier')).toHaveValue('0')
    await page.getByLabel('Variation 1 name').fill('Safety Orange')
    await page.getByLabel('Variation 1 price modifier').fill('2.50')

    await page.getByLabel('Stock quantity').fill('5')
    await page.getByLabel('Status').selectOption({ label: 'Hidden' })
    await page
      .getByLabel('Images')
      .setInputFiles({ name: 'bracket.png', mimeType: 'image/png', buffer: await picture() })
    await expect(page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem')).toHaveText([/bracket\.png/])
    await page.getByRole('button', { name: 'Add Product' }).click()

    await expect(toast(page, 'Product Added!')).toBeVisible()
    await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.getByRole('region', { name: 'Quantity pricing' }).getByRole('listitem')).toHaveText([
      '1+ units$12.50 each',
      '10+ units$9.99 each',
    ])
    await expect(page.getByLabel('Options', { exact: true }).locator('option')).toHaveText(['Safety Orange (+$2.50)'])
    await expect(page.getByTestId('product-stock')).toHaveText('5 in stock')
    // The uploaded picture, served by the image endpoint as WebP, has loaded.
    const image = page.getByRole('img', { name: title, exact: true })
    await expect(image).toHaveAttribute('src', /^\/images\/products\/[0-9a-f-]{36}\/1\.[0-9a-f]{16}\.webp\?w=\d+$/)
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)))
      .toBeGreaterThan(0)
  })

  test('the empty form says which fields are missing and adds nothing', async ({ page }) => {
    await openForm(page)
    await page.getByRole('button', { name: 'Add Product' }).click()
    await expect(toast(page, 'Missing Required Fields')).toContainText('Please fill in Title and Description.')
    await expect(page).toHaveURL(/\/add-product$/)
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Title is required.')).toBeVisible()
    await expect(page.getByText('Description is required.')).toBeVisible()
    await expect(page.getByText('Price is required for a set price.')).toBeVisible()
  })

  test('a file that is only named like a picture is refused, and what was typed stays', async ({ page }) => {
    await openForm(page)
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Not Added ${Date.now()}`)
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Should never be stored.')
    await page.getByRole('spinbutton', { name: 'Price ($)', exact: true }).fill('3')
    await page.getByLabel('Status').selectOption({ label: 'Hidden' })
    await page.getByLabel('Images', { exact: true }).setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are my notes, not a picture'),
    })
    await page.getByRole('button', { name: 'Add Product' }).click()
    await expect(toast(page, 'Product Not Added')).toContainText('“notes.png” is not a JPEG, PNG or WebP image.')
    await expect(page).toHaveURL(/\/add-product$/)
    await expect(page.getByLabel('Images', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue('Should never be stored.')
  })

  test('a customer gets Access Denied, a visitor is asked to log in', async ({ page }) => {
    await page.goto('/add-product')
    await expect(page).toHaveURL(/\/auth\?tab=login&redirectTo=%2Fadd-product$/)
    await logIn(page, readDemoAccounts().customer)
    await page.goto('/add-product')
    await expect(page).toHaveURL(/\/account$/)
    await expect(toast(page, 'Access Denied')).toContainText('You do not have permission to view that page.')
  })
})
