import { expect, expectFieldError, test, toast, uniqueEmail, waitForHydration } from '../playwright-utils.ts'

test.describe('newsletter', () => {
  test('subscribes, then reports a duplicate, and clears the field on success', async ({ page }) => {
    const email = uniqueEmail('news')
    await page.goto('/')
    await waitForHydration(page)
    const field = page.getByRole('textbox', { name: 'Newsletter' })
    await field.fill(email)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByText('Subscribed!')).toBeVisible()
    await expect(page.getByText("Thanks for joining! We've sent a confirmation to your email...")).toBeVisible()
    await expect(field).toHaveValue('')

    await field.fill(email.toUpperCase())
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByText('Already Subscribed')).toBeVisible()
    await expect(page.getByText('This email address is already on our list.')).toBeVisible()
  })

  test('rejects an invalid address in the browser and on the server', async ({ page, request }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('textbox', { name: 'Newsletter' }).fill('not-an-email')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByText('Invalid Email')).toBeVisible()
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible()

    const response = await request.post('/resources/newsletter', { form: { email: 'still@wrong', _js: '1' } })
    expect(response.status()).toBe(400)
  })

  test('an address only the server refuses is named beside the field', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const field = page.getByRole('textbox', { name: 'Newsletter' })
    // It has the e-mail pattern the browser checks, but is longer than an address may be.
    await field.fill(`${'a'.repeat(250)}@example.com`)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(toast(page, 'Invalid Email')).toBeVisible()
    await expectFieldError(field, 'Please enter a valid email address.')
  })

  test('works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/about')
    await page.getByRole('textbox', { name: 'Newsletter' }).fill(uniqueEmail('nojs'))
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page).toHaveURL(/\/about\?newsletter=subscribed$/)
    await expect(page.getByRole('status')).toContainText('Subscribed!')
    await context.close()
  })
})
