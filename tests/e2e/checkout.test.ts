import type { Browser, Page } from '@playwright/test'
import {
  expect,
  expectFieldError,
  fillShippingDetails,
  logIn,
  readDemoAccounts,
  test,
  toast,
  uniqueEmail,
  waitForHydration,
} from '../playwright-utils.ts'

// Cart checkout with the built-in demo checkout (no payment keys): prices from the demo shop in
// app/workflows/demo-seed/demo-content.ts, SUMMER15 is 15 % off, shipping a flat $5.00.
const BIKE_MOUNT = 'Universal Bike Phone Mount'
const KNOB_SET = 'Replacement Knob Set'

/** Adds from the product page: the option (if any) and the quantity typed into the field. */
async function addFromProductPage(page: Page, title: string, quantity: number, option?: string) {
  await page.goto('/products')
  await page.getByRole('main').getByRole('link', { name: title, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await waitForHydration(page)
  if (option) await page.getByLabel('Options', { exact: true }).selectOption({ label: option })
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity))
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  await expect(toast(page, 'Added to cart!')).toBeVisible()
}

async function openCart(page: Page) {
  await page.goto('/cart')
  await waitForHydration(page)
  await expect(page.getByTestId('cart-total')).toHaveText(/^\$/)
}

/** Proceeds from the cart to the demo checkout page and checks it charges what the cart showed. */
async function proceedToDemoCheckout(page: Page) {
  const cartTotal = await page.getByTestId('cart-total').textContent()
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
  await page.waitForURL(/\/demo-checkout\/cs_demo_/)
  await expect(page.getByText('Test mode — no real payment')).toBeVisible()
  await expect(page.getByTestId('demo-checkout-total')).toHaveText(cartTotal ?? '')
  await waitForHydration(page)
  return cartTotal ?? ''
}

/** Each `[to, subject]` is in the admin's mail outbox once (one admin sign-in for all). */
async function expectOutboxMail(browser: Browser, ...mails: [to: string, subject: string][]) {
  const context = await browser.newContext()
  const page = await context.newPage()
  try {
    await logIn(page, readDemoAccounts().admin)
    await page.goto('/admin/outbox')
    for (const [to, subject] of mails) {
      await expect(page.getByRole('row').filter({ hasText: to }).filter({ hasText: subject })).toHaveCount(1)
    }
  } finally {
    await context.close()
  }
}

test('a customer checks out a tiered and a variation item with SUMMER15 and pays', async ({ page, browser }) => {
  const { customer } = readDemoAccounts()
  await logIn(page, customer)
  await addFromProductPage(page, KNOB_SET, 10)
  await addFromProductPage(page, BIKE_MOUNT, 1, 'Safety Orange (+$2.50)')
  await openCart(page)
  await page.getByLabel('Promo code').fill('SUMMER15')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.locator('dt', { hasText: 'Discount (SUMMER15)' })).toBeVisible()
  // 10 × $7.49 + $27.49 = $102.39; 15 % off = $15.36; + $5.00 shipping
  await expect(page.getByTestId('cart-total')).toHaveText('$92.03')

  const total = await proceedToDemoCheckout(page)
  await expect(page.getByText('Discount (SUMMER15)')).toBeVisible()
  // A signed-in customer's e-mail is known; their saved address is filled in, to confirm or change.
  await expect(page.getByLabel('Email')).toHaveCount(0)
  await expect(page.getByLabel('Full name')).toHaveValue('Casey Customer')
  await expect(page.getByLabel('Country')).toHaveValue('US')
  await page.getByRole('button', { name: /^Pay / }).click()

  await page.waitForURL(/\/success\?session_id=cs_demo_/)
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible()
  await expect(page.getByTestId('order-total')).toHaveText(total)
  const orderNumber = ((await page.getByTestId('order-number').textContent()) ?? '').replace('#', '')
  expect(orderNumber).toMatch(/^\d{4,}$/)
  await expect(page.getByTestId('cart-badge')).toHaveCount(0)

  await page.getByRole('link', { name: 'View your orders' }).click()
  await expect(page).toHaveURL(/\/account\?tab=orders$/)
  const order = page.getByRole('listitem').filter({ hasText: `Order #${orderNumber}` })
  await expect(order).toContainText(total)
  // Paid: in production at once, never 'pending'.
  await expect(order).toContainText('processing')
  await page.goto('/account?tab=invoices')
  const invoice = page.getByRole('listitem').filter({ hasText: total }).filter({ hasText: 'paid' })
  await expect(invoice.first()).toBeVisible()

  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()

  await expectOutboxMail(
    browser,
    [customer.email, `Order #${orderNumber} confirmed`],
    ['shop@localhost', `New order #${orderNumber}`],
  )
})

