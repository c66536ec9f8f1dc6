import type { Browser, Page } from '@playwright/test'
import { expect, logIn, readDemoAccounts, test, toast, waitForHydration } from '../playwright-utils.ts'

// Create an Order (/order, storefront §2, §4, §5, §8): prices from the demo shop in
// app/workflows/demo-seed/demo-content.ts. The Knob Set costs $8.99, $7.49 from 10; the Bike Mount
// $24.99, Safety Orange +$2.50. Nothing here depends on another test's stock: totals come from
// prices, and the stock cap reads the stock the page shows.
const KNOB_SET = 'Replacement Knob Set'
const BIKE_MOUNT = 'Universal Bike Phone Mount'
// Only added to the panel here, never ordered, so its stock stays as the page shows it.
const ENCLOSURE = 'Single-Board Computer Enclosure'

function productCard(page: Page, title: string) {
  return page.getByTestId('order-product').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

function orderLine(page: Page, title: string) {
  return page.getByTestId('order-line').filter({ hasText: title })
}

async function openOrderPage(page: Page) {
  await page.goto('/order')
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Order' })).toBeVisible()
  await waitForHydration(page)
}

async function expectOutboxMail(browser: Browser, to: string, subject: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  try {
    await logIn(page, readDemoAccounts().admin)
    await page.goto('/admin/outbox')
    await expect(page.getByRole('row').filter({ hasText: to }).filter({ hasText: subject })).toHaveCount(1)
  } finally {
    await context.close()
  }
}

test('a customer orders a tiered quantity and a variation, lands on the unpaid invoice and pays it', async ({
  page,
  browser,
}) => {
  // A trip through the order page, the invoice, the demo checkout and the outbox.
  test.slow()
  const { customer } = readDemoAccounts()
  await logIn(page, customer)
  await openOrderPage(page)

  await productCard(page, KNOB_SET).getByRole('button', { name: 'Add to Order' }).click()
  const knobs = orderLine(page, KNOB_SET)
  await expect(knobs.getByTestId('order-line-unit-price')).toHaveText('$8.99 each')
  await knobs.getByRole('spinbutton', { name: `Quantity of ${KNOB_SET}` }).fill('10')
  await expect(knobs.getByTestId('order-line-unit-price')).toHaveText('$7.49 each')
  await expect(knobs.getByTestId('order-line-total')).toHaveText('$74.90')

  const mount = productCard(page, BIKE_MOUNT)
  await mount.getByRole('button', { name: 'Add to Order' }).click()
  await expect(toast(page, 'Selection Required')).toBeVisible()
  await mount.getByLabel('Option').selectOption({ label: 'Safety Orange (+$2.50)' })
  await mount.getByRole('button', { name: 'Add to Order' }).click()
  await expect(orderLine(page, BIKE_MOUNT).getByTestId('order-line-unit-price')).toHaveText('$27.49 each')
  // 10 × $7.49 + $27.49
  await expect(page.getByTestId('order-total')).toHaveText('$102.39')

  // The panel survives a reload.
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByTestId('order-line')).toHaveCount(2)
  await expect(page.getByTestId('order-total')).toHaveText('$102.39')

  await page.getByRole('button', { name: 'Place Order' }).click()
  const placed = toast(page, 'Order Placed!')
  await expect(placed).toContainText(/Your order #\d{4,} has been placed\./)
  const orderNumber = /#(\d{4,})/.exec((await placed.textContent()) ?? '')?.[1] ?? ''
  await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/)
  await waitForHydration(page)
  const invoiceUrl = page.url()
  await expect(page.getByTestId('invoice-status')).toHaveText('unpaid')
  await expect(page.getByRole('cell', { name: 'Universal Bike Phone Mount (Safety Orange)' })).toBeVisible()
  await expect(page.getByTestId('invoice-total')).toHaveText('$102.39')

  // The panel is empty now.
  await openOrderPage(page)
  await expect(page.getByTestId('order-line')).toHaveCount(0)
  await expect(page.getByTestId('order-total')).toHaveText('$0.00')

  // The order is pending on the account page; Pay Now charges the invoice's total.
  await page.goto('/account?tab=orders')
  const order = page.getByRole('listitem').filter({ hasText: `Order #${orderNumber}` })
  await expect(order).toContainText('$102.39')
  await expect(order).toContainText('pending')
  await page.goto(invoiceUrl)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await page.waitForURL(/\/demo-checkout\/cs_demo_/)
  await expect(page.getByTestId('demo-checkout-total')).toHaveText('$102.39')
  await waitForHydration(page)
  await page.getByRole('button', { name: /^Pay / }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/demo-checkout/'))
  await page.goto(invoiceUrl)
  await expect(page.getByTestId('invoice-status')).toHaveText('paid')

  await expectOutboxMail(browser, customer.email, `Order #${orderNumber} placed: invoice due`)
  await expectOutboxMail(browser, 'shop@localhost', `New order #${orderNumber}`)
})

test('quantities stay between 1 and the stock: adding again and typing more cap at it', async ({ page }) => {
  await logIn(page, readDemoAccounts().customer)
  await openOrderPage(page)
  const card = productCard(page, ENCLOSURE)
  const stock = Number(
    /^(\d+) in stock$/.exec((await card.getByTestId('order-product-stock').textContent()) ?? '')?.[1],
  )
  expect(stock).toBeGreaterThan(2)

  await card.getByRole('button', { name: 'Add to Order' }).click()
  const line = orderLine(page, ENCLOSURE)
  const quantity = line.getByRole('spinbutton', { name: `Quantity of ${ENCLOSURE}` })
  await expect(quantity).toHaveValue('1')
  await expect(line.getByRole('button', { name: `Decrease quantity of ${ENCLOSURE}` })).toBeDisabled()

  // Typing more than the stock: the field holds the stock.
  await quantity.fill(String(stock + 25))
  await expect(quantity).toHaveValue(String(stock))
  await quantity.blur()
  await expect(quantity).toHaveValue(String(stock))
  await expect(line.getByTestId('order-line-stock-limit')).toHaveText(`Only ${stock} in stock`)
  await expect(line.getByRole('button', { name: `Increase quantity of ${ENCLOSURE}` })).toBeDisabled()

  // Adding again caps at the stock.
  await card.getByRole('button', { name: 'Add to Order' }).click()
  await expect(toast(page, 'Stock limit reached')).toContainText(`Only ${stock} of "${ENCLOSURE}" in stock`)
  await expect(quantity).toHaveValue(String(stock))

  // Nothing, or anything that is not a number, is 1; minus and plus step by one.
  await quantity.fill('')
  await quantity.blur()
  await expect(quantity).toHaveValue('1')
  await line.getByRole('button', { name: `Increase quantity of ${ENCLOSURE}` }).click()
  await expect(quantity).toHaveValue('2')
  await line.getByRole('button', { name: `Decrease quantity of ${ENCLOSURE}` }).click()
  await expect(quantity).toHaveValue('1')

  await line.getByRole('button', { name: `Remove ${ENCLOSURE} from your order` }).click()
  await expect(page.getByTestId('order-line')).toHaveCount(0)
})

test('an empty order is refused with Empty Cart; a corrupt stored order reads as empty', async ({ page }) => {
  await logIn(page, readDemoAccounts().customer)
  await page.goto('/order')
  await page.evaluate(() => window.localStorage.setItem('orderItems', '{"not": "an order"'))
  await openOrderPage(page)
  await expect(page.getByText('Your order is empty. Add products from the list.')).toBeVisible()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(toast(page, 'Empty Cart')).toContainText('Please add items to your cart before ordering.')
  await expect(page).toHaveURL(/\/order$/)
})

test('a visitor sees Please Log In, and comes back to the order page after logging in', async ({ page }) => {
  await page.goto('/order')
  await expect(page.getByRole('heading', { level: 1, name: 'Please Log In' })).toBeVisible()
  const link = page.getByRole('link', { name: 'Go to Login' })
  await expect(link).toHaveAttribute('href', '/auth?tab=login&redirectTo=%2Forder')
  await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCount(0)
  await waitForHydration(page)
  await link.click()
  await expect(page).toHaveURL(/\/auth\?tab=login&redirectTo=%2Forder$/)
  const { customer } = readDemoAccounts()
  await logIn(page, customer, page.url())
  await page.waitForURL(/\/order$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Order' })).toBeVisible()
})

test('a session that ended while the page was open: Not logged in, then the login page', async ({ page, context }) => {
  await logIn(page, readDemoAccounts().customer)
  await openOrderPage(page)
  await productCard(page, KNOB_SET).getByRole('button', { name: 'Add to Order' }).click()
  await context.clearCookies()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(toast(page, 'Not logged in')).toContainText('You must be logged in to place an order.')
  await page.waitForURL(/\/auth\?tab=login&redirectTo=%2Forder$/)
})
