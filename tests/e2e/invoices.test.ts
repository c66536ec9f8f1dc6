import type { Page } from '@playwright/test'
import { expect, logIn, readDemoAccounts, test, toast, waitForHydration } from '../playwright-utils.ts'

// The invoice page (storefront §2 Invoice detail) for an order paid through the demo checkout.
const KNOB_SET = 'Replacement Knob Set'

async function payForKnobs(page: Page) {
  await page.goto('/products')
  await page.getByRole('main').getByRole('link', { name: KNOB_SET, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(KNOB_SET)
  await waitForHydration(page)
  await page.getByLabel('Quantity', { exact: true }).fill('3')
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  await expect(toast(page, 'Added to cart!')).toBeVisible()
  await page.goto('/cart')
  await waitForHydration(page)
  await expect(page.getByTestId('cart-total')).toHaveText(/^\$/)
  const total = (await page.getByTestId('cart-total').textContent()) ?? ''
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
  await page.waitForURL(/\/demo-checkout\/cs_demo_/)
  await waitForHydration(page)
  await page.getByRole('button', { name: /^Pay / }).click()
  await page.waitForURL(/\/success\?session_id=cs_demo_/)
  return total
}

test('a customer opens the paid invoice of their order from the account page', async ({ page }) => {
  await logIn(page, readDemoAccounts().customer)
  const total = await payForKnobs(page)

  await page.goto('/account?tab=invoices')
  const row = page.getByRole('listitem').filter({ hasText: total }).filter({ hasText: 'paid' }).first()
  await row.getByRole('link').click()
  await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/)
  await waitForHydration(page)

  await expect(page.getByTestId('invoice-status')).toHaveText('paid')
  await expect(page.getByText('Billed To')).toBeVisible()
  await expect(page.getByRole('main').getByText('LayerWorks 3D', { exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: KNOB_SET })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Shipping' })).toBeVisible()
  await expect(page.getByTestId('invoice-taxes')).toHaveText('$0.00')
  await expect(page.getByTestId('invoice-total')).toHaveText(total)
  await expect(page.getByTestId('invoice-subtotal')).toHaveText(total)
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0)

  // The same invoice as a PDF file.
  const pdfLink = page.getByRole('link', { name: 'Download PDF' })
  const pdf = await page.request.get((await pdfLink.getAttribute('href')) ?? '')
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

  // Printing hides the buttons and the site chrome.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  await expect(page.locator('header').first()).toBeHidden()
  await page.emulateMedia({ media: 'screen' })

  await page.getByRole('link', { name: 'Back to Account' }).click()
  await expect(page).toHaveURL(/\/account$/)
})

test('an unknown invoice sends the customer back to the account page', async ({ page }) => {
  await logIn(page, readDemoAccounts().customer)
  await page.goto('/invoices/00000000-0000-4000-8000-000000000000')
  await expect(page).toHaveURL(/\/account$/)
  await expect(toast(page, 'Invoice not found or access denied.')).toBeVisible()
})

test('a visitor is asked to log in first', async ({ page }) => {
  await page.goto('/invoices/00000000-0000-4000-8000-000000000000')
  await expect(page).toHaveURL(/\/auth\?tab=login/)
})

test('the admin picks the customer and an item’s product by typing, with the keyboard', async ({ page }) => {
  const { admin, customer } = readDemoAccounts()
  await logIn(page, admin)
  await page.goto('/admin/invoices')
  await waitForHydration(page)
  const searches: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/admin/search/')) searches.push(request.url())
  })
  await page.getByRole('button', { name: 'New Invoice' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Invoice' })

  // The dialog focuses the Customer field but opens no list over the form: nothing is searched
  // until the admin clicks the field or types, so the buttons below it stay within reach.
  const who = dialog.getByRole('combobox', { name: 'Customer' })
  await expect(who).toBeFocused()
  await dialog.getByRole('button', { name: 'Add Item' }).click()
  await dialog.getByRole('button', { name: 'Remove item 2' }).click()
  expect(searches).toEqual([])
  await who.click()
  await expect(dialog.getByRole('listbox')).toBeVisible()
  expect(searches).toEqual([expect.stringMatching(/\/admin\/search\/customers\.data\?q=&/)])

  // The server searches as the admin types; arrows move through the matches and Enter picks one.
  await who.fill(customer.email)
  await expect(dialog.getByRole('option', { name: customer.email })).toBeVisible()
  await who.press('ArrowDown')
  await expect(who).toHaveAttribute('aria-activedescendant', /.+/)
  await who.press('Enter')
  await expect(who).toHaveValue(new RegExp(customer.email.replace('.', '\\.')))
  await expect(dialog.getByRole('listbox')).toHaveCount(0)

  // A product fills the row's empty description and unit price.
  const row = dialog.getByRole('group', { name: 'Item 1' })
  const product = row.getByRole('combobox', { name: 'Product' })
  await product.fill('knob set')
  await expect(row.getByRole('option', { name: KNOB_SET })).toBeVisible()
  await product.press('ArrowDown')
  await product.press('Enter')
  await expect(product).toHaveValue(KNOB_SET)
  await expect(row.getByLabel('Description')).toHaveValue(KNOB_SET)
  await expect(row.getByLabel('Unit price ($)')).toHaveValue(/^\d+\.\d{2}$/)

  // Escape closes the matches, not the dialog.
  await product.fill('knob')
  await expect(row.getByRole('option').first()).toBeVisible()
  await product.press('Escape')
  await expect(row.getByRole('option')).toHaveCount(0)
  await expect(dialog).toBeVisible()
})
