import type { Locator, Page } from '@playwright/test'
import { demoProducts } from '#app/workflows/demo-seed/demo-content.ts'
import {
  expect,
  expectFieldError,
  logIn,
  readDemoAccounts,
  test,
  toast,
  waitForHydration,
} from '../playwright-utils.ts'

// The storefront as a visitor uses it: catalog, product page, cart, promotion codes and what
// search engines read. Every expected amount below is worked out by hand from the demo prices in
// app/workflows/demo-seed/demo-content.ts (money in cents there, dollars here):
//   Universal Bike Phone Mount   $24.99; Matte Black +0, Safety Orange +$2.50, Recycled Grey -$1.00
//   Replacement Knob Set         tiers 1+ $8.99, 10+ $7.49, 50+ $5.99; no options
//   Cable Management Clips       tiers 1+ $6.99, 10+ $5.49, 50+ $3.99; Glow in the Dark +$2.50
//   Slim Phone Bumper Case       $14.99 (Device Cases); Frosted Clear +0
// Shipping is a flat $5.00; SUMMER15 is 15 % off, CASES5 $5 off Device Cases, SPRING10 has expired.

const BIKE_MOUNT = 'Universal Bike Phone Mount'
const KNOB_SET = 'Replacement Knob Set'
const CLIPS = 'Cable Management Clips (10 pack)'
const PHONE_CASE = 'Slim Phone Bumper Case'

const visibleTitles = demoProducts.filter((product) => product.status === 'visible').map((product) => product.title)
const unlistedTitles = demoProducts.filter((product) => product.status !== 'visible').map((product) => product.title)

function _visibleTitlesOf(category: string) {
  return demoProducts
    .filter((product) => product.status === 'visible' && product.category === category)
    .map((product) => product.title)
}

/** The toast with that title (and description) is on screen. */
async function expectToast(page: Page, title: string, description?: string) {
  const shown = description ? toast(page, title).filter({ hasText: description }) : toast(page, title)
  await expect(shown).toBeVisible()
}

