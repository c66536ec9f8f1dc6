import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type Browser, test as base, type Cookie, expect, type Locator, type Page } from '@playwright/test'
import { type RunningShop, signIn, startShop } from './setup/server-process.ts'

/**
 * The shared test fixture: fails a test on any uncaught page error or console error, as a
 * customer-visible JavaScript failure should never pass unnoticed.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  // Every test comes from an address of its own (a /64 of the documentation range), which the e2e
  // server trusts from its loopback proxy (TRUST_PROXY=loopback in playwright.config.ts). The
  // per-address limits then see one customer, not the whole test run behind 127.0.0.1.
  extraHTTPHeaders: async ({ baseURL: _baseURL }, use) => {
    const group = () => randomBytes(2).toString('hex')
    await use({ 'x-forwarded-for': `2001:db8:${group()}:${group()}::1` })
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
      page.on('console', (message) => {
        if (message.type() === 'error' && !isExpectedConsoleError(message.text())) {
          errors.push(`console.error: ${message.text()}`)
        }
      })
      await use(errors)
      expect(errors, 'the page logged errors').toEqual([])
    },
    { auto: true },
  ],
})

// A 4xx answer we asked for on purpose (a 404 page, a refused request) is logged by Chromium as
// "Failed to load resource"; that is the browser reporting the status, not a script failing.
function isExpectedConsoleError(text: string) {
  return /Failed to load resource: the server responded with a status of 4\d\d/.test(text)
}

export { expect }

/**
 * The toast on screen with that text. The Toaster shows one toast at a time (visibleToasts: 1):
 * a newer one hides the older, which stays in the page, hidden, until its timer ends. So only the
 * visible one counts, else two saves in a row would match both.
 */
export function toast(page: Page, text: string | RegExp) {
  return page
    .locator('[data-sonner-toast][data-visible="true"][data-removed="false"]:not([data-seen-by-test])')
    .filter({ hasText: text })
}

/**
 * Marks the toasts now in the page as seen, so `toast()` only finds ones raised afterwards: call it
 * before an action whose toast has the same text as an earlier one still on screen.
 */
export async function forgetToasts(page: Page) {
  await page.locator('[data-sonner-toast]').evaluateAll((toasts) => {
    for (const shown of toasts) shown.setAttribute('data-seen-by-test', '')
  })
}

/**
 * The field shows the server's `message` beside it: it is marked invalid, and the visible element
 * its `aria-describedby` names as its error says exactly that (components/forms/field.tsx).
 */
export async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  const errorId = (await field.getAttribute('aria-describedby'))?.split(' ').find((id) => id.endsWith('-error'))
  expect(errorId, 'the field names its error in aria-describedby').toBeTruthy()
  const error = field.page().locator(`[id="${errorId}"]`)
  await expect(error).toBeVisible()
  await expect(error).toHaveText(message)
}

/**
 * Picks a record in a back-office search picker (components/admin/record-search-picker.tsx): types
 * `text` in the field labelled `label`, then clicks the first record offered whose label contains
 * `option` (the text itself unless told).
 * @example await pickRecord(dialog, 'Customer', 'casey@example.com')
 */
export async function pickRecord(scope: Page | Locator, label: string, text: string, option: string | RegExp = text) {
  const field = scope.getByRole('combobox', { name: label })
  await field.fill(text)
  await scope.getByRole('option', { name: option }).first().click()
  await expect(scope.getByRole('listbox')).toBeHidden()
}

/** Waits until React has hydrated the page, so client-side handlers are attached. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/** A unique e-mail address for one test run. */
export function uniqueEmail(prefix = 'e2e') {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

export type DemoAccount = { role: string; email: string; password: string }

/** The demo admin and customer that the server created on its first start (see DATA_DIR). */
export function readDemoAccounts(): { admin: DemoAccount; customer: DemoAccount } {
  const file = path.resolve(`tests/.tmp/e2e-data-${process.env.E2E_PORT ?? 3100}/demo-accounts.txt`)
  const accounts = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [role, email, password] = line.split('\t')
      return { role, email, password }
    })
  const admin = accounts.find((account) => account.role === 'Admin')
  const customer = accounts.find((account) => account.role === 'customer')
  if (!admin || !customer) throw new Error(`demo accounts missing in ${file}`)
  return { admin, customer }
}