test('cancelling on the demo page returns to the cart with the cart intact', async ({ page }) => {
  await addFromProductPage(page, KNOB_SET, 2)
  await openCart(page)
  await expect(page.getByTestId('cart-total')).toHaveText('$22.98')
  await proceedToDemoCheckout(page)
  await page.getByRole('button', { name: 'Cancel' }).click()

  await page.waitForURL(/\/cart$/)
  await expect(toast(page, 'Payment Canceled')).toContainText('Your cart is still here.')
  await expect(page.getByTestId('cart-item')).toHaveCount(1)
  await expect(page.getByTestId('cart-total')).toHaveText('$22.98')
  await expect(page.getByTestId('cart-badge')).toHaveText('2')

  // The cancelled session cannot be paid any more.
  await page.goBack()
  await expect(page.getByText('This checkout session has already been paid or cancelled.')).toBeVisible()
})

test('a guest checks out with e-mail and shipping address', async ({ page, browser }) => {
  const email = uniqueEmail('guest')
  await addFromProductPage(page, BIKE_MOUNT, 1, 'Matte Black')
  await openCart(page)
  const total = await proceedToDemoCheckout(page)

  // Every field is required and checked by the server, too.
  await fillShippingDetails(page, { email: 'not-an-email' })
  await page.getByLabel('Email').evaluate((input: HTMLInputElement) => {
    input.type = 'text'
  })
  await page.getByLabel('Phone (optional)').fill('call me')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Check the highlighted fields.' })).toBeVisible()
  await expectFieldError(page.getByLabel('Email'), 'Enter a valid e-mail address.')
  await expectFieldError(
    page.getByLabel('Phone (optional)'),
    'Enter the phone number with digits, spaces and + ( ) - only.',
  )
  await expect(page.getByLabel('City')).not.toHaveAttribute('aria-invalid')
  await page.getByLabel('Phone (optional)').fill('')

  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: /^Pay / }).click()
  await page.waitForURL(/\/success\?session_id=cs_demo_/)
  await expect(page.getByTestId('order-total')).toHaveText(total)
  await expect(page.getByRole('link', { name: 'View your orders' })).toHaveCount(0)
  await expect(page.getByTestId('cart-badge')).toHaveCount(0)
  // Where it goes, and an account to follow it with this e-mail.
  await expect(page.getByTestId('shipping-address')).toContainText('Gale Guest')
  await expect(page.getByTestId('shipping-address')).toContainText('United States')
  await page.getByRole('link', { name: 'Create an account with this e-mail' }).click()
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await page.goBack()
  const orderNumber = ((await page.getByTestId('order-number').textContent()) ?? '').replace('#', '')
  await expectOutboxMail(browser, [email, `Order #${orderNumber} confirmed`])
})