function productCard(page: Page, title: string) {
  return page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

async function cardTitles(page: Page) {
  return (await page.getByTestId('product-card').getByRole('heading', { level: 2 }).allTextContents()).sort()
}

/** Adds one item from the product list, choosing the option when one is given. */
async function addFromList(page: Page, title: string, option?: string) {
  if (!page.url().endsWith('/products')) {
    await page.goto('/products')
    await waitForHydration(page)
  }
  const card = productCard(page, title)
  if (option) await card.getByLabel('Option').selectOption({ label: option })
  await card.getByRole('button', { name: 'Add to Cart' }).click()
  await expectToast(page, 'Added to cart!', `${title} has been added to your cart.`)
}

async function openProduct(page: Page, title: string) {
  await page.goto('/products')
  await page.getByRole('main').getByRole('link', { name: title, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await waitForHydration(page)
}

/** Adds from the product page: the option (if any) and the quantity typed into the field. */
async function addFromProductPage(page: Page, title: string, quantity: number, option?: string) {
  await openProduct(page, title)
  if (option) await page.getByLabel('Options', { exact: true }).selectOption({ label: option })
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity))
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  await expectToast(page, 'Added to cart!')
}

async function openCart(page: Page) {
  await page.goto('/cart')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible()
  await expect(page.getByTestId('cart-total')).toHaveText(/^\$/)
}

function cartLine(page: Page, title: string): Locator {
  return page.getByTestId('cart-item').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

function quantityOf(page: Page, title: string) {
  return page.getByRole('spinbutton', { name: `Quantity of ${title}`, exact: true })
}

/** The amount next to a label of the order summary (Subtotal, Shipping, Discount (CODE), Total). */
function summary(page: Page, label: string | RegExp) {
  const term = typeof label === 'string' ? new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) : label
  return page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd')
}

async function expectTotals(page: Page, totals: { subtotal: string; discount?: string; total: string }) {
  await expect(summary(page, 'Subtotal')).toHaveText(totals.subtotal)
  await expect(summary(page, 'Shipping')).toHaveText('$5.00')
  if (totals.discount) await expect(summary(page, /^Discount \(/)).toHaveText(totals.discount)
  else await expect(page.locator('dt', { hasText: /^Discount/ })).toHaveCount(0)
  await expect(page.getByTestId('cart-total')).toHaveText(totals.total)
}

async function applyPromoCode(page: Page, code: string) {
  await page.getByLabel('Promo code').fill(code)
  await page.getByRole('button', { name: 'Apply' }).click()
}

test.describe('product list', () => {
  test('hidden and archived products are never listed', async ({ page }) => {
    expect(unlistedTitles.length).toBeGreaterThan(0)
    await page.goto('/products')
    const categories = page.getByRole('navigation', { name: 'Product categories' })
    const hrefs = await categories.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    for (const href of hrefs) {
      await page.goto(href as string)
      const titles = await cardTitles(page)
      for (const title of unlistedTitles) expect(titles, `${title} on ${href}`).not.toContain(title)
    }
    await page.goto('/search?q=mount')
    const results = page.getByRole('region', { name: 'Products' })
    await expect(results.getByRole('link').first()).toBeVisible()
    for (const title of unlistedTitles) await expect(results.getByText(title)).toHaveCount(0)
  })

  test('a product with options asks for a selection before adding', async ({ page }) => {
    await page.goto('/products')
    await waitForHydration(page)
    await productCard(page, BIKE_MOUNT).getByRole('button', { name: 'Add to Cart' }).click()
    await expectToast(page, 'Selection Required', 'Please select a product variation before adding to cart.')
    await expect(page.getByTestId('cart-badge')).toHaveCount(0)
  })

  test('adds to the cart from the list and counts the items on the badge', async ({ page }) => {
    await page.goto('/products')
    await waitForHydration(page)
    await addFromList(page, BIKE_MOUNT, 'Safety Orange (+$2.50)')
    await expect(page.getByTestId('cart-badge')).toHaveText('1')
    await addFromList(page, KNOB_SET)
    await expect(page.getByTestId('cart-badge')).toHaveText('2')
    // The same product in the same option grows its line instead of adding one.
    await addFromList(page, BIKE_MOUNT, 'Safety Orange (+$2.50)')
    await expect(page.getByTestId('cart-badge')).toHaveText('3')
    await openCart(page)
    await expect(page.getByTestId('cart-item')).toHaveCount(2)
    await expect(quantityOf(page, BIKE_MOUNT)).toHaveValue('2')
    await expect(cartLine(page, BIKE_MOUNT)).toContainText('Safety Orange')
  })
})

test.describe('product page', () => {
  test('the image carousel wraps around both ways', async ({ page }) => {
    const count = demoProducts.find((product) => product.title === BIKE_MOUNT)?.imageCount as number
    await openProduct(page, BIKE_MOUNT)
    const image = page.getByRole('img', { name: new RegExp(`^${BIKE_MOUNT}, image \\d of ${count}$`) })
    await expect(image).toHaveAttribute('alt', `${BIKE_MOUNT}, image 1 of ${count}`)
    await page.getByRole('button', { name: 'Previous image' }).click()
    await expect(image).toHaveAttribute('alt', `${BIKE_MOUNT}, image ${count} of ${count}`)
    await expect(page.getByRole('button', { name: `Show image ${count}` })).toHaveAttribute('aria-current', 'true')
    await page.getByRole('button', { name: 'Next image' }).click()
    await expect(image).toHaveAttribute('alt', `${BIKE_MOUNT}, image 1 of ${count}`)
    await page.getByRole('button', { name: 'Next image' }).click()
    await expect(image).toHaveAttribute('alt', `${BIKE_MOUNT}, image 2 of ${count}`)
  })

  test('the option defaults to the first variation and its modifier changes the total', async ({ page }) => {
    await openProduct(page, BIKE_MOUNT)
    const options = page.getByLabel('Options', { exact: true })
    await expect(options.locator('option:checked')).toHaveText('Matte Black')
    await expect(page.getByTestId('product-total')).toHaveText('$24.99')
    await options.selectOption({ label: 'Safety Orange (+$2.50)' })
    await expect(page.getByTestId('product-total')).toHaveText('$27.49')
    await options.selectOption({ label: 'Recycled Grey (-$1.00)' })
    await expect(page.getByTestId('product-total')).toHaveText('$23.99')
    // With a variation chosen by default, Add to Cart never needs a selection.
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
    await expectToast(page, 'Added to cart!')
    await expect(page.getByTestId('cart-badge')).toHaveText('1')
  })

  test('tier prices change the total as the quantity crosses a tier', async ({ page }) => {
    await openProduct(page, KNOB_SET)
    const quantity = page.getByLabel('Quantity', { exact: true })
    const total = page.getByTestId('product-total')
    const tiers = page.getByRole('region', { name: 'Quantity pricing' })
    await expect(tiers.getByRole('listitem')).toHaveText([
      '1+ units$8.99 each',
      '10+ units$7.49 each',
      '50+ units$5.99 each',
    ])
    await expect(total).toHaveText('$8.99')
    await quantity.fill('9')
    await expect(total).toHaveText('$80.91')
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    await expect(quantity).toHaveValue('10')
    await expect(total).toHaveText('$74.90')
    // The current unit price next to the total, and the same price in the tier list.
    await expect(page.getByText('$7.49 each', { exact: true })).toHaveCount(2)
    await page.getByRole('button', { name: 'Decrease quantity' }).click()
    await expect(total).toHaveText('$80.91')
    await quantity.fill('50')
    await expect(total).toHaveText('$299.50')
  })

  test('the quantity never goes below 1', async ({ page }) => {
    await openProduct(page, KNOB_SET)
    const quantity = page.getByLabel('Quantity', { exact: true })
    const decrease = page.getByRole('button', { name: 'Decrease quantity' })
    await expect(quantity).toHaveValue('1')
    await expect(decrease).toBeDisabled()
    await page.getByRole('button', { name: 'Increase quantity' }).click()
    await expect(quantity).toHaveValue('2')
    await decrease.click()
    await expect(quantity).toHaveValue('1')
    await expect(decrease).toBeDisabled()
    for (const typed of ['0', '-4', '']) {
      await quantity.fill(typed)
      await quantity.blur()
      await expect(quantity).toHaveValue('1')
      await expect(page.getByTestId('product-total')).toHaveText('$8.99')
    }
  })

  test('quick select adds several options at once and resets its quantities', async ({ page }) => {
    await openProduct(page, BIKE_MOUNT)
    const panel = page.getByRole('region', { name: 'Quick Select' })
    const black = panel.getByLabel('Matte Black', { exact: true })
    const orange = panel.getByLabel('Safety Orange (+$2.50)', { exact: true })
    const grey = panel.getByLabel('Recycled Grey (-$1.00)', { exact: true })
    const addSelected = panel.getByRole('button', { name: 'Add Selected to Cart' })
    await expect(addSelected).toBeDisabled()
    // Never below 0.
    await grey.fill('-3')
    await grey.blur()
    await expect(grey).toHaveValue('0')
    await black.fill('2')
    await orange.fill('1')
    await orange.blur()
    // 2 × $24.99 + 1 × $27.49
    await expect(panel.getByTestId('quick-select-total')).toHaveText('$77.47')
    await addSelected.click()
    await expectToast(page, 'Items Added!', '3 item(s) have been added to your cart.')
    for (const input of [black, orange, grey]) await expect(input).toHaveValue('0')
    await expect(addSelected).toBeDisabled()
    await expect(page.getByTestId('cart-badge')).toHaveText('3')
    await openCart(page)
    await expect(page.getByTestId('cart-item')).toHaveCount(2)
    await expectTotals(page, { subtotal: '$77.47', total: '$82.47' })
  })

  test('quick select prices every option with the tier of the combined quantity', async ({ page }) => {
    await openProduct(page, CLIPS)
    const panel = page.getByRole('region', { name: 'Quick Select' })
    await panel.getByLabel('Matte Black', { exact: true }).fill('6')
    await panel.getByLabel('Glow in the Dark (+$2.50)', { exact: true }).fill('6')
    // 12 in all reaches the 10+ tier ($5.49): 6 × $5.49 + 6 × $7.99
    await expect(panel.getByTestId('quick-select-total')).toHaveText('$80.88')
    await panel.getByRole('button', { name: 'Add Selected to Cart' }).click()
    await expectToast(page, 'Items Added!', '12 item(s) have been added to your cart.')
    // The cart (and the server behind it) prices the two lines at the same combined tier.
    await openCart(page)
    await expectTotals(page, { subtotal: '$80.88', total: '$85.88' })
  })

  test('search engines get Open Graph tags and a JSON-LD Product with its price', async ({ page }) => {
    await openProduct(page, BIKE_MOUNT)
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', BIKE_MOUNT)
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', page.url())
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) as string)
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: BIKE_MOUNT,
      offers: { '@type': 'Offer', price: '24.99', priceCurrency: 'USD' },
    })
  })
})