/** Signs in through the login form and waits for the landing page. */
export async function signInThroughForm(
  page: Page,
  account: { email: string; password: string },
  from = '/auth?tab=login',
) {
  await page.goto(from)
  await waitForHydration(page)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Login Successful!')).toBeVisible()
}

/**
 * Where the run's one session of a demo account is kept (see e2e-global-setup.ts): in the run's
 * data folder, which each run starts afresh, so a session never outlives its server's database.
 */
export function demoSessionFile(email: string) {
  return path.resolve(`tests/.tmp/e2e-data-${process.env.E2E_PORT ?? 3100}/e2e-sessions/${email}.json`)
}

/**
 * Signs the page in: a demo account with the session the run signed in once (and lands where the
 * login form would: the `redirectTo` of `from`, or the home page), any other account through the
 * login form.
 */
export async function logIn(page: Page, account: { email: string; password: string }, from = '/auth?tab=login') {
  const file = demoSessionFile(account.email)
  if (!existsSync(file)) return signInThroughForm(page, account, from)
  const { cookies } = JSON.parse(readFileSync(file, 'utf8')) as { cookies: Cookie[] }
  await page.context().addCookies(cookies)
  const redirectTo = new URL(from, 'http://localhost').searchParams.get('redirectTo')
  await page.goto(redirectTo?.startsWith('/') ? redirectTo : '/')
  // Signed in means ready to use, as after the form: the page's code starts after its load event
  // (decision 041), and a menu clicked before it has hydrated does not open.
  await waitForHydration(page)
}

/**
 * The first link of the newest e-mail to `to`, read the way the shop owner would: signed in as
 * the demo admin, in the back-office mail outbox.
 */
export async function readMailLink(browser: Browser, to: string, subject: string): Promise<string> {
  const context = await browser.newContext()
  const page = await context.newPage()
  try {
    await logIn(page, readDemoAccounts().admin)
    await page.goto('/admin/outbox')
    const row = page.getByRole('row').filter({ hasText: to }).filter({ hasText: subject }).first()
    await row.getByRole('link').first().click()
    const text = (await page.locator('pre').first().textContent()) ?? ''
    // The action link (verification, reset), not the shop's home link in the mail's footer.
    const links = text.match(/https?:\/\/\S+/g) ?? []
    const link = links.find((candidate) => candidate.includes('/api/auth/')) ?? links[0]
    if (!link) throw new Error(`no link in the mail to ${to}`)
    return link
  } finally {
    await context.close()
  }
}

/**
 * Fills the demo checkout's shipping fields as a guest would (with `email`), or as a customer
 * whose saved address is prefilled would change it.
 */
export async function fillShippingDetails(page: Page, { email }: { email?: string } = {}) {
  if (email) await page.getByLabel('Email').fill(email)
  await page.getByLabel('Full name').fill('Gale Guest')
  await page.getByLabel('Address', { exact: true }).fill('1 Printer Way')
  await page.getByLabel('City').fill('Austin')
  await page.getByLabel('State or region').fill('TX')
  await page.getByLabel('Postal code').fill('78701')
  await page.getByLabel('Country').selectOption('US')
}

/**
 * Buys one product through the demo checkout as the signed-in customer (their saved address is
 * prefilled): `choose` sets options or quantity on the product page first. Lands on /success and
 * returns the order's number (digits, without the #) and the total paid.
 */