test('shipping is priced for the country the cart ships to, at the shop’s rate', async ({ page, browser }) => {
  // The shop prices small items to a zone no other test ships to.
  const context = await browser.newContext()
  const admin = await context.newPage()
  try {
    await logIn(admin, readDemoAccounts().admin)
    await admin.goto('/admin/settings')
    await waitForHydration(admin)
    const addZone = admin.locator('form').filter({ has: admin.getByRole('button', { name: 'Add Zone' }) })
    await addZone.getByLabel('Zone name').fill('Oceania')
    await addZone.getByLabel('Countries (codes)').fill('AU, NZ')
    await addZone.getByRole('button', { name: 'Add Zone' }).click()
    await expect(toast(admin, 'Zone saved')).toBeVisible()
    await admin.getByLabel('Small Item Shipping to Oceania ($)').fill('14.00')
    await admin.getByRole('button', { name: 'Save rates' }).click()
    await expect(toast(admin, 'Shipping rates saved')).toBeVisible()
  } finally {
    await context.close()
  }

  await addFromProductPage(page, KNOB_SET, 1)
  await openCart(page)
  await expect(page.getByTestId('cart-shipping')).toHaveText('$5.00')
  await page.getByLabel('Ship to').selectOption('AU')
  await expect(page.getByTestId('cart-shipping')).toHaveText('$14.00')
  await expect(page.getByLabel('Ship to')).toHaveValue('AU')
  const total = await proceedToDemoCheckout(page)

  // The hosted page takes an address in the country the cart priced, and no other.
  const country = page.getByLabel('Country')
  await expect(country).toHaveValue('AU')
  await expect(country.locator('option:not([value=""])')).toHaveText(['Australia'])
  await page.getByLabel('Email').fill(uniqueEmail('oceania'))
  await page.getByLabel('Full name').fill('Kim Koala')
  await page.getByLabel('Address', { exact: true }).fill('1 George St')
  await page.getByLabel('City').fill('Sydney')
  await page.getByLabel('State or region').fill('NSW')
  await page.getByLabel('Postal code').fill('2000')
  await page.getByRole('button', { name: /^Pay / }).click()
  await page.waitForURL(/\/success\?session_id=cs_demo_/)
  await expect(page.getByTestId('order-total')).toHaveText(total)
  await expect(page.getByRole('main')).toContainText('Australia')
})

test('paying takes the bought quantity from the stock shown on the product page', async ({ page }) => {
  // Only this test buys the cradle, so no other test moves its stock in between.
  const CRADLE = 'Dashboard Phone Cradle'
  const stockOf = async () => {
    await page.goto('/products')
    await page.getByRole('main').getByRole('link', { name: CRADLE, exact: true }).click()
    const text = (await page.getByTestId('product-stock').textContent()) ?? ''
    return Number(/^(\d+) in stock$/.exec(text)?.[1])
  }
  const before = await stockOf()
  expect(before).toBeGreaterThan(3)

  await addFromProductPage(page, CRADLE, 3, 'Arctic White (-$1.00)')
  await openCart(page)
  await proceedToDemoCheckout(page)
  await fillShippingDetails(page, { email: uniqueEmail('stock') })
  await page.getByRole('button', { name: /^Pay / }).click()
  await page.waitForURL(/\/success\?session_id=cs_demo_/)

  expect(await stockOf()).toBe(before - 3)
})

test('a product that is out of stock cannot be added to the cart', async ({ page }) => {
  const STAND = 'Angled Desk Phone Stand'
  await page.goto('/products')
  const card = page.getByTestId('product-card').filter({ hasText: STAND })
  await expect(card.getByRole('button', { name: 'Out of Stock' })).toBeDisabled()
  await card.getByRole('link', { name: STAND, exact: true }).click()
  await expect(page.getByTestId('product-stock')).toHaveText('Out of stock')
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toHaveCount(0)
})

test('a guest cannot hold more than 10 of a product in a checkout', async ({ page }) => {
  // A product no other test buys, so its stock only changes here.
  const GEAR = 'Replacement Spur Gear (20 teeth)'
  const stockOnPage = async () => {
    await page.goto('/products')
    await page.getByRole('main').getByRole('link', { name: GEAR, exact: true }).click()
    return page.getByTestId('product-stock').textContent()
  }
  const before = await stockOnPage()
  await addFromProductPage(page, GEAR, 11)
  await openCart(page)
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
  await expect(
    toast(page, 'Checkout Error').filter({
      hasText: `You can check out at most 10 of "${GEAR}" at a time. Sign in to order more, or contact us for a larger order.`,
    }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/cart$/)
  // Nothing was reserved.
  expect(await stockOnPage()).toBe(before)
})
