import type { Page } from '@playwright/test'
import {
  buyThroughDemoCheckout,
  expect,
  logIn,
  readDemoAccounts,
  test,
  toast,
  waitForHydration,
} from '../playwright-utils.ts'

// The order pages on a phone (Pixel 7, 412 px): the customer's and the shop's page fit the screen,
// nothing makes the page wider, and the shop can mark the order shipped from the phone.
const KNOBS = 'Replacement Knob Set'

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

test('a customer and the shop work an order on a phone', async ({ page, browser }) => {
  test.slow()
  await logIn(page, readDemoAccounts().customer)
  const { number } = await buyThroughDemoCheckout(page, KNOBS)
  const viewport = page.viewportSize()?.width ?? 0
  expect(await pageWidth(page)).toBeLessThanOrEqual(viewport)

  await page.getByRole('link', { name: 'View this order' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${number}`)
  expect(await pageWidth(page)).toBeLessThanOrEqual(viewport)
  const orderUrl = page.url()

  const context = await browser.newContext({ ...test.info().project.use })
  const admin = await context.newPage()
  try {
    await logIn(admin, readDemoAccounts().admin)
    await admin.goto(orderUrl.replace('/account/orders/', '/admin/orders/'))
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(`Order #${number}`)
    await waitForHydration(admin)
    const screen = admin.viewportSize()?.width ?? 0
    expect(await pageWidth(admin)).toBeLessThanOrEqual(screen)
    // The cancel dialog fits the screen; closing it changes nothing.
    await admin.getByRole('button', { name: 'Cancel order' }).click()
    const dialog = admin.getByRole('dialog')
    const box = await dialog.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= screen).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
    await expect(dialog).toBeHidden()
    await admin.getByLabel('Carrier').fill('USPS')
    await admin.getByLabel('Tracking number').fill('9400100000000000000000')
    await admin.getByRole('button', { name: 'Mark as shipped' }).click()
    await expect(toast(admin, 'Order Shipped')).toBeVisible()
    // A shipped order is refunded, not cancelled.
    await expect(admin.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
  } finally {
    await context.close()
  }

  await page.reload()
  await expect(page.getByTestId('fulfilment-status')).toHaveText('Shipped')
  await expect(page.getByTestId('tracking')).toContainText('USPS')
})
