import { readFile } from 'node:fs/promises'
import type { Browser, Page } from '@playwright/test'
import {
  expect,
  forgetToasts,
  logIn,
  pickRecord,
  readDemoAccounts,
  readMailLink,
  test,
  toast,
  uniqueEmail,
  waitForHydration,
} from '../playwright-utils.ts'

// The Accounting Hub (storefront §2): the Invoice Tracker's Mark as Paid, a payment the customer
// declares (DESIGN 8), and File Uploads for receipts (§5, §7), seen from the shop's side too. Every
// test makes its own invoice and files with unique names, as tests run in parallel.

const MB = 1024 * 1024

function unique(label: string) {
  return `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`
}

/** A PDF of about `size` bytes: a real header, then padding. */
function pdfOf(size: number) {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n')
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - 6), 0x20), Buffer.from('%%EOF\n')])
}

// The shop's own favicon would do, but a PNG written here keeps the test self-contained: 1×1, red.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
)

/** A signed-in admin in a browser context of its own. */
async function openAdmin(browser: Browser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await logIn(page, readDemoAccounts().admin)
  return { page, close: () => context.close() }
}

/** The admin writes an unpaid invoice for the customer on /admin/invoices; returns its id. */
async function createInvoice(admin: Page, customerEmail: string, description: string, unitPrice = '42') {
  await admin.goto('/admin/invoices')
  await waitForHydration(admin)
  await admin.getByRole('button', { name: 'New Invoice' }).click()
  const dialog = admin.getByRole('dialog', { name: 'New Invoice' })
  await pickRecord(dialog, 'Customer', customerEmail)
  await dialog.getByLabel('Status').selectOption('unpaid')
  const row = dialog.getByRole('group', { name: 'Item 1' })
  await row.getByLabel('Description').fill(description)
  await row.getByLabel('Quantity').fill('1')
  await row.getByLabel('Unit price ($)').fill(unitPrice)
  await dialog.getByRole('button', { name: 'Save Invoice' }).click()
  await expect(toast(admin, 'Invoice saved successfully.')).toBeVisible()
  await expect(dialog).toBeHidden()
  const href = await adminRow(admin, description).getByRole('link').first().getAttribute('href')
  const id = href?.match(/\/invoices\/([0-9a-f-]{36})$/)?.[1]
  if (!id) throw new Error(`no invoice link in the row of ${description}`)
  return id
}

function adminRow(page: Page, description: string) {
  return page.getByTestId('admin-invoice-row').filter({ hasText: description })
}

async function openUploads(page: Page) {
  await page.goto('/accounting?tab=uploads')
  await waitForHydration(page)
  await expect(page.getByRole('tab', { name: 'File Uploads', selected: true })).toBeVisible()
}

function receiptRow(page: Page, fileName: string) {
  return page.getByTestId('receipt-row').filter({ hasText: fileName })
}

/**
 * Chooses a file and uploads it over a slowed-down connection (Chromium's own throttling, 1 MB/s
 * up), so the test sees the progress bar move while the file is sent.
 */
async function uploadWatchingProgress(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const devtools = await page.context().newCDPSession(page)
  await devtools.send('Network.enable')
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: MB,
  })
  await page.getByLabel('Receipt file').setInputFiles(file)
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const bar = page.getByRole('progressbar', { name: 'Upload progress' })
  // A file of a few bytes is sent before a check could see the bar: it is watched on a larger file,
  // which takes seconds at the throttled speed.
  if (file.buffer.length > MB) {
    await expect(bar).toBeVisible()
    await expect(page.getByRole('button', { name: /Upload$/ })).toBeDisabled()
    // Seen while part of the file is sent: the bar follows the upload, it does not just spin.
    const percent = async () => Number(await bar.getAttribute('aria-valuenow', { timeout: 1000 }))
    await expect.poll(async () => percent().then((value) => value > 0 && value < 100), { intervals: [50] }).toBe(true)
  }
  await expect(toast(page, 'File Uploaded!').filter({ hasText: `${file.name} was uploaded.` })).toBeVisible({
    timeout: 15_000,
  })
  await expect(bar).toBeHidden()
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await devtools.detach()
}

