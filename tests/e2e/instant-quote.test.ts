import type { Page } from '@playwright/test'
import { objFile, threeMf } from '../factories/model-files.ts'
import { priceRow, uploadCube } from '../instant-quote-page.ts'
import { expect, logIn, readDemoAccounts, softwareWebGl, test, waitForHydration } from '../playwright-utils.ts'

// The instant 3D-print quote (issue 15, items 1-3): a visitor uploads a 20 mm cube, sees it in the
// 3D view with its dimensions, and watches the server's price follow the options; nobody else can
// price their model.

// The 3D view needs WebGL: this file's browser draws it in software (SwiftShader), which the
// shared configuration turns off to save the other tests' CPU.
test.use({ launchOptions: softwareWebGl })

test('the home page’s Request Custom Quote, /services and /contact lead to the instant quote', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'Request Custom Quote' }).click()
  await expect(page).toHaveURL(/\/instant-quote$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Instant 3D-Print Quote' })).toBeVisible()
  await page.goto('/services')
  await expect(page.getByRole('link', { name: 'Have a 3D model? Get an instant print quote' })).toHaveAttribute(
    'href',
    '/instant-quote',
  )
  await page.goto('/contact')
  await expect(page.getByRole('link', { name: 'Get an instant print quote' })).toHaveAttribute('href', '/instant-quote')
})

test('a visitor uploads a cube, sees it in 3D, and the price follows quantity, material and units; nobody else can price it', async ({
  page,
  browser,
}, testInfo) => {
  test.slow()
  await uploadCube(page)
  await expect(page.getByRole('img', { name: '3D view of your model' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Fit' })).toBeVisible()
  await page.getByRole('button', { name: 'Fit' }).click()
  await page.getByRole('button', { name: 'inches' }).click()
  await expect(page.getByTestId('model-dimensions')).toHaveText('0.79 × 0.79 × 0.79 in')
  await page.getByRole('button', { name: 'mm' }).click()

  // Decision 035: a 20 mm cube in PLA alone costs the $10.00 minimum.
  await expect(priceRow(page, 'Unit price')).toHaveText('$10.00')
  await expect(priceRow(page, 'Total for 1')).toHaveText('$10.00')
  await expect(priceRow(page, 'Production time')).toHaveText('3–5 business days')
  // The price is asked for again only when an option changes.
  const asked: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/instant-quote/price')) asked.push(request.url())
  })
  await page.waitForTimeout(1500)
  expect(asked).toEqual([])
  const plaGrams = await priceRow(page, 'Material per part').textContent()

  await page.getByLabel('Quantity').fill('10')
  await expect(priceRow(page, 'Total for 10')).toBeVisible()
  const plaTotal = await priceRow(page, 'Total for 10').textContent()
  expect(plaTotal).not.toBe('$10.00')
  const plaUnit = (await priceRow(page, 'Unit price').textContent()) ?? ''
  expect(Number(plaTotal?.replace(/[$,]/g, ''))).toBeCloseTo(Number(plaUnit.replace(/[$,]/g, '')) * 10, 2)

  await page.getByLabel('Material').selectOption({ label: 'TPU' })
  await expect(priceRow(page, 'Total for 10')).not.toHaveText(plaTotal ?? '')
  await expect(priceRow(page, 'Material per part')).not.toHaveText(plaGrams ?? '')
  await page.screenshot({ path: testInfo.outputPath('instant-quote-desktop.png'), fullPage: true })

  // In inches the cube is 508 mm a side: larger than the printer, so no price.
  await page.getByLabel('Model units').selectOption('inch')
  await expect(
    page.getByText('The model is larger than our printer: 508 × 508 × 508 mm, limit 256 × 256 × 256 mm'),
  ).toBeVisible()
  await expect(page.getByTestId('quote-price')).toHaveCount(0)
  await expect(page.getByTestId('model-dimensions')).toHaveText('508 × 508 × 508 mm')
  await page.getByLabel('Model units').selectOption('mm')
  await expect(priceRow(page, 'Total for 10')).toBeVisible()

  // The visitor's own cookie prices the model; the demo customer and another visitor are told it
  // was not found.
  const modelId = await page.locator('[data-model-id]').getAttribute('data-model-id')
  const form = {
    modelId: modelId ?? '',
    materialId: await page.getByLabel('Material').inputValue(),
    colour: (await page.locator('input[name="colour"]:checked').getAttribute('value')) ?? '',
    quality: 'standard',
    infill: '20',
    quantity: '1',
    units: 'mm',
  }
  const priceFrom = (who: Page) =>
    who.request.post('/instant-quote/price', { form, headers: { origin: new URL(who.url()).origin } })
  expect((await priceFrom(page)).status()).toBe(200)

  const customerContext = await browser.newContext()
  const customer = await customerContext.newPage()
  await logIn(customer, readDemoAccounts().customer)
  expect((await priceFrom(customer)).status()).toBe(404)
  await customerContext.close()

  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  await visitor.goto('/instant-quote')
  expect((await priceFrom(visitor)).status()).toBe(404)
  await visitorContext.close()
})

test('a file that is not a model is named, and the page stays usable on a phone', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/instant-quote')
  await waitForHydration(page)
  await page
    .getByLabel('3D model file')
    .setInputFiles({ name: 'noise.stl', mimeType: 'model/stl', buffer: Buffer.from('this is not a mesh at all') })
  await expect(page.getByRole('alert')).toHaveText('This file is not a 3D model we can read')

  await uploadCube(page)
  await expect(page.getByRole('img', { name: '3D view of your model' })).toBeVisible()
  await expect(priceRow(page, 'Unit price')).toHaveText('$10.00')
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.screenshot({ path: testInfo.outputPath('instant-quote-phone.png'), fullPage: true })
})

test('OBJ and 3MF files are shown and priced too, an open one with the warning', async ({ page }) => {
  await page.goto('/instant-quote')
  await waitForHydration(page)
  for (const [name, buffer] of [
    ['corner.obj', objFile()],
    ['corner.3mf', threeMf()],
  ] as const) {
    await page.getByLabel('3D model file').setInputFiles({ name, mimeType: 'application/octet-stream', buffer })
    await expect(page.getByText(`${name}:`)).toBeVisible()
    await expect(page.getByTestId('model-dimensions')).toHaveText('1 × 1 × 0 mm')
    await expect(page.getByRole('img', { name: '3D view of your model' })).toBeVisible()
    await expect(page.getByText('The model has holes; we will check it by hand')).toBeVisible()
    await expect(priceRow(page, 'Unit price')).toHaveText('$10.00')
  }
})