test.describe('cart', () => {
  test('adds up tiers, variations, shipping and the total', async ({ page }) => {
    await addFromProductPage(page, CLIPS, 12, 'Glow in the Dark (+$2.50)')
    await addFromProductPage(page, BIKE_MOUNT, 2, 'Safety Orange (+$2.50)')
    await addFromProductPage(page, KNOB_SET, 1)
    await expect(page.getByTestId('cart-badge')).toHaveText('15')
    await openCart(page)
    // Clips: 12 reach the 10+ tier, $5.49 + $2.50 = $7.99 each
    await expect(cartLine(page, CLIPS)).toContainText('Glow in the Dark')
    await expect(cartLine(page, CLIPS)).toContainText('$7.99 each')
    await expect(cartLine(page, CLIPS).getByTestId('line-total')).toHaveText('$95.88')
    await expect(cartLine(page, BIKE_MOUNT).getByTestId('line-total')).toHaveText('$54.98')
    await expect(cartLine(page, KNOB_SET).getByTestId('line-total')).toHaveText('$8.99')
    // $95.88 + $54.98 + $8.99
    await expectTotals(page, { subtotal: '$159.85', total: '$164.85' })
    // Ten knob sets reach their 10+ tier: $74.90 instead of $89.90.
    const knobs = quantityOf(page, KNOB_SET)
    await knobs.fill('10')
    await knobs.press('Enter')
    await expect(cartLine(page, KNOB_SET).getByTestId('line-total')).toHaveText('$74.90')
    await expectTotals(page, { subtotal: '$225.76', total: '$230.76' })
    await expect(cartLine(page, CLIPS).getByRole('link', { name: CLIPS })).toHaveAttribute(
      'href',
      /^\/products\/[0-9a-f-]{36}$/,
    )
  })

  test('the quantity field turns a non-numeric value into 1, and minus stops at 1', async ({ page }) => {
    await addFromProductPage(page, KNOB_SET, 3)
    await openCart(page)
    const quantity = quantityOf(page, KNOB_SET)
    const minus = page.getByRole('button', { name: `Decrease quantity of ${KNOB_SET}` })
    await expect(quantity).toHaveValue('3')
    await quantity.fill('')
    await quantity.pressSequentially('abc')
    await quantity.blur()
    await expect(quantity).toHaveValue('1')
    await expect(cartLine(page, KNOB_SET).getByTestId('line-total')).toHaveText('$8.99')
    await expect(minus).toBeDisabled()
    await page.getByRole('button', { name: `Increase quantity of ${KNOB_SET}` }).click()
    await expect(quantity).toHaveValue('2')
    await minus.click()
    await expect(quantity).toHaveValue('1')
    await expect(minus).toBeDisabled()
    await quantity.fill('0')
    await quantity.blur()
    await expect(quantity).toHaveValue('1')
    await expectTotals(page, { subtotal: '$8.99', total: '$13.99' })
    await expect(page.getByTestId('cart-badge')).toHaveText('1')
  })

  test('removes a line, and Clear Cart empties it', async ({ page }) => {
    await page.goto('/products')
    await waitForHydration(page)
    await addFromList(page, KNOB_SET)
    await addFromList(page, BIKE_MOUNT, 'Matte Black')
    await openCart(page)
    await expect(page.getByTestId('cart-item')).toHaveCount(2)
    await page.getByRole('button', { name: `Remove ${KNOB_SET} from cart` }).click()
    await expect(page.getByTestId('cart-item')).toHaveCount(1)
    await expect(cartLine(page, BIKE_MOUNT)).toBeVisible()
    await expectTotals(page, { subtotal: '$24.99', total: '$29.99' })
    await expect(page.getByTestId('cart-badge')).toHaveText('1')
    await page.getByRole('button', { name: 'Clear Cart' }).click()
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
    await expect(page.getByTestId('cart-badge')).toHaveCount(0)
    await page.getByRole('link', { name: 'Start Shopping' }).click()
    await expect(page).toHaveURL(/\/products$/)
  })

  test('a corrupt stored cart is an empty cart, without errors', async ({ page }) => {
    await page.goto('/')
    for (const corrupt of ['{"not": json', '[{"id": 5, "quantity": "lots"}]', '"cart"']) {
      await page.evaluate((value) => localStorage.setItem('cartItems', value), corrupt)
      await page.goto('/cart')
      await waitForHydration(page)
      await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products')
      await expect(page.getByTestId('cart-badge')).toHaveCount(0)
    }
    // Adding to a corrupt cart starts a new one.
    await addFromList(page, KNOB_SET)
    await expect(page.getByTestId('cart-badge')).toHaveText('1')
  })

  test('stays in step across two tabs', async ({ page, context }) => {
    const secondTab = await context.newPage()
    const secondTabErrors: string[] = []
    secondTab.on('pageerror', (error) => secondTabErrors.push(error.message))
    secondTab.on('console', (message) => {
      if (message.type() === 'error') secondTabErrors.push(message.text())
    })

    await addFromList(page, KNOB_SET)
    await openCart(secondTab)
    await expect(quantityOf(secondTab, KNOB_SET)).toHaveValue('1')

    await openCart(page)
    await page.getByRole('button', { name: `Increase quantity of ${KNOB_SET}` }).click()
    await expect(quantityOf(secondTab, KNOB_SET)).toHaveValue('2')
    await expect(cartLine(secondTab, KNOB_SET).getByTestId('line-total')).toHaveText('$17.98')
    await expect(secondTab.getByTestId('cart-badge')).toHaveText('2')

    await addFromList(page, BIKE_MOUNT, 'Matte Black')
    await expect(secondTab.getByTestId('cart-item')).toHaveCount(2)
    await expectTotals(secondTab, { subtotal: '$42.97', total: '$47.97' })

    await openCart(page)
    await page.getByRole('button', { name: 'Clear Cart' }).click()
    await expect(secondTab.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
    expect(secondTabErrors).toEqual([])
  })
})

test.describe('promotion codes', () => {
  test('SUMMER15 in any case takes 15 % off and follows the cart', async ({ page }) => {
    await addFromList(page, BIKE_MOUNT, 'Safety Orange (+$2.50)')
    await addFromList(page, KNOB_SET)
    await openCart(page)
    // $27.49 + $8.99
    await expectTotals(page, { subtotal: '$36.48', total: '$41.48' })
    await applyPromoCode(page, 'summer15')
    await expectToast(page, 'Promo Code Applied!', "You've received a discount.")
    await expect(page.locator('dt', { hasText: 'Discount (SUMMER15)' })).toBeVisible()
    // 15 % of $36.48 = $5.472 → $5.47; $36.48 - $5.47 + $5.00
    await expectTotals(page, { subtotal: '$36.48', discount: '-$5.47', total: '$36.01' })
    await expect(page.getByLabel('Promo code')).toHaveValue('SUMMER15')

    // The discount is worked out again whenever the cart changes.
    await page.getByRole('button', { name: `Increase quantity of ${KNOB_SET}` }).click()
    // 15 % of $45.47 = $6.8205 → $6.82; $45.47 - $6.82 + $5.00
    await expectTotals(page, { subtotal: '$45.47', discount: '-$6.82', total: '$43.65' })
    await page.getByRole('button', { name: `Remove ${BIKE_MOUNT} from cart` }).click()
    // 15 % of $17.98 = $2.697 → $2.70
    await expectTotals(page, { subtotal: '$17.98', discount: '-$2.70', total: '$20.28' })

    // The code stays applied after a reload.
    await page.reload()
    await waitForHydration(page)
    await expectTotals(page, { subtotal: '$17.98', discount: '-$2.70', total: '$20.28' })

    // Clear Cart forgets the code as well.
    await page.getByRole('button', { name: 'Clear Cart' }).click()
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('promoCode'))).toBeNull()
    await addFromList(page, KNOB_SET)
    await openCart(page)
    await expect(page.getByLabel('Promo code')).toHaveValue('')
    await expectTotals(page, { subtotal: '$8.99', total: '$13.99' })
  })

  test('unknown and expired codes are refused', async ({ page }) => {
    await addFromList(page, KNOB_SET)
    await openCart(page)
    // SPRING10 exists and is active, but its dates have passed.
    for (const code of ['NOPE', 'spring10']) {
      await applyPromoCode(page, code)
      await expectToast(page, 'Invalid Promo Code', 'The code you entered is not valid.')
      // The reason is also written beside the field.
      await expectFieldError(page.getByLabel('Promo code'), 'The code you entered is not valid.')
      await expectTotals(page, { subtotal: '$8.99', total: '$13.99' })
      // A fresh page, so the next toast cannot be mistaken for this one.
      await page.reload()
      await waitForHydration(page)
    }
    await expect(page.getByLabel('Promo code')).toHaveValue('')
  })

  test('CASES5 needs a Device Cases product and then takes $5.00 off', async ({ page }) => {
    await addFromList(page, KNOB_SET)
    await openCart(page)
    await applyPromoCode(page, 'CASES5')
    await expectToast(page, 'Invalid Promo Code', 'The code you entered is not valid.')
    await expectTotals(page, { subtotal: '$8.99', total: '$13.99' })

    await addFromList(page, PHONE_CASE, 'Frosted Clear')
    await openCart(page)
    await applyPromoCode(page, 'cases5')
    await expectToast(page, 'Promo Code Applied!', "You've received a discount.")
    // $8.99 + $14.99 - $5.00 + $5.00
    await expectTotals(page, { subtotal: '$23.98', discount: '-$5.00', total: '$23.98' })
    await expect(page.locator('dt', { hasText: 'Discount (CASES5)' })).toBeVisible()

    // Without the case the code no longer applies.
    await page.getByRole('button', { name: `Remove ${PHONE_CASE} from cart` }).click()
    await expectTotals(page, { subtotal: '$8.99', total: '$13.99' })
  })
})