test.describe('Invoice Tracker', () => {
  test('Mark as Paid: the toast, a green badge, the open invoice page turns paid live, and the shop sees who', async ({
    page,
    browser,
  }) => {
    // Three signed-in browsers: more than a one-page test.
    test.slow()
    const customer = readDemoAccounts().customer
    const admin = await openAdmin(browser)
    const description = unique('Bank transfer for a scan')
    const id = await createInvoice(admin.page, customer.email, description)
    const number = id.slice(0, 8)

    // The customer also has the invoice open in another browser.
    const elsewhere = await browser.newContext()
    const invoicePage = await elsewhere.newPage()
    await logIn(invoicePage, customer)
    await invoicePage.goto(`/invoices/${id}`)
    await waitForHydration(invoicePage)
    await expect(invoicePage.locator('[data-live-updates="on"]')).toBeVisible()
    await expect(invoicePage.getByTestId('invoice-status')).toHaveText('unpaid')

    await logIn(page, customer)
    await page.goto('/account?tab=invoices')
    await page.getByRole('link', { name: 'Accounting Hub' }).click()
    await page.waitForURL(/\/accounting$/)
    await waitForHydration(page)
    await expect(page.getByRole('tab', { name: 'Invoice Tracker', selected: true })).toBeVisible()
    const row = page.getByTestId('accounting-invoice-row').filter({ hasText: `Invoice #${number}` })
    await expect(row).toContainText('$42.00')
    await expect(row).toContainText('No due date')
    const badge = row.getByTestId('accounting-invoice-status')
    await expect(badge).toHaveText('unpaid')
    await expect(badge).toHaveAttribute('data-variant', 'warning')

    await row.getByRole('button', { name: 'Mark as Paid' }).click()
    const dialog = page.getByRole('dialog', { name: `Mark Invoice #${number} as paid?` })
    await expect(dialog).toContainText('$42.00')
    await dialog.getByRole('button', { name: 'Mark as Paid' }).click()
    await expect(
      toast(page, 'Invoice Updated').filter({ hasText: `Invoice #${number} is marked as paid.` }),
    ).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(badge).toHaveText('paid')
    await expect(badge).toHaveAttribute('data-variant', 'success')
    await expect(row.getByRole('button', { name: 'Mark as Paid' })).toHaveCount(0)

    // The other browser hears it at once.
    await expect(toast(invoicePage, 'Invoice Updated!').filter({ hasText: 'Status changed to paid' })).toBeVisible()
    await expect(invoicePage.getByTestId('invoice-status')).toHaveText('paid')
    await expect(invoicePage.getByRole('button', { name: 'Pay Now' })).toHaveCount(0)
    await elsewhere.close()

    // The shop sees a payment the customer declared, not a card payment.
    await admin.page.goto('/admin/invoices')
    const shopRow = adminRow(admin.page, description)
    await expect(shopRow.getByTestId('admin-invoice-status')).toHaveText('paid')
    await expect(shopRow.getByTestId('admin-invoice-payment')).toHaveText(
      /^Marked paid by the customer on \w+ \d+, \d{4}$/,
    )
    await admin.close()
  })
})

