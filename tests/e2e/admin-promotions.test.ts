import type { Browser, Page } from '@playwright/test'
import {
  expect,
  fillShippingDetails,
  logIn,
  readDemoAccounts,
  test,
  toast,
  waitForHydration,
} from '../playwright-utils.ts'

// The back-office promotion list (back-office §2, §4, §5) and the cart that checks its codes on the
// server (storefront §2, DESIGN 2). Every test makes its own codes: the seeded SUMMER15, SPRING10 and
// CASES5 belong to the storefront tests and are never touched here.
const KNOB_SET = 'Replacement Knob Set'

function uniqueCode() {
  return `E2E${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
}

const utcDay = (days = 0) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)

const promotionRow = (page: Page, code: string) => page.getByTestId('admin-promotion-row').filter({ hasText: code })

function discount(page: Page, code: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: `Discount (${code})` }) })
    .locator('dd')
}

async function openAdminPromotions(browser: Browser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await logIn(page, readDemoAccounts().admin)
  await page.goto('/admin/promotions')
  await waitForHydration(page)
  return { page, close: () => context.close() }
}

/** A visitor with one knob set ($8.99) in the cart, on the cart page. */
async function visitorCart(browser: Browser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/products')
  await page.getByRole('main').getByRole('link', { name: KNOB_SET, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(KNOB_SET)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  await expect(toast(page, 'Added to cart!')).toBeVisible()
  await page.goto('/cart')
  await waitForHydration(page)
  await expect(page.getByTestId('cart-total')).toHaveText('$13.99')
  return { page, close: () => context.close() }
}

async function applyCode(page: Page, code: string) {
  await page.getByLabel('Promo code').fill(code)
  await page.getByRole('button', { name: 'Apply' }).click()
}

test.describe('back-office promotions', () => {
  test('a code the admin creates works in the cart, follows an edit and stops working once deleted', async ({
    browser,
  }) => {
    test.slow()
    const code = uniqueCode()
    const admin = await openAdminPromotions(browser)
    const visitor = await visitorCart(browser)
    try {
      await admin.page.getByRole('button', { name: 'New Promotion' }).click()
      const dialog = admin.page.getByRole('dialog', { name: 'New Promotion' })
      await dialog.getByLabel('Name').fill(`Browser Test Sale ${code}`)
      await dialog.getByLabel('Code').fill(code.toLowerCase())
      await dialog.getByLabel('Type').selectOption('percentage')
      await dialog.getByLabel('Value (%)').fill('20')
      await dialog.getByLabel('Start date').fill(utcDay())
      await dialog.getByLabel('End date').fill(utcDay(7))
      await dialog.getByRole('button', { name: 'Create Promotion' }).click()
      await expect(toast(admin.page, 'Promotion Created')).toBeVisible()
      await expect(dialog).toBeHidden()
      // Put first, stored upper-cased, scheduled, and already usable as its start date is today.
      const row = promotionRow(admin.page, code)
      await expect(admin.page.getByTestId('admin-promotion-row').first()).toContainText(code)
      await expect(row).toContainText('20% off')
      await expect(row).toContainText('scheduled')
      await expect(row.getByTestId('admin-promotion-state')).toHaveText('Live now')

      await applyCode(visitor.page, code.toLowerCase())
      await expect(toast(visitor.page, 'Promo Code Applied!')).toBeVisible()
      // 20 % of $8.99 = $1.798 → $1.80
      await expect(discount(visitor.page, code)).toHaveText('-$1.80')

      await row.getByRole('button', { name: `Edit promotion ${code}` }).click()
      const edit = admin.page.getByRole('dialog', { name: `Edit Promotion ${code}` })
      await expect(edit.getByLabel('Code')).toHaveValue(code)
      await edit.getByLabel('Value (%)').fill('30')
      await edit.getByRole('button', { name: 'Save Changes' }).click()
      await expect(toast(admin.page, 'Promotion Updated')).toBeVisible()
      await expect(row).toContainText('30% off')

      // The cart is priced again on the server: the new value applies.
      await visitor.page.reload()
      await waitForHydration(visitor.page)
      await expect(discount(visitor.page, code)).toHaveText('-$2.70')

      await row.getByRole('button', { name: `Delete promotion ${code}` }).click()
      const confirm = admin.page.getByRole('dialog', { name: `Delete promotion ${code}?` })
      await confirm.getByRole('button', { name: 'Cancel' }).click()
      await expect(confirm).toHaveCount(0)
      await expect(row).toHaveCount(1)
      await row.getByRole('button', { name: `Delete promotion ${code}` }).click()
      await confirm.getByRole('button', { name: 'Delete Promotion' }).click()
      await expect(toast(admin.page, 'Promotion Deleted')).toBeVisible()
      await expect(row).toHaveCount(0)

      await visitor.page.reload()
      await waitForHydration(visitor.page)
      await expect(visitor.page.locator('dt', { hasText: /^Discount/ })).toHaveCount(0)
      await applyCode(visitor.page, code)
      await expect(toast(visitor.page, 'Invalid Promo Code')).toBeVisible()
      await expect(visitor.page.getByTestId('cart-total')).toHaveText('$13.99')
    } finally {
      await visitor.close()
      await admin.close()
    }
  })

  test('a code for one product, usable once: the picker chooses it, one guest uses it up, the list links its order and the next cart is refused', async ({
    browser,
  }) => {
    test.slow()
    const code = uniqueCode()
    const admin = await openAdminPromotions(browser)
    const first = await visitorCart(browser)
    const second = await visitorCart(browser)
    try {
      await admin.page.getByRole('button', { name: 'New Promotion' }).click()
      const dialog = admin.page.getByRole('dialog', { name: 'New Promotion' })
      await dialog.getByLabel('Name').fill(`Knob launch ${code}`)
      await dialog.getByLabel('Code').fill(code)
      await dialog.getByLabel('Value (%)').fill('20')
      await dialog.getByLabel('End date').fill(utcDay(7))
      await dialog.getByLabel('Applies to').selectOption('products')
      // The picker narrows the catalogue as the admin types, and keeps the choice as a chip.
      await dialog.getByLabel('Search products').fill('knob')
      await expect(dialog.getByRole('checkbox')).not.toHaveCount(0)
      await expect(dialog.getByRole('checkbox', { name: 'Bike Phone Mount' })).toHaveCount(0)
      await dialog.getByRole('checkbox', { name: KNOB_SET, exact: true }).check()
      await dialog.getByLabel('Search products').fill('')
      const chosen = dialog.getByRole('list', { name: 'Chosen products' })
      await expect(chosen.getByRole('listitem')).toHaveText([KNOB_SET])
      await dialog.getByLabel('Uses in total').fill('1')
      await dialog.getByRole('button', { name: 'Create Promotion' }).click()
      await expect(toast(admin.page, 'Promotion Created')).toBeVisible()
      const row = promotionRow(admin.page, code)
      await expect(row).toContainText(KNOB_SET)
      await expect(row.getByTestId('admin-promotion-uses')).toHaveText('0 / 1')

      // The first guest buys with it through the demo checkout.
      await applyCode(first.page, code)
      await expect(toast(first.page, 'Promo Code Applied!')).toBeVisible()
      await expect(discount(first.page, code)).toHaveText('-$1.80')
      await first.page.getByRole('button', { name: 'Proceed to Checkout' }).click()
      await first.page.waitForURL(/\/demo-checkout\/cs_demo_/)
      await waitForHydration(first.page)
      await fillShippingDetails(first.page, { email: `${code.toLowerCase()}@example.com` })
      await first.page.getByRole('button', { name: /^Pay / }).click()
      await first.page.waitForURL(/\/success\?session_id=cs_demo_/)
      const orderNumber = (await first.page.getByTestId('order-number').textContent()) ?? ''
      expect(orderNumber).toMatch(/^#\d{4,}$/)

      // The list counts the use and links the order that used it.
      await admin.page.reload()
      await waitForHydration(admin.page)
      await expect(row.getByTestId('admin-promotion-uses')).toHaveText('1 / 1')
      await expect(row.getByTestId('admin-promotion-state')).toHaveText('Used up')
      await row.getByRole('link', { name: new RegExp(`the orders that used ${code}`) }).click()
      await admin.page.waitForURL(/\/admin\/orders\?promotion=/)
      await expect(admin.page.getByTestId('order-promotion-filter')).toContainText(code)
      await expect(admin.page.getByText('1 order', { exact: false }).first()).toBeVisible()
      await expect(admin.page.getByRole('main')).toContainText(orderNumber)

      // The promotion's own history, in the activity log.
      await admin.page.goto('/admin/promotions')
      await waitForHydration(admin.page)
      await row.getByRole('link', { name: `History of promotion ${code}` }).click()
      await admin.page.waitForURL(/\/admin\/activity\?record=/)
      const created = admin.page.getByTestId('activity-entry').filter({ hasText: 'Created' })
      await expect(created).toHaveCount(1)
      await expect(created).toContainText('usageLimit')
      await expect(created).toContainText(readDemoAccounts().admin.email)

      // The second guest's cart is told why the code no longer applies.
      await applyCode(second.page, code)
      await expect(toast(second.page, 'Invalid Promo Code')).toBeVisible()
      await expect(toast(second.page, 'This code has reached its usage limit.')).toBeVisible()
      await expect(second.page.getByTestId('cart-total')).toHaveText('$13.99')
    } finally {
      await second.close()
      await first.close()
      await admin.close()
    }
  })

  test('the empty form gets the required-fields message; a taken code gets its own', async ({ page }) => {
    await logIn(page, readDemoAccounts().admin)
    await page.goto('/admin/promotions')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'New Promotion' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Promotion' })
    await dialog.getByRole('button', { name: 'Create Promotion' }).click()
    await expect(toast(page, 'Please fill all required fields.')).toBeVisible()
    await expect(dialog).toBeVisible()

    // SUMMER15 is the demo shop's: the form is refused before anything is written.
    await dialog.getByLabel('Name').fill('Copy of the summer sale')
    await dialog.getByLabel('Code').fill('summer15')
    await dialog.getByLabel('Value (%)').fill('50')
    await dialog.getByLabel('End date').fill(utcDay(3))
    await dialog.getByRole('button', { name: 'Create Promotion' }).click()
    await expect(toast(page, 'A promotion with this code already exists.')).toBeVisible()

    // A field the server refuses says so beside itself, and is marked invalid for screen readers.
    await dialog.getByLabel('Code').fill(`NEW${Date.now().toString(36)}`.toUpperCase())
    await dialog.getByLabel('Start date').fill(utcDay(5))
    await dialog.getByLabel('Uses in total').fill('0')
    await dialog.getByRole('button', { name: 'Create Promotion' }).click()
    await expect(dialog.getByLabel('Uses in total')).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog.getByLabel('Uses in total')).toHaveAccessibleDescription(
      'The usage limit must be a whole number from 1 to 1,000,000, or empty for no limit.',
    )
    await dialog.getByLabel('Uses in total').fill('')
    await dialog.getByRole('button', { name: 'Create Promotion' }).click()
    await expect(dialog.getByLabel('End date')).toHaveAccessibleDescription(
      'The end date must be on or after the start date.',
    )
    await expect(dialog.getByLabel('Uses in total')).not.toHaveAttribute('aria-invalid', 'true')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(promotionRow(page, 'Copy of the summer sale')).toHaveCount(0)
    await expect(page.getByText('Promotion Created')).toHaveCount(0)
  })
})

test.describe('back-office promotions, who may see them', () => {
  test('a customer gets Access Denied and lands on their account', async ({ page }) => {
    await logIn(page, readDemoAccounts().customer)
    await page.goto('/admin/promotions')
    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByText('Access Denied')).toBeVisible()
    await expect(page.getByText('You do not have permission to view that page.')).toBeVisible()
  })
})
