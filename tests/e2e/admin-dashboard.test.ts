import type { Page } from '@playwright/test'
import {
  buyThroughDemoCheckout,
  expect,
  openRowMenu,
  pickRecord,
  signedInOnShop,
  ownShopTest as test,
  toast,
  waitForHydration,
} from '../playwright-utils.ts'

// The dashboard's figures against what this test does, on a shop of its own: the other browser
// tests share one shop and change its orders and invoices at the same time, and a figure is a
// count of everything. A fresh demo shop has no order and no invoice, so every figure below is
// exactly what the test made.

test.describe.configure({ mode: 'serial' })
test.use({ shopFor: 'admin-dashboard' })

const KNOB_SET = 'Replacement Knob Set'

function figure(page: Page, name: string | RegExp) {
  const card = page
    .getByRole('main')
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { name }) })
  return { card, value: card.getByTestId('figure-value'), detail: card.getByTestId('figure-detail') }
}

/** The admin writes an invoice for the demo customer on /admin/invoices. */
async function writeInvoice(admin: Page, customerEmail: string, description: string, price: string, status: string) {
  await admin.goto('/admin/invoices')
  await waitForHydration(admin)
  await admin.getByRole('button', { name: 'New Invoice' }).click()
  const dialog = admin.getByRole('dialog', { name: 'New Invoice' })
  await pickRecord(dialog, 'Customer', customerEmail)
  await dialog.getByLabel('Status').selectOption(status)
  const row = dialog.getByRole('group', { name: 'Item 1' })
  await row.getByLabel('Description').fill(description)
  await row.getByLabel('Quantity').fill('1')
  await row.getByLabel('Unit price ($)').fill(price)
  await dialog.getByRole('button', { name: 'Save Invoice' }).click()
  await expect(toast(admin, 'Invoice saved successfully.')).toBeVisible()
  await expect(dialog).toBeHidden()
}

