import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { freePort } from '#tests/setup/server-process.ts'
import { expect, ownShopTest, signedInOnShop, toast, waitForHydration } from '../playwright-utils.ts'

// A failed delivery, retried from the mail outbox (issue 13 §6): the shop is told of a mail
// server on a port where none listens yet, so its first e-mail fails; the test then starts a real
// SMTP server there and the admin presses Retry.

const test = ownShopTest.extend<object, { smtpPort: number }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  smtpPort: [async ({}, use) => use(await freePort()), { scope: 'worker' }],
  shopEnv: [async ({ smtpPort }, use) => use({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }), { scope: 'worker' }],
})

test.describe.configure({ mode: 'serial' })
test.use({ shopFor: 'mail-retry' })

function startSmtpServer(port: number) {
  const received: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {})
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((recipient) => recipient.address))
        callback()
      })
    },
  })
  return new Promise<{ received: string[]; close: () => Promise<void> }>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      expect((server.server.address() as AddressInfo).port).toBe(port)
      resolve({ received, close: () => new Promise<void>((done) => server.close(() => done())) })
    })
  })
}

test('a reset e-mail that could not be delivered is sent again from the outbox', async ({
  browser,
  shop,
  smtpPort,
  page: visitor,
}) => {
  const { email } = shop.demoAccount('customer')
  await visitor.goto('/auth?tab=reset-password')
  await waitForHydration(visitor)
  await visitor.getByLabel('Email').fill(email)
  await visitor.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(visitor.getByText('Password Reset Email Sent')).toBeVisible()

  const admin = await signedInOnShop(browser, shop, 'Admin')
  await admin.goto('/admin/outbox')
  await admin
    .getByRole('navigation', { name: 'Filter messages' })
    .getByRole('link', { name: /^Failed/ })
    .click()
  const row = admin.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Reset your password' })
  await expect(row.getByText('Failed', { exact: true })).toBeVisible()
  await expect(row).toContainText(/ECONNREFUSED|connect/i)

  const smtp = await startSmtpServer(smtpPort)
  try {
    await waitForHydration(admin)
    await row.getByRole('button', { name: /^Retry/ }).click()
    await expect(toast(admin, 'Mail Sent')).toBeVisible()
    expect(smtp.received).toEqual([email])
    await expect(admin.getByText('No delivery has failed.')).toBeVisible()
    await admin.getByRole('link', { name: 'All messages' }).click()
    await expect(
      admin.getByRole('row').filter({ hasText: 'Reset your password' }).getByText('Sent', { exact: true }),
    ).toBeVisible()
  } finally {
    await smtp.close()
  }
})
