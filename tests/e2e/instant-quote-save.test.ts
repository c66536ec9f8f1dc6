import type { Page } from '@playwright/test'
import { boxStl } from '../factories/model-files.ts'
import { priceRow, uploadCube } from '../instant-quote-page.ts'
import {
  expect,
  logIn,
  readDemoAccounts,
  softwareWebGl,
  test,
  toast,
  uniqueEmail,
  waitForHydration,
} from '../playwright-utils.ts'

// The instant quote's Save as Quote and Ask the shop (issue 15, item 4): the demo customer saves a
// priced cube and finds it, with its price, measures and options, on /quotes; a visitor is offered
// the log-in instead, asks the shop about their model, and the admin finds the message with the
// model to download in /admin/messages.

// A visitor who uploads, follows 'Log in to save a quote' and signs in comes back to their model and
// options, and saves them (the model is theirs by the cookie of the visit).

// The 3D view needs WebGL, drawn in software.
test.use({ launchOptions: softwareWebGl })

/** Uploads a 20 mm cube under a name of this run and waits for its price. */
async function uploadPricedCube(page: Page, name: string) {
  await uploadCube(page, { name })
  await expect(priceRow(page, 'Unit price')).toHaveText('$10.00')
}

test('a customer saves a priced model as a quote and finds it on /quotes with its price and options', async ({
  page,
}) => {
  test.slow()
  const name = `bracket-${Date.now()}.stl`
  await logIn(page, readDemoAccounts().customer)
  await uploadPricedCube(page, name)
  await page.getByLabel('Quantity').fill('3')
  // Three together cost the minimum order price, shared: the page's numbers are the server's.
  await expect(priceRow(page, 'Total for 3')).toBeVisible()
  const total = (await priceRow(page, 'Total for 3').textContent()) ?? ''
  const unit = (await priceRow(page, 'Unit price').textContent()) ?? ''
  expect(total).toMatch(/^\$\d+\.\d\d$/)
  await page.getByRole('button', { name: 'Save as Quote' }).click()
  await expect(toast(page, 'Quote Saved!')).toBeVisible()
  await expect(toast(page, /Quote #[0-9a-f]{8} is valid until/)).toBeVisible()
  await page.getByRole('link', { name: 'See it in My Quotes' }).click()
  await expect(page).toHaveURL(/\/quotes$/)

  const saved = page.getByTestId('saved-quote').filter({ hasText: `3D print: ${name}` })
  await expect(saved).toHaveCount(1)
  await expect(saved).toContainText(total)
  await saved.getByText('View Items').click()
  const details = saved.getByTestId('quote-print-details')
  await expect(details).toContainText('20 × 20 × 20 mm')
  await expect(details).toContainText('8.00 cm³')
  await expect(details).toContainText('PLA')
  await expect(details).toContainText('Standard (0.2 mm layers)')
  await expect(details).toContainText(unit)
  await expect(saved.getByText('× 3')).toBeVisible()
})

test('a visitor is offered the log-in to save, asks the shop instead, and the admin sees the model', async ({
  page: visitor,
  browser,
}) => {
  test.slow()
  const name = `odd-part-${Date.now()}.stl`
  const email = uniqueEmail('ask-shop')
  await uploadPricedCube(visitor, name)
  await expect(visitor.getByRole('link', { name: 'Log in to save a quote' })).toHaveAttribute(
    'href',
    /^\/auth\?tab=login&redirectTo=%2Finstant-quote%3Fmodel%3D[0-9a-f-]{36}%26/,
  )
  await expect(visitor.getByRole('button', { name: 'Save as Quote' })).toHaveCount(0)

  // Without a name and e-mail nothing is sent, and the form says why.
  await visitor.getByRole('button', { name: 'Ask the Shop' }).click()
  await expect(visitor.getByText('Name is required.').first()).toBeVisible()
  await visitor.getByRole('textbox', { name: 'Name', exact: true }).fill('Val Visitor')
  await visitor.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await visitor.getByLabel('Your note').fill('Can you print it in glow-in-the-dark PLA?')
  await visitor.getByRole('button', { name: 'Ask the Shop' }).click()
  await expect(toast(visitor, 'Message Sent!')).toBeVisible()

  const context = await browser.newContext()
  const admin = await context.newPage()
  await logIn(admin, readDemoAccounts().admin)
  await admin.goto('/admin/messages')
  await waitForHydration(admin)
  await admin.getByLabel('Name, e-mail or subject').fill(email)
  await admin.getByRole('button', { name: 'Search' }).click()
  await expect(admin).toHaveURL(/q=/)
  const row = admin.getByTestId('message-row').filter({ hasText: `Instant quote: ${name}` })
  await expect(row).toHaveCount(1)
  await row.getByRole('link').first().click()
  await expect(admin.getByRole('heading', { level: 1, name: `Instant quote: ${name}` })).toBeVisible()
  const text = admin.getByTestId('message-text')
  await expect(text).toContainText('Can you print it in glow-in-the-dark PLA?')
  await expect(text).toContainText('Size: 20 × 20 × 20 mm')
  await expect(text).toContainText('Material: PLA')
  const download = admin.getByRole('link', { name: `Download ${name}` })
  await expect(download).toBeVisible()
  const response = await admin.request.get((await download.getAttribute('href')) ?? '')
  expect(response.status()).toBe(200)
  expect((await response.body()).length).toBe(boxStl(20, 20, 20).length)
  await context.close()
})

test('a visitor who logs in to save comes back to their model and options, and saves the quote', async ({ page }) => {
  test.slow()
  const name = `returning-${Date.now()}.stl`
  await uploadPricedCube(page, name)
  await page.getByLabel('Material').selectOption({ label: 'PETG' })
  await page.getByLabel('Quantity').fill('3')
  await expect(priceRow(page, 'Total for 3')).toBeVisible()
  const total = (await priceRow(page, 'Total for 3').textContent()) ?? ''

  await page.getByRole('link', { name: 'Log in to save a quote' }).click()
  await expect(page).toHaveURL(/\/auth\?/)
  await waitForHydration(page)
  const customer = readDemoAccounts().customer
  await page.getByLabel('Email').fill(customer.email)
  await page.getByLabel('Password', { exact: true }).fill(customer.password)
  await page.getByRole('button', { name: 'Sign In' }).click()

  // Back on the quote page, with the same model, in 3D, and the same options and price.
  await expect(page).toHaveURL(/\/instant-quote\?model=/)
  await waitForHydration(page)
  await expect(page.getByTestId('model-dimensions')).toHaveText('20 × 20 × 20 mm')
  await expect(page.getByText(`${name}:`)).toBeVisible()
  await expect(page.getByRole('img', { name: '3D view of your model' })).toBeVisible()
  await expect(page.getByLabel('Material').locator('option:checked')).toHaveText('PETG')
  await expect(page.getByLabel('Quantity')).toHaveValue('3')
  await expect(priceRow(page, 'Total for 3')).toHaveText(total)

  await page.getByRole('button', { name: 'Save as Quote' }).click()
  await expect(toast(page, 'Quote Saved!')).toBeVisible()
  await page.getByRole('link', { name: 'See it in My Quotes' }).click()
  const saved = page.getByTestId('saved-quote').filter({ hasText: `3D print: ${name}` })
  await expect(saved).toHaveCount(1)
  await expect(saved).toContainText(total)
})