test.describe('search and search engines', () => {
  test('the search page lists the products whose title matches', async ({ page }) => {
    await page.goto('/search?q=CASE')
    const results = page.getByRole('region', { name: 'Products' }).getByRole('link')
    const expected = visibleTitles.filter((title) => title.toLowerCase().includes('case'))
    expect(expected.length).toBeGreaterThan(0)
    await expect(results).toHaveCount(expected.length)
    for (const title of expected) await expect(results.filter({ hasText: title })).toHaveCount(1)
    await page.goto('/search?q=zzzz-nothing')
    await expect(page.getByText('No results found.')).toBeVisible()
  })

  test('/robots.txt keeps private areas out and names the sitemap', async ({ request, baseURL }) => {
    const response = await request.get('/robots.txt')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('text/plain')
    const text = await response.text()
    expect(text).toContain('User-agent: *')
    for (const path of ['/account', '/admin', '/api/', '/resources/', '/checkout']) {
      expect(text).toContain(`Disallow: ${path}\n`)
    }
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
  })
})

test.describe('Add Product button', () => {
  test('visitors do not see it', async ({ page }) => {
    await page.goto('/products')
    await expect(page.getByRole('heading', { name: 'Our Products' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add Product' })).toHaveCount(0)
  })

  test('customers do not see it', async ({ page }) => {
    await logIn(page, readDemoAccounts().customer)
    await page.goto('/products')
    await expect(page.getByRole('heading', { name: 'Our Products' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add Product' })).toHaveCount(0)
  })

  test('admins see it, linking to /add-product', async ({ page }) => {
    await logIn(page, readDemoAccounts().admin)
    await page.goto('/products')
    await expect(page.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/add-product')
  })
})
