import type { Browser, Page } from '@playwright/test'
import {
  expect,
  forgetToasts,
  logIn,
  openRowMenu,
  pickRecord,
  readDemoAccounts,
  readMailLink,
  test,
  toast,
  uniqueEmail,
  waitForHydration,
} from '../playwright-utils.ts'

// Invoices an admin writes on /admin/invoices (back-office §2), paid by the customer with Pay Now
// through the demo hosted checkout, and the /checkout status page it returns to (storefront §2,
// §4); open invoice pages update live (storefront §4, back-office §4). Every test makes its own
// invoice with a unique description, as tests run in parallel and may be retried.

type Item = { description: string; quantity: number; unitPrice: string }

function unique(label: string) {
  return `${label} ${Date.now()}-${Math.random().toString(36).slice(2, 7)}`
}

/** A signed-in admin in a browser context of its own, on the back-office invoice list. */
async function openAdminInvoices(browser: Browser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await logIn(page, readDemoAccounts().admin)
  await page.goto('/admin/invoices')
  await waitForHydration(page)
  return { page, close: () => context.close() }
}

function adminRow(page: Page, description: string) {
  return page.getByTestId('admin-invoice-row').filter({ hasText: description })
}

/** Writes an invoice in the New Invoice dialog; returns its id, read from the list's link. */
async function createInvoice(
  page: Page,
  { customerEmail, items, status = 'unpaid' }: { customerEmail: string; items: Item[]; status?: string },
) {
  await page.getByRole('button', { name: 'New Invoice' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Invoice' })
  await pickRecord(dialog, 'Customer', customerEmail)
  await dialog.getByLabel('Status').selectOption(status)
  for (const [index, item] of items.entries()) {
    if (index > 0) await dialog.getByRole('button', { name: 'Add Item' }).click()
    const row = dialog.getByRole('group', { name: `Item ${index + 1}` })
    await row.getByLabel('Description').fill(item.description)
    await row.getByLabel('Quantity').fill(String(item.quantity))
    await row.getByLabel('Unit price ($)').fill(item.unitPrice)
  }
  await dialog.getByRole('button', { name: 'Save Invoice' }).click()
  await expect(toast(page, 'Invoice saved successfully.')).toBeVisible()
  await expect(dialog).toBeHidden()
  const href = await adminRow(page, items[0].description)
    .getByRole('link', { name: /^#[0-9a-f]{8}$/ })
    .getAttribute('href')
  const id = href?.match(/\/invoices\/([0-9a-f-]{36})$/)?.[1]
  if (!id) throw new Error(`no invoice link in the row of ${items[0].description}`)
  return id
}

/** The checkout status page needs a complete shipping address (storefront §4). */
async function completeShippingAddress(page: Page) {
  await page.goto('/account')
  await waitForHydration(page)
  // The same values as the accounts test's profile edit, so the two tests agree in any order.
  await page.getByLabel('Full Name').fill('Casey Q. Customer')
  await page.getByLabel('Street').fill('12 Filament Way')
  await page.getByLabel('City').fill('Portland')
  await page.getByLabel('State').fill('OR')
  await page.getByLabel('Zip').fill('97201')
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await expect(toast(page, 'Profile Updated')).toBeVisible()
}

async function openInvoice(page: Page, id: string) {
  await page.goto(`/invoices/${id}`)
  await waitForHydration(page)
  // Listening for changes from here on (the stream said it is ready).
  await expect(page.locator('[data-live-updates="on"]')).toBeVisible()
}

async function payNow(page: Page, total: string, intent: 'Pay' | 'Cancel' = 'Pay') {
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await page.waitForURL(/\/demo-checkout\/cs_demo_/)
  await expect(page.getByText('Test mode — no real payment')).toBeVisible()
  await expect(page.getByTestId('demo-checkout-total')).toHaveText(total)
  await waitForHydration(page)
  await page.getByRole('button', { name: intent === 'Pay' ? /^Pay / : 'Cancel' }).click()
}

test.describe('paying an invoice the admin wrote', () => {
  test('the customer pays it with Pay Now and sees Payment Successful', async ({ page, browser }) => {
    // Two signed-in browsers and a trip through the hosted checkout: more than a one-page test.
    test.slow()
    const admin = await openAdminInvoices(browser)
    const customer = readDemoAccounts().customer
    await logIn(page, customer)
    await completeShippingAddress(page)

    const description = unique('Scan of a gearbox housing')
    // The dialog's total is a preview; the list shows the total the server computed.
    await admin.page.getByRole('button', { name: 'New Invoice' }).click()
    const dialog = admin.page.getByRole('dialog', { name: 'New Invoice' })
    await dialog.getByRole('button', { name: 'Add Item' }).click()
    await dialog.getByRole('group', { name: 'Item 2' }).getByLabel('Unit price ($)').fill('99')
    await expect(dialog.getByTestId('invoice-form-total')).toHaveText('$99.00')
    await dialog.getByRole('button', { name: 'Remove item 2' }).click()
    await expect(dialog.getByRole('group', { name: 'Item 2' })).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    // Closed before the next New Invoice opens a dialog of its own.
    await expect(dialog).toBeHidden()
    const id = await createInvoice(admin.page, {
      customerEmail: customer.email,
      items: [
        { description, quantity: 2, unitPrice: '12.50' },
        { description: 'Setup', quantity: 1, unitPrice: '5' },
      ],
    })
    const row = adminRow(admin.page, description)
    await expect(row).toContainText('$30.00')
    await expect(row).toContainText(customer.email)
    await expect(row.getByTestId('admin-invoice-status')).toHaveText('unpaid')

    // The customer finds it on the account page's Invoices tab.
    await page.goto('/account?tab=invoices')
    await page.getByRole('link', { name: new RegExp(`Invoice #${id.slice(0, 8)}`) }).click()
    await page.waitForURL(new RegExp(`/invoices/${id}$`))
    await waitForHydration(page)
    await expect(page.getByTestId('invoice-status')).toHaveText('unpaid')
    await expect(page.getByRole('cell', { name: description })).toBeVisible()
    await expect(page.getByTestId('invoice-total')).toHaveText('$30.00')

    await payNow(page, '$30.00')
    await page.waitForURL(new RegExp(`/checkout\\?status=success&invoice_id=${id}$`))
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible()
    await page.getByRole('link', { name: 'View Invoice' }).click()
    await page.waitForURL(new RegExp(`/invoices/${id}$`))
    await expect(page.getByTestId('invoice-status')).toHaveText('paid')
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0)

    await admin.page.reload()
    await expect(adminRow(admin.page, description).getByTestId('admin-invoice-status')).toHaveText('paid')
    await admin.close()
  })

  test('cancelling on the demo page shows Payment Canceled; no status is Processing Payment', async ({
    page,
    browser,
  }) => {
    // Two signed-in browsers and a trip through the hosted checkout: more than a one-page test.
    test.slow()
    const admin = await openAdminInvoices(browser)
    const customer = readDemoAccounts().customer
    await logIn(page, customer)
    await completeShippingAddress(page)
    const id = await createInvoice(admin.page, {
      customerEmail: customer.email,
      items: [{ description: unique('Bracket redesign'), quantity: 3, unitPrice: '7.25' }],
    })
    await admin.close()

    await openInvoice(page, id)
    await payNow(page, '$21.75', 'Cancel')
    await page.waitForURL(new RegExp(`/checkout\\?status=cancel&invoice_id=${id}$`))
    await expect(page.getByRole('heading', { name: 'Payment Canceled' })).toBeVisible()
    await page.getByRole('link', { name: 'Return to Invoice' }).click()
    await page.waitForURL(new RegExp(`/invoices/${id}$`))
    await expect(page.getByTestId('invoice-status')).toHaveText('unpaid')
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible()

    await page.goto('/checkout')
    await expect(page.getByRole('heading', { name: 'Processing Payment' })).toBeVisible()
  })

  test('a new customer without a shipping address is asked for one after paying', async ({ page, browser }) => {
    // A registration, an e-mailed link and two sign-ins: allow more time than a one-page test.
    test.slow()
    const email = uniqueEmail('payer')
    const password = 'Print3d!Strong'
    await page.goto('/auth?tab=register')
    await waitForHydration(page)
    await page.getByLabel('Full Name').fill('Pat Payer')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByLabel('Confirm Password').fill(password)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByText('Registration Successful!')).toBeVisible()
    await page.goto(await readMailLink(browser, email, 'Confirm your email address'))
    await expect(page.getByText('Your email has been verified. Please log in.')).toBeVisible()
    await logIn(page, { email, password })

    const admin = await openAdminInvoices(browser)
    const id = await createInvoice(admin.page, {
      customerEmail: email,
      items: [{ description: unique('Knob prototype'), quantity: 1, unitPrice: '40' }],
    })
    await admin.close()

    await openInvoice(page, id)
    await payNow(page, '$40.00')
    await page.waitForURL(/\/account$/)
    await expect(toast(page, 'Shipping Information Required')).toBeVisible()
    // The payment itself went through: the invoice is paid.
    await page.goto('/account?tab=invoices')
    await expect(page.getByRole('link', { name: new RegExp(`Invoice #${id.slice(0, 8)}`) })).toContainText('paid')

    await page.goto('/account')
    await waitForHydration(page)
    await page.getByLabel('Street').fill('7 Nozzle Road')
    await page.getByLabel('City').fill('Austin')
    await page.getByLabel('State').fill('TX')
    await page.getByLabel('Zip').fill('78701')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await expect(toast(page, 'Profile Updated')).toBeVisible()
    await page.goto(`/checkout?status=success&invoice_id=${id}`)
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible()
  })
})

test.describe('live invoice updates', () => {
  test('the admin marks the invoice paid: the open page says so without a reload', async ({ page, browser }) => {
    // Two signed-in browsers and a trip through the hosted checkout: more than a one-page test.
    test.slow()
    const admin = await openAdminInvoices(browser)
    const customer = readDemoAccounts().customer
    await logIn(page, customer)
    const description = unique('Print farm hours')
    const id = await createInvoice(admin.page, {
      customerEmail: customer.email,
      items: [{ description, quantity: 4, unitPrice: '5' }],
    })

    await openInvoice(page, id)
    await expect(page.getByTestId('invoice-status')).toHaveText('unpaid')
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible()
    // A reload would lose this marker: it proves the page is the same one throughout.
    await page.evaluate(() => {
      ;(window as { notReloaded?: boolean }).notReloaded = true
    })

    const menu = await openRowMenu(adminRow(admin.page, description), `invoice #${id.slice(0, 8)}`)
    await menu.getByRole('menuitem', { name: 'Mark as paid' }).click()
    await expect(toast(admin.page, 'Invoice saved successfully.')).toBeVisible()
    await expect(adminRow(admin.page, description).getByTestId('admin-invoice-status')).toHaveText('paid')

    await expect(toast(page, 'Invoice Updated!').filter({ hasText: 'Status changed to paid' })).toBeVisible()
    await expect(page.getByTestId('invoice-status')).toHaveText('paid')
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0)

    // Back to a quote from the edit dialog: the page follows again.
    await adminRow(admin.page, description).getByRole('button', { name: /^Edit/ }).click()
    const dialog = admin.page.getByRole('dialog', { name: `Edit Invoice #${id.slice(0, 8)}` })
    await dialog.getByLabel('Status').selectOption('quote')
    await forgetToasts(admin.page)
    await dialog.getByRole('button', { name: 'Save Invoice' }).click()
    await expect(toast(admin.page, 'Invoice saved successfully.')).toBeVisible()
    await expect(toast(page, 'Invoice Updated!').filter({ hasText: 'Status changed to quote' })).toBeVisible()
    await expect(page.getByTestId('invoice-status')).toHaveText('quote')
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true)
    await admin.close()
  })

  test('the customer pays in another window: the open page turns paid', async ({ page, browser }) => {
    // Two signed-in browsers and a trip through the hosted checkout: more than a one-page test.
    test.slow()
    const admin = await openAdminInvoices(browser)
    const customer = readDemoAccounts().customer
    await logIn(page, customer)
    await completeShippingAddress(page)
    const id = await createInvoice(admin.page, {
      customerEmail: customer.email,
      items: [{ description: unique('Scan session'), quantity: 1, unitPrice: '60' }],
    })
    await admin.close()
    await openInvoice(page, id)

    // A second window of the same customer (the same session) pays.
    const payer = await page.context().newPage()
    await payer.goto(`/invoices/${id}`)
    await waitForHydration(payer)
    await payNow(payer, '$60.00')
    await payer.waitForURL(/\/checkout\?status=success/)
    await expect(payer.getByRole('heading', { name: 'Payment Successful' })).toBeVisible()

    await expect(toast(page, 'Invoice Updated!').filter({ hasText: 'Status changed to paid' })).toBeVisible()
    await expect(page.getByTestId('invoice-status')).toHaveText('paid')
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0)
  })
})