test.describe('File Uploads', () => {
  test('upload a PDF for an invoice and a picture with a progress bar, download them, delete one; the shop downloads the receipt', async ({
    page,
    browser,
  }) => {
    test.slow()
    const customer = readDemoAccounts().customer
    const admin = await openAdmin(browser)
    const description = unique('Receipt for a print')
    const id = await createInvoice(admin.page, customer.email, description, '19.99')

    await logIn(page, customer)
    await openUploads(page)
    const uploadButton = page.getByRole('button', { name: 'Upload', exact: true })
    await expect(uploadButton).toBeDisabled()

    const pdfName = `${unique('transfer').replace(/\s/g, '-')}.pdf`
    const pdf = pdfOf(3 * MB)
    await page.getByRole('radio', { name: 'Invoice ID' }).check()
    await page.getByLabel('Invoice ID (optional)').fill(id.slice(0, 8))
    await uploadWatchingProgress(page, { name: pdfName, mimeType: 'application/pdf', buffer: pdf })
    // The form is empty again, ready for the next file.
    await expect(uploadButton).toBeDisabled()
    await expect(page.getByLabel('Invoice ID (optional)')).toHaveValue('')

    const pngName = `${unique('photo').replace(/\s/g, '-')}.png`
    await page.getByRole('radio', { name: 'Order ID' }).check()
    await expect(page.getByLabel('Order ID (optional)')).toBeVisible()
    await uploadWatchingProgress(page, { name: pngName, mimeType: 'image/png', buffer: PNG })

    // Newest first, with size, date and what each belongs to.
    const rows = page.getByTestId('receipt-row')
    await expect(rows.filter({ hasText: pngName })).toContainText('Not linked')
    await expect(receiptRow(page, pdfName)).toContainText('3.0 MB')
    await expect(receiptRow(page, pdfName)).toContainText(`Invoice #${id.slice(0, 8)}`)
    const names = await page.getByTestId('receipt-name').allTextContents()
    expect(names.indexOf(pngName)).toBeLessThan(names.indexOf(pdfName))

    // Downloads are attachments with the file's own name and content.
    const downloading = page.waitForEvent('download')
    await receiptRow(page, pdfName)
      .getByRole('link', { name: `Download ${pdfName}` })
      .click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(pdfName)
    expect(Buffer.compare(await readFile(await download.path()), pdf)).toBe(0)

    // The shop sees the receipt on the invoice's row and can download it.
    await admin.page.goto('/admin/invoices')
    const receiptLink = adminRow(admin.page, description)
      .getByTestId('admin-receipts')
      .getByRole('link', { name: pdfName })
    await expect(receiptLink).toBeVisible()
    const adminDownloading = admin.page.waitForEvent('download')
    await receiptLink.click()
    const adminDownload = await adminDownloading
    expect(adminDownload.suggestedFilename()).toBe(pdfName)
    expect(Buffer.compare(await readFile(await adminDownload.path()), pdf)).toBe(0)
    await admin.close()

    // Delete, after confirmation: the row goes, and so does the file.
    const pngHref =
      (await receiptRow(page, pngName)
        .getByRole('link', { name: `Download ${pngName}` })
        .getAttribute('href')) ?? ''
    expect((await page.request.get(pngHref)).status()).toBe(200)
    await receiptRow(page, pngName)
      .getByRole('button', { name: `Delete ${pngName}` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Delete this file?' })
    await expect(dialog).toContainText(pngName)
    await dialog.getByRole('button', { name: 'Delete File' }).click()
    await expect(toast(page, 'File Deleted').filter({ hasText: `${pngName} was deleted.` })).toBeVisible()
    await expect(receiptRow(page, pngName)).toHaveCount(0)
    await expect(receiptRow(page, pdfName)).toHaveCount(1)
    expect((await page.request.get(pngHref)).status()).toBe(404)
  })

  test('a 5 MB + 1 byte file is refused in the browser, a text file and a program named .pdf by the server', async ({
    page,
  }) => {
    await logIn(page, readDemoAccounts().customer)
    await openUploads(page)
    const uploads: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/resources/receipts')) uploads.push(request.method())
    })
    const uploadButton = page.getByRole('button', { name: 'Upload', exact: true })

    await page.getByLabel('Receipt file').setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: pdfOf(5 * MB + 1),
    })
    await expect(
      toast(page, 'File too large').filter({ hasText: 'Please select a file smaller than 5MB.' }),
    ).toBeVisible()
    await expect(uploadButton).toBeDisabled()
    expect(await page.getByLabel('Receipt file').evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0)

    const textName = `${unique('notes').replace(/\s/g, '-')}.pdf`
    await page.getByLabel('Receipt file').setInputFiles({
      name: textName,
      mimeType: 'application/pdf',
      buffer: Buffer.from('Paid by bank transfer on March 3.\n'),
    })
    await expect(uploadButton).toBeEnabled()
    await uploadButton.click()
    await expect(
      toast(page, 'Upload failed').filter({
        hasText: 'Only PDF files and images (JPEG, PNG, WebP or HEIC) can be uploaded.',
      }),
    ).toBeVisible()
    await expect(receiptRow(page, textName)).toHaveCount(0)
    // The file stays chosen, to pick another; only the refused text file was sent.
    expect(uploads).toEqual(['POST'])

    // A Windows program renamed .pdf is refused by its content too.
    const programName = `${unique('receipt').replace(/\s/g, '-')}.pdf`
    await page.getByLabel('Receipt file').setInputFiles({
      name: programName,
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096)]),
    })
    await forgetToasts(page)
    await uploadButton.click()
    await expect(
      toast(page, 'Upload failed').filter({
        hasText: 'Only PDF files and images (JPEG, PNG, WebP or HEIC) can be uploaded.',
      }),
    ).toBeVisible()
    await expect(receiptRow(page, programName)).toHaveCount(0)

    // Someone else's invoice number is refused with a clear message too.
    await page
      .getByLabel('Receipt file')
      .setInputFiles({ name: 'ok.pdf', mimeType: 'application/pdf', buffer: pdfOf(1000) })
    await page.getByLabel('Invoice ID (optional)').fill('zz-not-an-id')
    await uploadButton.click()
    await expect(
      toast(page, 'Upload failed').filter({
        hasText: "Please enter the invoice's full ID or the 8 characters of its number",
      }),
    ).toBeVisible()
  })

  test('another customer and a visitor cannot download a customer’s file', async ({ page, browser }) => {
    // A registration with its e-mailed link, and three browsers.
    test.slow()
    const email = uniqueEmail('receipts')
    const password = 'Print3d!Strong'
    await page.goto('/auth?tab=register')
    await waitForHydration(page)
    await page.getByLabel('Full Name').fill('Rae Receipts')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByLabel('Confirm Password').fill(password)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByText('Registration Successful!')).toBeVisible()
    await page.goto(await readMailLink(browser, email, 'Confirm your email address'))
    await expect(page.getByText('Your email has been verified. Please log in.')).toBeVisible()
    await logIn(page, { email, password })

    await openUploads(page)
    const name = `${unique('private').replace(/\s/g, '-')}.png`
    await page.getByLabel('Receipt file').setInputFiles({ name, mimeType: 'image/png', buffer: PNG })
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(toast(page, 'File Uploaded!')).toBeVisible()
    const href =
      (await receiptRow(page, name)
        .getByRole('link', { name: `Download ${name}` })
        .getAttribute('href')) ?? ''
    expect(href).toMatch(/^\/resources\/receipts\/[0-9a-f-]{36}$/)
    expect((await page.request.get(href)).status()).toBe(200)

    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await logIn(otherPage, readDemoAccounts().customer)
    const refused = await otherPage.request.get(href)
    expect(refused.status()).toBe(404)
    expect(refused.headers()['content-disposition']).toBeUndefined()
    await openUploads(otherPage)
    await expect(receiptRow(otherPage, name)).toHaveCount(0)
    await other.close()

    const visitor = await browser.newContext()
    expect((await visitor.request.get(href)).status()).toBe(404)
    expect((await visitor.request.get('/resources/receipts/00000000-0000-4000-8000-000000000000')).status()).toBe(404)
    await visitor.close()
  })

  test('a visitor sees Access Denied with a way to log in', async ({ page }) => {
    await page.goto('/accounting')
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
    await page.getByRole('link', { name: 'Log in' }).click()
    await expect(page).toHaveURL(/\/auth\?tab=login&redirectTo=%2Faccounting$/)
  })
})