export async function buyThroughDemoCheckout(page: Page, title: string, choose?: (page: Page) => Promise<void>) {
  await page.goto('/products')
  await page.getByRole('main').getByRole('link', { name: title, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await waitForHydration(page)
  await choose?.(page)
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  await expect(toast(page, 'Added to cart!')).toBeVisible()
  await page.goto('/cart')
  await waitForHydration(page)
  await expect(page.getByTestId('cart-total')).toHaveText(/^\$/)
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
  await page.waitForURL(/\/demo-checkout\/cs_demo_/)
  await waitForHydration(page)
  await page.getByRole('button', { name: /^Pay / }).click()
  await page.waitForURL(/\/success\?session_id=cs_demo_/)
  const number = ((await page.getByTestId('order-number').textContent()) ?? '').replace('#', '')
  expect(number).toMatch(/^\d{4,}$/)
  return { number, total: (await page.getByTestId('order-total').textContent()) ?? '' }
}

/**
 * Tests that count everything of a kind (the dashboard's figures, a bulk action on "all matching")
 * run on a shop of their own: a fresh demo shop started for the file's worker, since the shared
 * shop's orders and products change under them as the other tests run. Mark the file serial so
 * one worker, and one extra server, runs it.
 */
export const ownShopTest = test.extend<object, { shop: RunningShop; shopEnv: Record<string, string>; shopFor: string }>(
  {
    /** More of the shop's environment (a mail server, say): a file overrides it. */
    shopEnv: [{}, { scope: 'worker', option: true }],
    /**
     * The file the shop is for: each file sets its own (`test.use({ shopFor: 'catalog-listing' })`), so
     * Playwright gives it a worker, and a shop, of its own. Without it two files run by one worker
     * would share a shop, and one would count what the other changed.
     */
    shopFor: ['', { scope: 'worker', option: true }],
    shop: [
      async ({ shopEnv, shopFor }, use) => {
        if (!shopFor) throw new Error("a test on a shop of its own names its file: test.use({ shopFor: '…' })")
        const shop = await startShop({
          demo: true,
          env: { AUTH_RATE_LIMIT_MAX: '500', LOG_LEVEL: 'warn', ...shopEnv },
        })
        await use(shop)
        await shop.stop()
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    baseURL: async ({ shop }, use) => use(shop.base),
  },
)

/** A page signed in as the own shop's demo admin or customer, in a browser context of its own. */
export async function signedInOnShop(browser: Browser, shop: RunningShop, role: 'Admin' | 'customer') {
  const context = await browser.newContext({ baseURL: shop.base })
  const cookie = await signIn(shop, shop.demoAccount(role))
  const at = cookie.indexOf('=')
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: shop.base }])
  return context.newPage()
}

/**
 * Launch options for a file whose pages draw WebGL (the instant quote's 3D view): Debian's headless
 * Chromium drawing in software (SwiftShader), which the shared configuration turns off to save the
 * other tests' CPU.
 * @example test.use({ launchOptions: softwareWebGl })
 */
export const softwareWebGl = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
  ],
}

/**
 * The admin, in a browser of their own, on an order's back-office page, reached from the orders
 * list by its number. Close it when done.
 * @example const admin = await openAdminOrder(browser, '1042'); …; await admin.close()
 */
export async function openAdminOrder(browser: Browser, number: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await logIn(page, readDemoAccounts().admin)
  await page.goto(`/admin/orders?q=${number}`)
  await page.getByRole('link', { name: `Order #${number}`, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${number}`)
  await waitForHydration(page)
  return { page, close: () => context.close() }
}

/**
 * Opens a back-office row's "More actions for …" menu (RowMenu) and returns it: an invoice's sets
 * its status ("Mark as paid") and has History, Void and Delete; a product's Archive and Delete.
 * `scope` is the page with the record's name as the button says it ("invoice #4f0c1a2b"), or
 * the record's row.
 * @example await (await openRowMenu(page, 'invoice #4f0c1a2b')).getByRole('menuitem', { name: 'Mark as paid' }).click()
 */
export async function openRowMenu(scope: Page | Locator, record?: string) {
  await scope.getByRole('button', { name: record ? `More actions for ${record}` : /^More actions for / }).click()
  const page = 'page' in scope ? scope.page() : scope
  return page.getByRole('menu')
}
