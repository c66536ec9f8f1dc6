import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, logIn, readDemoAccounts, test, toast, uniqueEmail, waitForHydration } from '../playwright-utils.ts'

// The contact inbox (issue 13 §6): a visitor writes twice from /contact, the second time with a
// photo; the admin finds the message under New, downloads the photo, sees the sender's other
// message, replies (the reply is kept on the page and e-mailed through the outbox), and the
// message moves to Answered, then to Archived.

async function sendContactMessage(page: Page, fields: { email: string; subject: string; message: string }) {
  await page.getByLabel('Name', { exact: true }).fill('Robin Maker')
  await page.getByLabel('Email', { exact: true }).fill(fields.email)
  await page.getByLabel('Subject').fill(fields.subject)
  await page.getByLabel('Project description').fill(fields.message)
  await page.getByLabel('Urgency').selectOption('urgent')
  await page.getByRole('button', { name: 'Send Message' }).click()
}

/** The inbox tab `status`, narrowed to one sender by the search. */
async function openInbox(admin: Page, status: 'New' | 'Answered' | 'Archived', email: string) {
  await admin.goto('/admin/messages')
  await waitForHydration(admin)
  await admin
    .getByRole('navigation', { name: 'Filter by status' })
    .getByRole('link', { name: new RegExp(`^${status}`) })
    .click()
  await expect(
    admin.getByRole('navigation', { name: 'Filter by status' }).getByRole('link', { name: new RegExp(`^${status}`) }),
  ).toHaveAttribute('aria-current', 'page')
  await admin.getByLabel('Name, e-mail or subject').fill(email)
  await admin.getByRole('button', { name: 'Search' }).click()
  await expect(admin).toHaveURL(/q=/)
  return admin.getByTestId('message-row')
}

test('a visitor’s message with a photo is answered, then archived, from the back-office inbox', async ({
  page: visitor,
  browser,
}) => {
  test.slow()
  const email = uniqueEmail('inbox')
  const subject = `Broken mixer gear ${Date.now()}`
  const photo = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer()

  // The visitor writes first without a file, then about the gear with a photo.
  await visitor.goto('/contact')
  await waitForHydration(visitor)
  await sendContactMessage(visitor, { email, subject: 'Do you scan parts?', message: 'Just asking first.' })
  await expect(visitor.getByRole('status')).toContainText("We'll get back to you shortly.")

  await visitor.goto('/contact')
  await waitForHydration(visitor)
  const files = visitor.getByLabel('Files (optional)')
  // A program named like a photo is refused next to the field, and nothing is sent.
  await files.setInputFiles({ name: 'gear.png', mimeType: 'image/png', buffer: Buffer.from('MZ this is a program') })
  await sendContactMessage(visitor, { email, subject, message: 'The gear broke; photo attached.' })
  const refusal = '“gear.png” is not a photo (JPEG, PNG or WebP), a PDF or a 3D model'
  // The refusal is toasted and also written beside the field; the test reads the field's copy.
  await expect(visitor.getByRole('tabpanel', { name: 'Email Us' }).getByText(refusal)).toBeVisible()
  await files.setInputFiles({ name: 'gear.png', mimeType: 'image/png', buffer: photo })
  await visitor.getByRole('button', { name: 'Send Message' }).click()
  await expect(visitor.getByRole('status')).toContainText("We'll get back to you shortly.")

  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  try {
    await logIn(admin, readDemoAccounts().admin)

    // Under New: both messages of the sender; the one with the photo says so.
    const fresh = await openInbox(admin, 'New', email)
    await expect(fresh).toHaveCount(2)
    const row = fresh.filter({ hasText: subject })
    await expect(row).toContainText('1 file')
    await expect(row).toContainText('Urgent')
    await row.getByRole('link', { name: subject }).click()
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(subject)
    await waitForHydration(admin)
    await expect(admin.getByTestId('message-text')).toHaveText('The gear broke; photo attached.')
    await expect(admin.getByText(`From Robin Maker <${email}> · Urgent (24-48 hours)`)).toBeVisible()

    // The photo downloads from the admin-only address, as it was sent.
    const downloading = admin.waitForEvent('download')
    await admin.getByRole('link', { name: 'Download gear.png' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('gear.png')
    expect(Buffer.compare(await readFile(await download.path()), photo)).toBe(0)

    // The sender's other message is beside it; no account, no orders.
    const sender = admin.getByRole('region', { name: 'Other messages' })
    await expect(sender.getByRole('link', { name: 'Do you scan parts?' })).toBeVisible()
    await expect(admin.getByText(`No customer account with ${email}.`)).toBeVisible()

    // The reply is kept on the page and the message is answered.
    const reply = `Yes, we can print it in PETG. Reply ${Date.now()}`
    await admin.getByLabel('Your reply').fill(reply)
    await admin.getByRole('button', { name: 'Send Reply' }).click()
    await expect(toast(admin, 'Reply Sent')).toContainText(`Your reply was e-mailed to ${email}.`)
    await expect(admin.getByTestId('message-reply')).toContainText(reply)
    await expect(admin.getByLabel('Your reply')).toHaveValue('')
    await expect(admin.getByRole('button', { name: 'Archive' })).toBeVisible()

    // The e-mail is in the outbox, to the sender, with the reply.
    await admin.getByRole('link', { name: 'E-mail in the outbox' }).click()
    await expect(admin.locator('#outbox-message-subject')).toHaveText(`Re: ${subject}`)
    await expect(admin.getByText(`To ${email} ·`)).toContainText('contact-reply')
    await expect(admin.locator('pre').first()).toContainText(reply)
    await expect(admin.locator('pre').first()).toContainText('> The gear broke; photo attached.')
    await admin.goto('/admin/outbox')
    await expect(
      admin
        .getByRole('row')
        .filter({ hasText: email })
        .filter({ hasText: `Re: ${subject}` }),
    ).toHaveCount(1)

    // Answered now: gone from New, listed under Answered.
    await expect((await openInbox(admin, 'New', email)).filter({ hasText: subject })).toHaveCount(0)
    const answered = await openInbox(admin, 'Answered', email)
    await expect(answered).toHaveCount(1)
    await answered.getByRole('link', { name: subject }).click()
    await waitForHydration(admin)
    await admin.getByRole('button', { name: 'Archive' }).click()
    await expect(toast(admin, 'Message Archived')).toBeVisible()
    await expect(admin.getByRole('button', { name: 'Move to New' })).toBeVisible()
    const archived = await openInbox(admin, 'Archived', email)
    await expect(archived).toHaveCount(1)
    await expect(archived).toContainText('Archived')

    // Every change is in the activity log under Messages.
    await admin.goto('/admin/activity?type=message')
    const entries = admin.getByTestId('activity-entry').filter({ hasText: subject })
    await expect(entries.filter({ hasText: 'Archived' })).toHaveCount(1)
    await expect(entries.filter({ hasText: 'Replied' })).toHaveCount(1)
  } finally {
    await adminContext.close()
  }
})
