import type { Browser, Page } from '@playwright/test'
import {
  expect,
  expectFieldError,
  logIn,
  readDemoAccounts,
  test,
  toast,
  waitForHydration,
} from '../playwright-utils.ts'

// My Quotes (storefront §2, §4, §9) and the shop's side of it (/admin/quotes). Prices from the demo
// shop (app/workflows/demo-seed/demo-content.ts): quotes use the base price, not the tiers.
// The tests share the demo customer's list of saved quotes, so they run one after another; other
// files (the instant quote's Save as Quote) save for the same customer, so a test finds its own
// quote by its number, never by counting the list.
test.describe.configure({ mode: 'default' })

const KNOBS = 'Replacement Knob Set' // $8.99, tiers from 10
const ENCLOSURE = 'Single-Board Computer Enclosure'

async function openQuotes(page: Page) {
  await page.goto('/quotes')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'My Quotes' })).toBeVisible()
}

const builder = (page: Page) => page.getByRole('region', { name: 'Create New Quote' })
const saved = (page: Page) => page.getByTestId('saved-quote')

/** The numbers of the quotes the list shows. */
async function savedNumbers(page: Page) {
  const headings = await saved(page).getByRole('heading').allTextContents()
  return headings.map((heading) => heading.replace('Quote #', ''))
}

/**
 * Adds products in the builder and saves; returns the new quote's number: the one the list did not
 * show before. Other files save quotes for the same demo customer in parallel, so the list may grow
 * by more than this save; the numbers tell which one is this file's.
 */
async function saveQuote(page: Page, lines: { title: string; quantity: number }[]) {
  for (const line of lines) {
    await builder(page)
      .getByRole('button', { name: `Add to Quote: ${line.title}` })
      .click()
    await builder(page).getByLabel(`Quantity of ${line.title}`).fill(String(line.quantity))
  }
  const before = new Set(await savedNumbers(page))
  await builder(page).getByRole('button', { name: 'Save Quote' }).click()
  await expect(toast(page, 'Quote Saved!')).toBeVisible()
  await expect(page.getByTestId('quote-items')).toHaveCount(0)
  let added: string[] = []
  await expect
    .poll(async () => {
      added = (await savedNumbers(page)).filter((number) => !before.has(number))
      return added.length
    })
    .toBeGreaterThan(0)
  // Newest first. Another file's save since this page loaded is older than this one; only a save in
  // the moment between this save and the list's reload could be newer.
  return added[0]
}

async function openAdmin(browser: Browser, path: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await logIn(page, readDemoAccounts().admin)
  await page.goto(path)
  await waitForHydration(page)
  return { page, close: () => context.close() }
}

test('a visitor sees Access Denied with a login link', async ({ page }) => {
  await page.goto('/quotes')
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await page.getByRole('link', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/auth\?tab=login&redirectTo=%2Fquotes$/)
})