test.describe('an invoice is paid only for what it costs', () => {
  test('a Pay Now opened before the admin raised the invoice cannot pay it', async ({ page, browser }) => {
    test.slow()
    const admin = await openAdminInvoices(browser)
    const customer = readDemoAccounts().customer
    await logIn(page, customer)
    await completeShippingAddress(page)
    const description = unique('Prototype batch')
    const id = await createInvoice(admin.page, {
      customerEmail: customer.email,
      items: [{ description, quantity: 1, unitPrice: '300' }],
    })

    // The customer opens Pay Now for $300.00 and leaves the hosted page open.
    await openInvoice(page, id)
    await page.getByRole('button', { name: 'Pay Now' }).click()
    await page.waitForURL(/\/demo-checkout\/cs_demo_/)
    await expect(page.getByTestId('demo-checkout-total')).toHaveText('$300.00')
    await waitForHydration(page)

    // Meanwhile the admin raises the invoice to $5,000.00.
    const row = adminRow(admin.page, description)
    await row.getByRole('button', { name: /^Edit/ }).click()
    const edit = admin.page.getByRole('dialog', { name: `Edit Invoice #${id.slice(0, 8)}` })
    await edit.getByRole('group', { name: 'Item 1' }).getByLabel('Unit price ($)').fill('5000')
    await forgetToasts(admin.page)
    await edit.getByRole('button', { name: 'Save Invoice' }).click()
    await expect(toast(admin.page, 'Invoice saved successfully.')).toBeVisible()
    await expect(row).toContainText('$5,000.00')

    // The old $300 session can no longer be paid; the invoice stays unpaid at its new total.
    await page.getByRole('button', { name: 'Pay $300.00' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'This checkout session is no longer open, so nothing was charged. Go back and start the payment again.',
    )
    await openInvoice(page, id)
    await expect(page.getByTestId('invoice-status')).toHaveText('unpaid')
    await expect(page.getByTestId('invoice-total')).toHaveText('$5,000.00')

    // A new Pay Now charges the new total; the demo payment is marked a test payment everywhere.
    await payNow(page, '$5,000.00')
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible()
    await page.getByRole('link', { name: 'View Invoice' }).click()
    await expect(page.getByTestId('invoice-status')).toHaveText('paid')
    await expect(page.getByTestId('test-payment')).toHaveText('Test payment')
    await admin.page.goto('/admin/invoices?payment=test')
    await expect(adminRow(admin.page, description).getByTestId('test-payment')).toBeVisible()
    await admin.page.goto('/admin/invoices?payment=real')
    await expect(adminRow(admin.page, description)).toHaveCount(0)
    await admin.close()
  })
})

test.describe('the back-office invoice list', () => {
  test('validation, edit with a server-computed total, filter and delete after confirmation', async ({ browser }) => {
    const admin = await openAdminInvoices(browser)
    const { page } = admin
    const customer = readDemoAccounts().customer

    // Without a customer or an item the form says what is missing.
    await page.getByRole('button', { name: 'New Invoice' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Invoice' })
    await dialog.getByRole('button', { name: 'Save Invoice' }).click()
    await expect(
      toast(page, 'Error').filter({ hasText: 'Please select a customer and add at least one item.' }),
    ).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    const description = unique('Quoted design work')
    const id = await createInvoice(page, {
      customerEmail: customer.email,
      status: 'quote',
      items: [{ description, quantity: 2, unitPrice: '30' }],
    })
    const row = adminRow(page, description)
    await expect(row.getByTestId('admin-invoice-status')).toHaveText('quote')
    await expect(row).toContainText('$60.00')

    await row.getByRole('button', { name: /^Edit/ }).click()
    const edit = page.getByRole('dialog', { name: `Edit Invoice #${id.slice(0, 8)}` })
    await expect(edit.getByRole('group', { name: 'Item 1' }).getByLabel('Unit price ($)')).toHaveValue('30.00')
    await edit.getByRole('group', { name: 'Item 1' }).getByLabel('Quantity').fill('3')
    await edit.getByRole('button', { name: 'Add Item' }).click()
    const second = edit.getByRole('group', { name: 'Item 2' })
    await second.getByLabel('Description').fill('Rush fee')
    await second.getByLabel('Unit price ($)').fill('9.99')
    await expect(edit.getByTestId('invoice-form-total')).toHaveText('$99.99')
    await edit.getByRole('button', { name: 'Save Invoice' }).click()
    await expect(toast(page, 'Invoice saved successfully.')).toBeVisible()
    await expect(row).toContainText('$99.99')
    await expect(row).toContainText('+ 1 more')

    const filters = page.getByRole('navigation', { name: 'Filter by status' })
    await filters.getByRole('link', { name: 'Quote', exact: true }).click()
    await expect(page).toHaveURL(/\?status=quote$/)
    await expect(row).toBeVisible()
    await filters.getByRole('link', { name: 'Paid', exact: true }).click()
    await expect(page).toHaveURL(/\?status=paid$/)
    await expect(row).toHaveCount(0)
    await filters.getByRole('link', { name: 'All', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/invoices$/)

    // Delete asks first; Cancel keeps the invoice.
    await (await openRowMenu(row)).getByRole('menuitem', { name: 'Delete' }).click()
    const confirm = page.getByRole('dialog', { name: `Delete Invoice #${id.slice(0, 8)}?` })
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
    await expect(row).toHaveCount(1)
    await (await openRowMenu(row)).getByRole('menuitem', { name: 'Delete' }).click()
    await confirm.getByRole('button', { name: 'Delete Invoice' }).click()
    await expect(toast(page, 'Invoice Deleted')).toBeVisible()
    await expect(row).toHaveCount(0)
    await admin.close()
  })

  test('a customer is refused the back-office list', async ({ page }) => {
    await logIn(page, readDemoAccounts().customer)
    await page.goto('/admin/invoices')
    await expect(page).toHaveURL(/\/account$/)
    await expect(toast(page, 'Access Denied')).toBeVisible()
  })
})