test('each figure counts what the shop did today and opens the list behind it', async ({ browser, shop }) => {
  test.slow()
  const customerEmail = shop.demoAccount('customer').email
  const admin = await signedInOnShop(browser, shop, 'Admin')
  const customer = await signedInOnShop(browser, shop, 'customer')

  await admin.goto('/admin')
  await expect(figure(admin, 'Revenue today').value).toHaveText('$0.00')
  await expect(figure(admin, 'Orders to fulfil').value).toHaveText('0')
  await expect(figure(admin, 'Unpaid invoices').value).toHaveText('0')
  await expect(admin.getByText('Nothing was paid in these 30 days yet.')).toBeVisible()
  await expect(admin.getByText('No product sold in the last 30 days.')).toBeVisible()

  // A test payment through the demo checkout is shown apart, never as revenue.
  const demo = await buyThroughDemoCheckout(customer, KNOB_SET)
  // The customer orders on /order (an unpaid invoice); the shop marks that invoice paid.
  await customer.goto('/order')
  await waitForHydration(customer)
  await customer
    .getByTestId('order-product')
    .filter({ has: customer.getByRole('heading', { name: KNOB_SET, exact: true }) })
    .getByRole('button', { name: 'Add to Order' })
    .click()
  await expect(customer.getByTestId('order-total')).toHaveText('$8.99')
  await customer.getByRole('button', { name: 'Place Order' }).click()
  const placed = toast(customer, 'Order Placed!')
  await expect(placed).toContainText(/#\d{4,}/)
  const orderNumber = /#(\d{4,})/.exec((await placed.textContent()) ?? '')?.[1] ?? ''
  await customer.waitForURL(/\/invoices\/[0-9a-f-]{36}$/)
  const orderInvoice = customer.url().split('/').at(-1)?.slice(0, 8) ?? ''

  await admin.goto('/admin/invoices')
  await waitForHydration(admin)
  await (await openRowMenu(admin, `invoice #${orderInvoice}`)).getByRole('menuitem', { name: 'Mark as paid' }).click()
  await expect(toast(admin, 'Invoice saved successfully.')).toBeVisible()
  await writeInvoice(admin, customerEmail, 'Scan of a vintage knob', '100', 'paid')
  await writeInvoice(admin, customerEmail, 'Design consultation', '42', 'unpaid')

  await admin.goto('/admin')
  await waitForHydration(admin)
  for (const name of ['Revenue today', 'Revenue, last 7 days', 'Revenue, last 30 days']) {
    await expect(figure(admin, name).value).toHaveText('$108.99')
  }
  await expect(figure(admin, 'Revenue today').detail).toContainText('Yesterday: $0.00')
  await expect(figure(admin, 'Orders to fulfil').value).toHaveText('1')
  await expect(figure(admin, 'Unpaid invoices').value).toHaveText('1')
  await expect(figure(admin, 'Unpaid invoices').detail).toHaveText('$42.00 to collect')
  await expect(admin.getByText(`Test payments (demo checkout), not counted: ${demo.total}.`)).toBeVisible()
  const top = admin.getByRole('region', { name: 'Top products, last 30 days' })
  await expect(top.getByRole('listitem')).toHaveCount(1)
  await expect(top.getByRole('listitem')).toContainText(KNOB_SET)
  await expect(top.getByRole('listitem')).toContainText('$8.99')
  // The chart is drawn, and its numbers read as a table: today has both paid invoices and one order.
  await expect(admin.getByTestId('revenue-chart').locator('svg.recharts-surface')).toBeVisible()
  await admin.getByText('Show as table').click()
  const todayRow = admin.getByRole('table', { name: 'Paid revenue and orders per day' }).getByRole('row').last()
  await expect(todayRow.getByRole('cell')).toHaveText(['$108.99', '1'])

  await figure(admin, 'Orders to fulfil').card.click()
  await expect(admin).toHaveURL(/\/admin\/orders\?status=to-fulfil$/)
  await expect(admin.getByRole('link', { name: /^To fulfil/ })).toHaveAttribute('aria-current', 'page')
  await expect(admin.getByRole('link', { name: /^To fulfil/ })).toContainText('(1)')
  await expect(admin.getByText(`#${orderNumber}`).first()).toBeVisible()

  await admin.goBack()
  await figure(admin, 'Revenue today').card.click()
  await expect(admin).toHaveURL(/\/admin\/invoices\?status=paid&payment=real&by=paid&from=\d{4}-\d{2}-\d{2}&to=/)
  await expect(admin.getByTestId('admin-invoice-row')).toHaveCount(2)
  await expect(admin.getByLabel('Dates by')).toHaveValue('paid')

  await admin.goBack()
  await figure(admin, 'Unpaid invoices').card.click()
  await expect(admin).toHaveURL(/\/admin\/invoices\?status=unpaid$/)
  await expect(admin.getByTestId('admin-invoice-row')).toHaveCount(1)
  await expect(admin.getByTestId('admin-invoice-row')).toContainText('Design consultation')

  // The invoice list's search and dates, and the CSV export of what they found.
  await admin.goto('/admin/invoices')
  await waitForHydration(admin)
  await admin.getByLabel('Invoice, order number, customer').fill(`#${orderNumber}`)
  await admin.getByRole('button', { name: 'Search' }).click()
  await expect(admin).toHaveURL(new RegExp(`/admin/invoices\\?q=%23${orderNumber}$`))
  await expect(admin.getByTestId('admin-invoice-row')).toHaveCount(1)
  await expect(admin.getByTestId('admin-invoice-row')).toContainText(`#${orderInvoice}`)
  const csv = await admin.request.get(
    (await admin.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '',
  )
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8')
  const lines = (await csv.text()).split('\r\n')
  expect(lines).toHaveLength(3)
  expect(lines[1]).toContain(',paid,')

  await admin.getByRole('link', { name: 'Clear' }).click()
  await expect(admin).toHaveURL(/\/admin\/invoices$/)
  const today = new Date().toISOString().slice(0, 10)
  await admin.getByLabel('From', { exact: true }).fill('2099-01-01')
  await admin.getByRole('button', { name: 'Search' }).click()
  await expect(admin.getByText('No invoices match.')).toBeVisible()
  await admin.getByLabel('From', { exact: true }).fill(today)
  await admin.getByLabel('To', { exact: true }).fill(today)
  await admin.getByRole('button', { name: 'Search' }).click()
  await expect(admin).toHaveURL(new RegExp(`from=${today}&to=${today}$`))
  // The demo checkout's invoice, the /order invoice and the two written above.
  await expect(admin.getByTestId('admin-invoice-row')).toHaveCount(4)
})

test('a voided invoice leaves the revenue and stays in the records', async ({ browser, shop }) => {
  const admin = await signedInOnShop(browser, shop, 'Admin')
  await admin.goto('/admin/invoices?status=paid')
  await waitForHydration(admin)
  const scan = admin.getByTestId('admin-invoice-row').filter({ hasText: 'Scan of a vintage knob' })
  const menu = await openRowMenu(scan)
  // A paid invoice is voided, never deleted.
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0)
  await menu.getByRole('menuitem', { name: 'Void' }).click()
  const dialog = admin.getByRole('dialog', { name: /^Void Invoice #/ })
  await expect(dialog).toContainText('kept in the records')
  await dialog.getByRole('button', { name: 'Void Invoice' }).click()
  await expect(toast(admin, 'Invoice Voided')).toBeVisible()
  await expect(scan).toHaveCount(0)

  await admin.getByRole('link', { name: 'Void', exact: true }).click()
  const voided = admin.getByTestId('admin-invoice-row').filter({ hasText: 'Scan of a vintage knob' })
  await expect(voided.getByTestId('admin-invoice-status')).toHaveText('void')
  await expect(voided.getByRole('button')).toHaveCount(0)

  await admin.goto('/admin')
  await expect(figure(admin, 'Revenue today').value).toHaveText('$8.99')
})
