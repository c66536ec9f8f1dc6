import { readFileSync } from 'node:fs'
import type { Browser, Page } from '@playwright/test'
import {
  buyThroughDemoCheckout,
  expect,
  logIn,
  readDemoAccounts,
  test,
  toast,
  waitForHydration,
} from '../playwright-utils.ts'

// The back-office order list (back-office §2, §4): an order placed through the demo checkout is
// found by the admin, its status set, and the customer sees the new status. Each test buys its own
// order and finds it by its number, as tests run in parallel and may be retried. No other test
// checks the stock of the clips bought here.
const CLIPS = 'Cable Management Clips (10 pack)'

/** The signed-in customer buys 2 clips in Arctic White through the demo checkout. */
async function buyClips(page: Page) {
  const { number, total } = await buyThroughDemoCheckout(page, CLIPS, async (product) => {
    await product.getByLabel('Options', { exact: true }).selectOption({ label: 'Arctic White (-$1.00)' })
    await product.getByLabel('Quantity', { exact: true }).fill('2')
  })
  return { orderNumber: number, total }
}

async function openAdminOrders(browser: Browser, path = '/admin/orders') {
  const context = await browser.newContext()
  const page = await context.newPage()
  await logIn(page, readDemoAccounts().admin)
  await page.goto(path)
  await waitForHydration(page)
  return { page, close: () => context.close() }
}

const orderRow = (page: Page, orderNumber: string) =>
  page.getByTestId('admin-order-row').filter({ hasText: `#${orderNumber}` })

test.describe('back-office orders', () => {
  test('the admin ships a customer’s order; the customer sees it shipped', async ({ page, browser }) => {
    test.slow()
    const { customer } = readDemoAccounts()
    await logIn(page, customer)
    const { orderNumber, total } = await buyClips(page)

    const admin = await openAdminOrders(browser)
    try {
      // Newest first: the new order is on the first page, with its customer, items, total and status.
      const row = orderRow(admin.page, orderNumber)
      await expect(row).toContainText(customer.email)
      await expect(row).toContainText(`2 × ${CLIPS} (Arctic White)`)
      await expect(row).toContainText(total)
      // Paid orders are 'processing' at once (the shop's default), never 'pending'.
      await expect(row.getByTestId('admin-order-status')).toHaveText('processing')
      // Paid through the demo checkout: marked so that nobody ships it.
      await expect(row.getByTestId('test-payment')).toHaveText('Test payment')

      // Found by its number, too.
      await admin.page.getByLabel('Order number, e-mail or customer').fill(orderNumber)
      await admin.page.getByRole('button', { name: 'Search' }).click()
      await expect(admin.page).toHaveURL(new RegExp(`/admin/orders\\?q=${orderNumber}$`))
      await expect(admin.page.getByTestId('admin-order-row')).toHaveCount(1)

      await row.getByLabel(`Status of order #${orderNumber}`).selectOption('shipped')
      await expect(toast(admin.page, 'Order Status Updated')).toBeVisible()
      await expect(row.getByTestId('admin-order-status')).toHaveText('shipped')

      // Among the test payments, not among the orders paid for real.
      const byPayment = admin.page.getByRole('navigation', { name: 'Filter by payment' })
      await byPayment.getByRole('link', { name: 'Paid for real' }).click()
      await expect(admin.page).toHaveURL(new RegExp(`payment=real&q=${orderNumber}$`))
      await expect(orderRow(admin.page, orderNumber)).toHaveCount(0)
      await byPayment.getByRole('link', { name: 'All payments' }).click()
      await expect(orderRow(admin.page, orderNumber)).toHaveCount(1)

      // The Shipped filter lists it; the Processing filter no longer does.
      await admin.page.getByRole('link', { name: /^Shipped/ }).click()
      await expect(admin.page).toHaveURL(new RegExp(`status=shipped&q=${orderNumber}$`))
      await expect(orderRow(admin.page, orderNumber)).toHaveCount(1)
      await admin.page.getByRole('link', { name: /^Processing/ }).click()
      await expect(admin.page.getByText('No orders found.')).toBeVisible()
    } finally {
      await admin.close()
    }

    await page.goto('/account?tab=orders')
    const order = page.getByRole('listitem').filter({ hasText: `Order #${orderNumber}` })
    await expect(order).toContainText('shipped')
    await expect(order).toContainText(total)
  })

  test('the CSV export of the filtered list contains the order', async ({ page, browser }) => {
    test.slow()
    await logIn(page, readDemoAccounts().customer)
    const { orderNumber, total } = await buyClips(page)

    const admin = await openAdminOrders(browser, '/admin/orders?status=processing')
    try {
      const [download] = await Promise.all([
        admin.page.waitForEvent('download'),
        admin.page.getByRole('link', { name: 'Export CSV' }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(/^orders-processing-\d{4}-\d{2}-\d{2}\.csv$/)
      const csv = readFileSync((await download.path()) as string, 'utf8')
      expect(csv.split('\r\n')[0]).toContain('Order ID,Order Number,Date (UTC),Status,Payment Status,Customer,Email')
      const line = csv.split('\r\n').find((record) => record.includes(`,${orderNumber},`))
      expect(line).toContain(',processing,')
      expect(line).toContain(`2 × ${CLIPS} (Arctic White)`)
      expect(line).toContain(`,${total.replace('$', '')},`)
      expect(
        csv
          .split('\r\n')
          .slice(1, -1)
          .every((record) => record.includes(',processing,')),
      ).toBe(true)
    } finally {
      await admin.close()
    }
  })

  test('a bad filter or page shows all orders', async ({ page }) => {
    await logIn(page, readDemoAccounts().admin)
    await page.goto('/admin/orders?status=%27%3Bdrop&page=-3')
    await expect(page.getByRole('heading', { name: 'Manage Orders' })).toBeVisible()
    const byStatus = page.getByRole('navigation', { name: 'Filter by status' })
    await expect(byStatus.getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page')
  })
})

test.describe('back-office orders, who may see them', () => {
  test('a customer gets Access Denied, for the list and for the export', async ({ page }) => {
    await logIn(page, readDemoAccounts().customer)
    await page.goto('/admin/orders')
    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByText('Access Denied')).toBeVisible()
    const response = await page.request.get('/admin/orders.csv', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/account')
  })
})
