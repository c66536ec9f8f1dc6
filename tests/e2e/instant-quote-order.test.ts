import type { Browser, Page } from '@playwright/test'
import { boxStl } from '../factories/model-files.ts'
import { priceRow, uploadCube } from '../instant-quote-page.ts'
import {
  expect,
  fillShippingDetails,
  logIn,
  openAdminOrder,
  readDemoAccounts,
  softwareWebGl,
  test,
  toast,
  uniqueEmail,
  waitForHydration,
} from '../playwright-utils.ts'

// Buying a print of one's own model (issue 15, item 4; decision 039): upload a cube on
// /instant-quote, watch the server's price follow material and quantity, Add to Cart, pay through
// the demo checkout, and find the model (3D view, download, measures, options) on the order as
// the customer and as the shop; a visitor and another customer cannot fetch the file.

// The 3D view needs WebGL, drawn in software.
test.use({ launchOptions: softwareWebGl })

/** Uploads a `size` mm cube named `name`, sees it in 3D, chooses PETG and `quantity`, and adds it to the cart. */
async function addCubeToCart(page: Page, name: string, { size = 20, quantity = 10 } = {}) {
  await uploadCube(page, { name, size })
  await expect(page.getByRole('img', { name: '3D view of your model' })).toBeVisible()
  await expect(priceRow(page, 'Unit price')).toHaveText(/^\$\d+\.\d\d$/)

  await page.getByLabel('Quantity').fill(String(quantity))
  await expect(priceRow(page, `Total for ${quantity}`)).toBeVisible()
  const plaTotal = (await priceRow(page, `Total for ${quantity}`).textContent()) ?? ''
  await page.getByLabel('Material').selectOption({ label: 'PETG' })
  await expect(priceRow(page, `Total for ${quantity}`)).not.toHaveText(plaTotal)
  const total = (await priceRow(page, `Total for ${quantity}`).textContent()) ?? ''

  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  await expect(toast(page, 'Added to cart!')).toBeVisible()
  await page.getByRole('link', { name: 'View cart' }).click()
  await expect(page).toHaveURL(/\/cart$/)
  await waitForHydration(page)
  const line = page.getByTestId('cart-item').filter({ hasText: `3D print: ${name}` })
  await expect(line).toHaveCount(1)
  await expect(line.getByTestId('print-line-facts')).toContainText('PETG')
  await expect(line.getByTestId('print-line-facts')).toContainText(`${size} × ${size} × ${size} mm`)
  // The cart's price is the server's again, the same the quote page showed.
  await expect(line.getByTestId('line-total')).toHaveText(total)
  await expect(page.getByTestId('cart-total')).toHaveText(/^\$/)
  return total
}

/** Pays the cart through the demo checkout (a guest gives `email`); lands on /success and returns the order's number. */
async function payThroughDemoCheckout(page: Page, { email }: { email?: string } = {}) {
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
  await page.waitForURL(/\/demo-checkout\/cs_demo_/)
  await waitForHydration(page)
  if (email) await fillShippingDetails(page, { email })
  await page.getByRole('button', { name: /^Pay / }).click()
  await page.waitForURL(/\/success\?session_id=cs_demo_/)
  const number = ((await page.getByTestId('order-number').textContent()) ?? '').replace('#', '')
  expect(number).toMatch(/^\d{4,}$/)
  return number
}

/** The order's print line shows the model in 3D, its measures and options, and downloads the very file. */
async function expectPrintLine(page: Page, name: string, size: number) {
  const line = page.getByTestId('print-line')
  await expect(line).toHaveCount(1)
  await expect(line).toContainText('PETG')
  await expect(line.getByTestId('print-line-measures')).toContainText(`${size} × ${size} × ${size} mm`)
  await expect(line.getByRole('img', { name: '3D view of your model' })).toBeVisible()
  const link = line.getByRole('link', { name: `Download ${name}` })
  const href = (await link.getAttribute('href')) ?? ''
  expect(href).toMatch(/^\/files\/quote-models\/[0-9a-f-]{36}$/)
  const file = await page.request.get(href)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-disposition']).toContain(`attachment; filename="${name}"`)
  expect(Buffer.from(await file.body()).equals(boxStl(size, size, size))).toBe(true)
  return href
}

/** A browser of its own (a visitor, or signed in as `account`) asks for the file: the status it gets. */
async function statusFor(browser: Browser, href: string, account?: { email: string; password: string }) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    if (account) await logIn(page, account)
    else await page.goto('/')
    return (await page.request.get(href)).status()
  } finally {
    await context.close()
  }
}

test('a customer buys a print of their model and finds it on the order, as the shop does', async ({
  page,
  browser,
}) => {
  test.slow()
  const name = `bracket-${Date.now()}.stl`
  await logIn(page, readDemoAccounts().customer)
  const total = await addCubeToCart(page, name)
  const number = await payThroughDemoCheckout(page)
  await expect(page.getByRole('list', { name: 'Order lines' })).toContainText(`3D print: ${name}`)
  await expect(page.getByRole('list', { name: 'Order lines' })).toContainText(total)

  await page.getByRole('link', { name: 'View this order' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${number}`)
  const href = await expectPrintLine(page, name, 20)

  const admin = await openAdminOrder(browser, number)
  try {
    await expectPrintLine(admin.page, name, 20)
  } finally {
    await admin.close()
  }
  // A visitor gets what a missing file gets.
  expect(await statusFor(browser, href)).toBe(404)
})

test('a visitor buys a print as a guest; the shop gets the model, another customer and a visitor do not', async ({
  page,
  browser,
}) => {
  test.slow()
  const name = `guest-part-${Date.now()}.stl`
  await addCubeToCart(page, name, { size: 50, quantity: 2 })
  const number = await payThroughDemoCheckout(page, { email: uniqueEmail('print-guest') })
  await expect(page.getByRole('list', { name: 'Order lines' })).toContainText(`3D print: ${name}`)

  const admin = await openAdminOrder(browser, number)
  let href = ''
  try {
    href = await expectPrintLine(admin.page, name, 50)
  } finally {
    await admin.close()
  }
  expect(await statusFor(browser, href, readDemoAccounts().customer)).toBe(404)
  expect(await statusFor(browser, href)).toBe(404)
  // The guest's own browser is no customer of the order either.
  expect((await page.request.get(href)).status()).toBe(404)
})
