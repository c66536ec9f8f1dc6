import type { Browser, Page } from '@playwright/test'
import {
  expect,
  logIn,
  readDemoAccounts,
  readMailLink,
  test,
  toast,
  uniqueEmail,
  waitForHydration,
} from '../playwright-utils.ts'

// The back-office user list (back-office §2 /admin/users), with invitations by e-mail (DESIGN.md 6, 7).
// Every test works on users it invites itself: the demo accounts are never changed.

const userRow = (page: Page, email: string) => page.getByTestId('admin-user-row').filter({ hasText: email })

/** Opens the list filtered to one address through the search box. */
async function findUser(page: Page, email: string) {
  await page.goto('/admin/users')
  await waitForHydration(page)
  const main = page.getByRole('main')
  await main.getByRole('searchbox', { name: 'Search users by name or e-mail' }).fill(email)
  await main.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/users\?q=/)
  await expect(userRow(page, email)).toHaveCount(1)
}

async function invite(page: Page, email: string, fullName = '') {
  await page.goto('/admin/users')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Invite User' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite User' })
  await dialog.getByLabel('Email').fill(email)
  if (fullName) await dialog.getByLabel('Full name').fill(fullName)
  await dialog.getByRole('button', { name: 'Send Invitation' }).click()
  await expect(toast(page, 'Invitation Sent')).toBeVisible()
  await expect(dialog).toHaveCount(0)
}

/** The invitee, in a browser of their own: opens the e-mailed link and chooses a password. */
async function acceptInvitation(browser: Browser, email: string) {
  const context = await browser.newContext()
  const invitee = await context.newPage()
  await invitee.goto(await readMailLink(browser, email, 'You are invited to LayerWorks 3D'))
  await expect(invitee).toHaveURL(/\/update-password\?token=.+&invited=1$/)
  await expect(invitee.getByRole('heading', { name: 'Welcome to LayerWorks 3D' })).toBeVisible()
  await waitForHydration(invitee)
  await invitee.getByLabel('New Password', { exact: true }).fill('Invited-pass-42')
  await invitee.getByLabel('Confirm New Password').fill('Invited-pass-42')
  await invitee.getByRole('button', { name: 'Update Password' }).click()
  await expect(invitee).toHaveURL(/\/account$/)
  await expect(toast(invitee, 'Welcome to LayerWorks 3D!')).toBeVisible()
  return { context, invitee }
}

test.describe('back-office users', () => {
  test('an admin invites someone by e-mail; they set a password from the link and are signed in', async ({
    page,
    browser,
  }) => {
    test.slow()
    const email = uniqueEmail('ivy')
    await logIn(page, readDemoAccounts().admin)
    await invite(page, email, 'Ivy Invited')
    await findUser(page, email)
    await expect(userRow(page, email)).toContainText('Ivy Invited')
    await expect(userRow(page, email)).toContainText('customer')
    await expect(userRow(page, email).getByText('Invited', { exact: true })).toBeVisible()

    // Inviting the same address again sends a fresh link; a registered address is refused.
    await invite(page, email)
    await page.getByRole('button', { name: 'Invite User' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite User' })
    await dialog.getByLabel('Email').fill(readDemoAccounts().customer.email)
    await dialog.getByRole('button', { name: 'Send Invitation' }).click()
    await expect(toast(page, 'Invitation failed')).toContainText('A user with this e-mail already exists.')
    await expect(dialog).toBeVisible()

    const { context, invitee } = await acceptInvitation(browser, email)
    await expect(invitee.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible()
    await expect(invitee.getByRole('button', { name: 'Admin' })).toHaveCount(0)
    await context.close()

    await findUser(page, email)
    await expect(userRow(page, email).getByText('Invited', { exact: true })).toHaveCount(0)
  })

  test('an admin edits a user’s name and role; the user sees the Admin menu on their next page', async ({
    page,
    browser,
  }) => {
    test.slow()
    const email = uniqueEmail('promoted')
    await logIn(page, readDemoAccounts().admin)
    await invite(page, email)
    const { context, invitee } = await acceptInvitation(browser, email)
    await expect(invitee.getByRole('button', { name: 'Admin' })).toHaveCount(0)

    await findUser(page, email)
    await userRow(page, email).getByRole('button', { name: /^Edit/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit User' })
    await expect(dialog.getByLabel('Email')).toHaveValue(email)
    await dialog.getByLabel('Full name').fill('Pat Promoted')
    await dialog.getByLabel('Role').selectOption('Admin')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(toast(page, 'User Updated!')).toBeVisible()
    await expect(userRow(page, email)).toContainText('Pat Promoted')
    await expect(userRow(page, email)).toContainText('Admin')

    // An empty e-mail is refused by the form.
    await userRow(page, email).getByRole('button', { name: /^Edit/ }).click()
    await dialog.getByLabel('Email').fill('')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    await invitee.goto('/account')
    await expect(invitee.getByRole('button', { name: 'Admin' })).toBeVisible()
    await invitee.goto('/admin/users')
    await expect(invitee.getByRole('heading', { name: 'Manage Users' })).toBeVisible()
    await context.close()
  })

  test('deleting a user asks first, then removes them', async ({ page }) => {
    const email = uniqueEmail('deleted')
    await logIn(page, readDemoAccounts().admin)
    await invite(page, email)
    await findUser(page, email)

    await userRow(page, email)
      .getByRole('button', { name: /^Delete/ })
      .click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText(email)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(userRow(page, email)).toHaveCount(1)

    await userRow(page, email)
      .getByRole('button', { name: /^Delete/ })
      .click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete User' }).click()
    await expect(toast(page, 'User Deleted')).toBeVisible()
    await expect(userRow(page, email)).toHaveCount(0)
    await expect(page.getByText('No users match your search.')).toBeVisible()
  })

  test('an admin cannot delete their own account', async ({ page }) => {
    const { admin } = readDemoAccounts()
    await logIn(page, admin)
    await findUser(page, admin.email)
    await expect(userRow(page, admin.email)).toContainText('(you)')
    await userRow(page, admin.email)
      .getByRole('button', { name: /^Delete/ })
      .click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete User' }).click()
    await expect(toast(page, 'Deletion failed')).toContainText('You cannot delete your own account.')
    await page.keyboard.press('Escape')
    await page.reload()
    await expect(userRow(page, admin.email)).toHaveCount(1)
  })

  test('a customer gets Access Denied', async ({ page }) => {
    await logIn(page, readDemoAccounts().customer)
    await page.goto('/admin/users')
    await expect(page).toHaveURL(/\/account$/)
    await expect(page.getByText('Access Denied')).toBeVisible()
    await expect(page.getByText('You do not have permission to view that page.')).toBeVisible()
  })
})
