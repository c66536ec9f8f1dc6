import type { Page } from '@playwright/test'
import {
  buyThroughDemoCheckout,
  expect,
  logIn,
  openAdminOrder,
  readDemoAccounts,
  test,
  toast,
  waitForHydration,
} from '../playwright-utils.ts'

// The order pages (issue 12): the customer's /account/orders/{id} and the shop's /admin/orders/{id},
// from /success to a shipped, refunded or cancelled order, with the e-mails each step sends. Each
// test buys its own order and finds it by its number. No other test checks the clips' stock.
const CLIPS = 'Cable Management Clips (10 pack)'

/** The signed-in customer buys one pack of clips through the demo checkout; lands on /success. */
const buyClips = (page: Page) => buyThroughDemoCheckout(page, CLIPS)

async function expectOutboxMail(page: Page, to: string, subject: string) {
  await page.goto('/admin/outbox')
  await expect(page.getByRole('row').filter({ hasText: to }).filter({ hasText: subject })).toHaveCount(1)
}

test.describe.configure({ mode: 'serial' })

test('a customer follows an order the shop notes, ships and partly refunds', async ({ page, browser }) => {
  test.slow()
  const { customer } = readDemoAccounts()
  await logIn(page, customer)
  const { number, total } = await buyClips(page)

  // /success: what was bought, where it goes and what happens next.
  await expect(page.getByRole('list', { name: 'Order lines' })).toContainText(CLIPS)
  await expect(page.getByRole('heading', { name: 'Ships to' })).toBeVisible()
  await expect(page.getByText(/We print your order in 3-5 business days/)).toBeVisible()
  await page.getByRole('link', { name: 'View this order' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${number}`)
  await expect(page.getByTestId('fulfilment-status')).toHaveText('Processing')
  await expect(page.getByTestId('payment-status')).toHaveText('Test payment')
  await expect(page.getByRole('list', { name: 'Order lines' })).toContainText(CLIPS)
  await expect(page.getByRole('list', { name: 'Order progress' })).toContainText('Test payment')
  await expect(page.getByRole('link', { name: 'View invoice' })).toBeVisible()

  const admin = await openAdminOrder(browser, number)
  try {
    await expect(admin.page.getByTestId('order-customer')).toContainText(customer.email)
    await expect(admin.page.getByTestId('order-payment')).toContainText(/pi_demo_/)

    await admin.page.getByLabel('Internal note').fill('Customer asked for extra padding')
    await admin.page.getByRole('button', { name: 'Save note' }).click()
    await expect(toast(admin.page, 'Note Saved')).toBeVisible()

    await admin.page.getByLabel('Carrier').fill('UPS')
    await admin.page.getByLabel('Tracking number').fill('1Z999AA10123456784')
    await admin.page
      .getByLabel('Tracking link (optional)')
      .fill('https://www.ups.com/track?tracknum=1Z999AA10123456784')
    await admin.page.getByRole('button', { name: 'Mark as shipped' }).click()
    await expect(toast(admin.page, 'Order Shipped')).toBeVisible()
    await expect(admin.page.getByTestId('fulfilment-status')).toHaveText('Shipped')
    const history = admin.page.getByRole('list', { name: 'Order history' })
    await expect(history).toContainText('Shipped with UPS, tracking number 1Z999AA10123456784')
    await expect(history).toContainText(readDemoAccounts().admin.email)
    await expect(history).toContainText('Internal note changed')

    // A part refund, confirmed first.
    await admin.page.getByLabel('Amount to refund ($)').fill('2.50')
    await admin.page.getByLabel('Reason (optional)').fill('Scratched clip')
    await admin.page.getByRole('button', { name: 'Refund', exact: true }).click()
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Refund', exact: true }).click()
    await expect(toast(admin.page, 'Refund Issued')).toBeVisible()
    await expect(admin.page.getByTestId('payment-status')).toHaveText('Partly refunded')
    await expect(admin.page.getByTestId('order-payment')).toContainText('$2.50')
    // More than is left is refused and changes nothing.
    await admin.page.getByLabel('Amount to refund ($)').fill('9999')
    await admin.page.getByRole('button', { name: 'Refund', exact: true }).click()
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Refund', exact: true }).click()
    await expect(toast(admin.page, /You can refund at most/)).toBeVisible()
    // The dialog stays open on a refusal; its Cancel is enabled once the page has reloaded.
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect(admin.page.getByRole('dialog')).toBeHidden()

    await admin.page.getByRole('button', { name: 'Resend confirmation' }).click()
    await expect(toast(admin.page, 'Confirmation Sent')).toBeVisible()

    // The shop's legal details, printed on its invoices (the name stays: other tests read it).
    await admin.page.goto('/admin/settings')
    await waitForHydration(admin.page)
    await admin.page.getByLabel('Tax ID').fill('US-12-3456789')
    await admin.page.getByRole('button', { name: 'Save settings' }).click()
    await expect(toast(admin.page, 'Settings Saved')).toBeVisible()

    await expectOutboxMail(admin.page, customer.email, `Order #${number} has shipped`)
    await expectOutboxMail(admin.page, customer.email, `Refund of $2.50 for order #${number}`)
  } finally {
    await admin.close()
  }

  // The customer sees the shipment and the refund, never the shop's note.
  await page.reload()
  await expect(page.getByTestId('fulfilment-status')).toHaveText('Shipped')
  await expect(page.getByTestId('payment-status')).toHaveText('Partly refunded')
  await expect(page.getByTestId('tracking')).toContainText('UPS, tracking number 1Z999AA10123456784')
  await expect(page.getByRole('link', { name: 'Track parcel' })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  )
  await expect(page.locator('dl[aria-label="Order totals"]')).toContainText('Refunded-$2.50')
  await expect(page.getByText('extra padding')).toHaveCount(0)
  await expect(page.getByRole('main')).toContainText(total)

  // Its invoice names the shop and links back to the order.
  await page.getByRole('link', { name: 'View invoice' }).click()
  await expect(page.getByText('Tax ID: US-12-3456789')).toBeVisible()
  await page.getByRole('link', { name: `Order #${number}` }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${number}`)

  // The order list links to the page.
  await page.goto('/account?tab=orders')
  await page.getByRole('link', { name: `Order #${number}`, exact: true }).click()
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/)
})

test('the shop cancels a paid order with a refund; only its customer can open it', async ({ page, browser }) => {
  test.slow()
  const { customer, admin: adminAccount } = readDemoAccounts()
  await logIn(page, customer)
  const { number } = await buyClips(page)
  await page.getByRole('link', { name: 'View this order' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${number}`)
  const orderPath = new URL(page.url()).pathname

  const admin = await openAdminOrder(browser, number)
  try {
    await admin.page.getByRole('button', { name: 'Cancel order' }).click()
    const dialog = admin.page.getByRole('dialog')
    await expect(dialog.getByRole('checkbox')).toBeChecked()
    await dialog.getByRole('button', { name: 'Cancel order' }).click()
    await expect(toast(admin.page, 'Order Cancelled')).toBeVisible()
    await expect(admin.page.getByTestId('fulfilment-status')).toHaveText('Cancelled')
    await expect(admin.page.getByTestId('payment-status')).toHaveText('Refunded')
    await expect(admin.page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
    await expect(admin.page.getByRole('list', { name: 'Order history' })).toContainText('→ cancelled')
    await expectOutboxMail(admin.page, customer.email, `Order #${number} cancelled`)

    // The admin is not this order's customer: the customer's page is not theirs to open.
    await admin.page.goto(orderPath)
    await expect(admin.page).toHaveURL(/\/account\?tab=orders$/)
    await expect(toast(admin.page, 'Order not found or access denied.')).toBeVisible()
    expect(adminAccount.email).not.toBe(customer.email)
  } finally {
    await admin.close()
  }

  await page.reload()
  await expect(page.getByTestId('fulfilment-status')).toHaveText('Cancelled')
  await expect(page.getByTestId('payment-status')).toHaveText('Refunded')

  // A visitor is sent to log in first.
  const visitor = await browser.newContext()
  try {
    const anonymous = await visitor.newPage()
    await anonymous.goto(orderPath)
    await expect(anonymous).toHaveURL(/\/auth\?tab=login&redirectTo=/)
  } finally {
    await visitor.close()
  }
})

test('an unknown order in the back-office goes back to the list with an error', async ({ page }) => {
  await logIn(page, readDemoAccounts().admin)
  await page.goto('/admin/orders/00000000-0000-4000-8000-000000000000')
  await expect(page).toHaveURL(/\/admin\/orders$/)
  await expect(toast(page, 'Order not found.')).toBeVisible()
  await page.goto('/admin/orders/not-an-id')
  await expect(page).toHaveURL(/\/admin\/orders$/)
})
