import { readFile } from 'node:fs/promises'
import type { Browser, Page } from '@playwright/test'
import { binaryStl, objFile, pngBytes } from '../factories/model-files.ts'
import {
  expect,
  fillShippingDetails,
  logIn,
  readDemoAccounts,
  test,
  toast,
  uniqueEmail,
  waitForHydration,
} from '../playwright-utils.ts'

// Made-to-order lines: a note and a 3D model on an order line (/order) or a cart line (/cart),
// shown with the order to the customer (account Orders tab) and the shop (/admin/orders), and
// downloaded only by them. Every test uploads files of its own with a unique note.
const KNOB_SET = 'Replacement Knob Set'
const SHELF_BRACKET = 'Heavy-Duty Shelf Bracket'

function unique(label: string) {
  return `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`
}

/** Opens a line's note and 3D model, writes the note and attaches the file. */
async function attach(page: Page, lineTitle: string, note: string, file: { name: string; buffer: Buffer }) {
  await page.getByRole('button', { name: `Add a note or 3D model for ${lineTitle}` }).click()
  await page.getByLabel(`Note for ${lineTitle}`).fill(note)
  await page
    .getByLabel(`Attach a 3D model to ${lineTitle}`)
    .setInputFiles({ name: file.name, mimeType: 'application/octet-stream', buffer: file.buffer })
}

/** The back-office order list, searched for one order, as the demo admin sees it. */
async function openAdminOrder(browser: Browser, orderNumber: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await logIn(page, readDemoAccounts().admin)
  await page.goto(`/admin/orders?q=${orderNumber}`)
  await waitForHydration(page)
  return {
    page,
    row: page.getByTestId('admin-order-row').filter({ hasText: `#${orderNumber}` }),
    close: () => context.close(),
  }
}

test('a customer attaches a 3D model to an order line and finds it with the order; only they and the shop can download it', async ({
  page,
  browser,
}) => {
  test.slow()
  const note = unique('Print the knobs in orange PETG')
  const model = binaryStl(12)
  await logIn(page, readDemoAccounts().customer)
  await page.goto('/order')
  await waitForHydration(page)
  await expect(page.getByText('STL, 3MF, OBJ or STEP, up to 50 MB').first()).toBeVisible()
  await page
    .getByTestId('order-product')
    .filter({ has: page.getByRole('heading', { name: KNOB_SET, exact: true }) })
    .getByRole('button', { name: 'Add to Order' })
    .click()
  await attach(page, KNOB_SET, note, { name: 'knob-insert.stl', buffer: model })
  await expect(toast(page, 'File Uploaded!')).toContainText(`knob-insert.stl is attached to ${KNOB_SET}.`)
  const line = page.getByTestId('order-line').filter({ hasText: KNOB_SET })
  await expect(line.getByTestId('line-model-file')).toContainText('knob-insert.stl')
  await expect(line.getByTestId('line-model-file')).toContainText('684 B')

  // Kept with the line across a reload.
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByLabel(`Note for ${KNOB_SET}`)).toHaveValue(note)
  await expect(line.getByTestId('line-model-file')).toContainText('knob-insert.stl')

  await page.getByRole('button', { name: 'Place Order' }).click()
  const placed = toast(page, 'Order Placed!')
  await expect(placed).toBeVisible()
  const orderNumber = /#(\d{4,})/.exec((await placed.textContent()) ?? '')?.[1] ?? ''
  await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/)

  // The customer's Orders tab shows the note and the file, and the file downloads.
  await page.goto('/account?tab=orders')
  const order = page.getByRole('listitem').filter({ hasText: `Order #${orderNumber}` })
  await expect(order).toContainText(note)
  const link = order.getByRole('link', { name: 'knob-insert.stl' })
  await expect(order).toContainText('(684 B)')
  const href = (await link.getAttribute('href')) ?? ''
  expect(href).toMatch(/^\/files\/models\/[0-9a-f-]{36}$/)
  const downloading = page.waitForEvent('download')
  await link.click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('knob-insert.stl')
  expect((await readFile(await download.path())).equals(model)).toBe(true)

  // The shop sees the same on its order list and may download it.
  const admin = await openAdminOrder(browser, orderNumber)
  await expect(admin.row).toContainText(note)
  await expect(admin.row.getByRole('link', { name: 'knob-insert.stl' })).toHaveAttribute('href', href)
  const adminDownload = await admin.page.request.get(href)
  expect(adminDownload.status()).toBe(200)
  expect(Buffer.from(await adminDownload.body()).equals(model)).toBe(true)
  await admin.close()

  // A visitor gets the same 404 as for a file that does not exist.
  const visitor = await browser.newContext()
  expect((await visitor.request.get(href)).status()).toBe(404)
  expect((await visitor.request.get('/files/models/00000000-0000-4000-8000-000000000000')).status()).toBe(404)
  await visitor.close()
})

test('a guest attaches a 3D model to a cart line, pays through the demo checkout, and the shop finds it on the order', async ({
  page,
  browser,
}) => {
  test.slow()
  const note = unique('Bracket for a 40 mm shelf')
  // Add the bracket in a colour from its product page.
  await page.goto('/products')
  await page.getByRole('main').getByRole('link', { name: SHELF_BRACKET, exact: true }).click()
  await waitForHydration(page)
  await page.getByLabel('Options', { exact: true }).selectOption({ label: 'Matte Black' })
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  await expect(toast(page, 'Added to cart!')).toBeVisible()
  await page.goto('/cart')
  await waitForHydration(page)
  await expect(page.getByTestId('cart-total')).toHaveText(/^\$/)
  const lineTitle = `${SHELF_BRACKET} (Matte Black)`

  // A picture renamed .stl is refused by its content.
  await attach(page, lineTitle, note, { name: 'photo.stl', buffer: pngBytes() })
  await expect(toast(page, 'Upload failed')).toContainText('This file is not a 3D model we can read.')
  await expect(page.getByTestId('line-model-file')).toHaveCount(0)
  await page
    .getByLabel(`Attach a 3D model to ${lineTitle}`)
    .setInputFiles({ name: 'bracket.obj', mimeType: 'text/plain', buffer: objFile() })
  await expect(toast(page, 'File Uploaded!')).toBeVisible()
  await expect(page.getByTestId('line-model-file')).toContainText('bracket.obj')

  const total = (await page.getByTestId('cart-total').textContent()) ?? ''
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
  await page.waitForURL(/\/demo-checkout\/cs_demo_/)
  await expect(page.getByTestId('demo-checkout-total')).toHaveText(total)
  await waitForHydration(page)
  await fillShippingDetails(page, { email: uniqueEmail('model-guest') })
  await page.getByRole('button', { name: /^Pay / }).click()
  await page.waitForURL(/\/success\?session_id=cs_demo_/)
  const orderNumber = ((await page.getByTestId('order-number').textContent()) ?? '').replace('#', '')
  expect(orderNumber).toMatch(/^\d{4,}$/)

  const admin = await openAdminOrder(browser, orderNumber)
  await expect(admin.row).toContainText(note)
  const link = admin.row.getByRole('link', { name: 'bracket.obj' })
  await expect(link).toBeVisible()
  const file = await admin.page.request.get((await link.getAttribute('href')) ?? '')
  expect(file.status()).toBe(200)
  expect(file.headers()['content-disposition']).toContain('attachment; filename="bracket.obj"')
  expect(Buffer.from(await file.body()).equals(objFile())).toBe(true)
  await admin.close()
})
