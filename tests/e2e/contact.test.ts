import { expect, expectFieldError, test, toast, uniqueEmail, waitForHydration } from '../playwright-utils.ts'

test.describe('contact form', () => {
  test('sends a message and shows the success toast', async ({ page }) => {
    await page.goto('/contact')
    await waitForHydration(page)
    await expect(page.getByText('We reply within 24 hours.')).toBeVisible()
    await page.getByLabel('Name', { exact: true }).fill('Pat Printer')
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('contact'))
    await page.getByLabel('Subject').fill('Replacement gear')
    await page.getByLabel('Project description').fill('Please scan and print a broken mixer gear.')
    await page.getByLabel('Urgency').selectOption('rush')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText("We'll get back to you shortly.").first()).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')
  })

  test('required fields are checked on the server, each message beside its field', async ({ page }) => {
    await page.goto('/contact')
    await waitForHydration(page)
    await page.getByLabel('Email', { exact: true }).fill('not-an-email')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expectFieldError(page.getByLabel('Name', { exact: true }), 'Name is required.')
    await expectFieldError(page.getByLabel('Email', { exact: true }), 'Please enter a valid email address.')
    await expectFieldError(page.getByLabel('Subject'), 'Subject is required.')
    await expectFieldError(page.getByLabel('Project description'), 'Project description is required.')
    // The first problem is also the toast.
    await expect(toast(page, 'Name is required.')).toBeVisible()

    // Corrected, the message goes and its field is no longer marked.
    await page.getByLabel('Name', { exact: true }).fill('Pat Printer')
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('contact'))
    await page.getByLabel('Subject').fill('Replacement gear')
    await page.getByLabel('Project description').fill('Please print this gear.')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText("We'll get back to you shortly.").first()).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).not.toHaveAttribute('aria-invalid')
    await expect(page.getByText('Name is required.')).toHaveCount(0)
  })

  test('the urgency options are the three of the specification', async ({ page }) => {
    await page.goto('/contact')
    await expect(page.getByLabel('Urgency').locator('option')).toHaveText([
      'Standard (5-7 days)',
      'Rush (2-3 days)',
      'Urgent (24-48 hours)',
    ])
  })

  // The tabs and the form load after the first paint (decision 036); the server's HTML works alone.
  test('sends a message without JavaScript, and shows its problems beside their fields', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/contact')
    await expect(page.getByRole('tab', { name: 'Email Us' })).toHaveAttribute('aria-selected', 'true')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expectFieldError(page.getByLabel('Name', { exact: true }), 'Name is required.')
    await page.getByLabel('Name', { exact: true }).fill('Pat Printer')
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('contact-nojs'))
    await page.getByLabel('Subject').fill('Replacement gear')
    await page.getByLabel('Project description').fill('Please print this gear.')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Message Sent!' })).toBeVisible()
    await context.close()
  })
})