test('a customer builds, saves, expands and deletes a quote', async ({ page }) => {
  await logIn(page, readDemoAccounts().customer)
  // From the header's account menu.
  await page.getByRole('banner').getByRole('button', { name: 'My Account' }).click()
  await page.getByRole('menuitem', { name: 'My Quotes' }).click()
  await expect(page).toHaveURL(/\/quotes$/)
  await waitForHydration(page)

  const form = builder(page)
  await form.getByRole('button', { name: `Add to Quote: ${KNOBS}` }).click()
  await form.getByRole('button', { name: `Add to Quote: ${KNOBS}` }).click()
  await expect(form.getByLabel(`Quantity of ${KNOBS}`)).toHaveValue('2')
  await form.getByLabel(`Quantity of ${KNOBS}`).fill('12')
  // Base price even at 12 (the shop's tier from 10 does not apply to quotes).
  await expect(page.getByTestId('quote-total')).toHaveText('$107.88')
  await form.getByRole('button', { name: `Fewer of ${KNOBS}` }).click()
  await expect(page.getByTestId('quote-total')).toHaveText('$98.89')
  // Never below 1.
  await form.getByLabel(`Quantity of ${KNOBS}`).fill('0')
  await expect(form.getByLabel(`Quantity of ${KNOBS}`)).toHaveValue('1')
  await expect(form.getByRole('button', { name: `Fewer of ${KNOBS}` })).toBeDisabled()
  await form.getByRole('button', { name: `Remove ${KNOBS}` }).click()
  await expect(form.getByRole('button', { name: 'Save Quote' })).toBeDisabled()

  const number = await saveQuote(page, [
    { title: KNOBS, quantity: 3 },
    { title: ENCLOSURE, quantity: 2 },
  ])
  const quote = saved(page).filter({ hasText: `Quote #${number}` })
  await expect(quote).toContainText('Draft')
  await expect(quote).toContainText(/Expires \w{3} \d{1,2}, \d{4}/)
  await quote.getByText('View Items').click()
  await expect(quote.getByRole('listitem')).toHaveText([`${KNOBS}× 3`, `${ENCLOSURE}× 2`])

  await quote.getByRole('button', { name: `Delete quote #${number}` }).click()
  await page
    .getByRole('dialog', { name: `Delete Quote #${number}?` })
    .getByRole('button', { name: 'Cancel' })
    .click()
  await expect(quote).toHaveCount(1)
  await quote.getByRole('button', { name: `Delete quote #${number}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Quote' }).click()
  await expect(toast(page, 'Quote Deleted')).toBeVisible()
  await expect(quote).toHaveCount(0)
})

test('a quantity the shop refuses is named beside its line, and nothing is saved', async ({ page }) => {
  await logIn(page, readDemoAccounts().customer)
  await openQuotes(page)
  const form = builder(page)
  await form.getByRole('button', { name: `Add to Quote: ${KNOBS}` }).click()
  await form.getByRole('button', { name: `Add to Quote: ${ENCLOSURE}` }).click()
  await form.getByLabel(`Quantity of ${ENCLOSURE}`).fill('2000000')
  const before = await saved(page).count()
  await form.getByRole('button', { name: 'Save Quote' }).click()
  await expect(toast(page, 'Failed to save quote')).toBeVisible()
  await expectFieldError(form.getByLabel(`Quantity of ${ENCLOSURE}`), 'Each quantity must be at most 1,000,000.')
  await expect(form.getByLabel(`Quantity of ${KNOBS}`)).not.toHaveAttribute('aria-invalid')
  await expect(saved(page)).toHaveCount(before)
})

test('an expired quote says so and cannot be sent to the shop', async ({ page }) => {
  // The demo customer saved this quote a month ago (demo data).
  await logIn(page, readDemoAccounts().customer)
  await openQuotes(page)
  const expired = saved(page).filter({ hasText: 'Expired on' })
  await expect(expired.first()).toBeVisible()
  await expect(expired.first().getByText('Expired', { exact: true })).toBeVisible()
  await expect(expired.first().getByRole('button', { name: /Ask the Shop to Accept/ })).toHaveCount(0)
})

test('the customer asks, the shop turns the quote into an invoice, the customer pays it', async ({ page, browser }) => {
  test.slow()
  await logIn(page, readDemoAccounts().customer)
  await openQuotes(page)
  const number = await saveQuote(page, [{ title: ENCLOSURE, quantity: 4 }])
  const quote = saved(page).filter({ hasText: `Quote #${number}` })
  const total = (await quote.getByText(/^\$[\d,]+\.\d{2}$/).textContent()) ?? ''
  await quote.getByRole('button', { name: `Ask the Shop to Accept quote #${number}` }).click()
  await expect(toast(page, 'Request Sent')).toBeVisible()
  await expect(quote).toContainText('Awaiting the shop')

  const admin = await openAdmin(browser, '/admin/quotes?filter=requested')
  try {
    const row = admin.page.getByTestId('admin-quote-row').filter({ hasText: `Quote #${number}` })
    await expect(row).toContainText('customer@example.com')
    await expect(row).toContainText(`4 × ${ENCLOSURE}`)
    await row.getByRole('button', { name: `Create Invoice from quote #${number}` }).click()
    await expect(toast(admin.page, 'Invoice Created')).toBeVisible()
    // Accepted quotes leave the "awaiting" list and link to their invoice in the accepted one.
    await expect(row).toHaveCount(0)
    await admin.page.goto('/admin/quotes?filter=accepted')
    await expect(
      admin.page
        .getByTestId('admin-quote-row')
        .filter({ hasText: `Quote #${number}` })
        .getByRole('link', { name: /^Invoice #/ }),
    ).toBeVisible()
  } finally {
    await admin.close()
  }

  await openQuotes(page)
  await expect(quote).toContainText('Accepted')
  await quote.getByRole('link', { name: /^View Invoice #/ }).click()
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/)
  await waitForHydration(page)
  await expect(page.getByText(`From Quote #${number}`)).toBeVisible()
  await expect(page.getByTestId('invoice-status')).toHaveText('unpaid')
  await expect(page.getByTestId('invoice-total')).toHaveText(total)

  const invoicePath = new URL(page.url()).pathname
  await completeShippingAddress(page)
  await page.goto(invoicePath)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await page.waitForURL(/\/demo-checkout\/cs_demo_/)
  await expect(page.getByTestId('demo-checkout-total')).toHaveText(total)
  await waitForHydration(page)
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible()
  await page.getByRole('link', { name: 'View Invoice' }).click()
  await expect(page.getByTestId('invoice-status')).toHaveText('paid')
})

/** The checkout status page needs a complete shipping address (storefront §4). */
async function completeShippingAddress(page: Page) {
  await page.goto('/account')
  await waitForHydration(page)
  // The same values as the other tests' profile edits, so they agree in any order.
  await page.getByLabel('Full Name').fill('Casey Q. Customer')
  await page.getByLabel('Street').fill('12 Filament Way')
  await page.getByLabel('City').fill('Portland')
  await page.getByLabel('State').fill('OR')
  await page.getByLabel('Zip').fill('97201')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(toast(page, 'Profile Updated')).toBeVisible()
}
