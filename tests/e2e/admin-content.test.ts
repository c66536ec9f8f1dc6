import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, logIn, readDemoAccounts, test, toast, waitForHydration } from '../playwright-utils.ts'

const uniqueTitle = (prefix: string) => `${prefix} ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`

async function openAsAdmin(page: Page, path: string) {
  await logIn(page, readDemoAccounts().admin)
  await page.goto(path)
  await waitForHydration(page)
}

/** The public page as a visitor sees it, in a context without the admin's session. */
async function asVisitor(page: Page, path: string) {
  const context = await page.context().browser()?.newContext()
  if (!context) throw new Error('no browser')
  const visitor = await context.newPage()
  await visitor.goto(path)
  return { visitor, close: () => context.close() }
}

test.describe('back-office updates', () => {
  test('an added update is on /updates at once; hidden, it is gone; then it is edited and deleted', async ({
    page,
  }) => {
    await openAsAdmin(page, '/admin/updates')
    const title = uniqueTitle('Workshop news')
    const form = page.getByRole('region', { name: 'Add Update' })
    await form.getByLabel('Title').fill(title)
    await form.getByLabel('Content').fill('We now print in carbon-fibre nylon.')
    await form.getByRole('button', { name: 'Add Update' }).click()
    await expect(page.getByText('Update Added')).toBeVisible()
    await expect(form.getByLabel('Title')).toHaveValue('')
    const row = page.getByRole('article', { name: title, exact: true })
    await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'true')

    const shown = await asVisitor(page, '/updates')
    await expect(shown.visitor.getByRole('heading', { name: title })).toBeVisible()
    await expect(shown.visitor.getByText('We now print in carbon-fibre nylon.')).toBeVisible()

    await row.getByRole('switch').click()
    await expect(page.getByText('Visibility Updated')).toBeVisible()
    await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'false')
    await expect(row).toContainText('Hidden')
    await shown.visitor.reload()
    await expect(shown.visitor.getByRole('heading', { name: 'News & Updates' })).toBeVisible()
    await expect(shown.visitor.getByText(title)).toHaveCount(0)

    await row.getByRole('switch').click()
    await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'true')
    await row.getByRole('link', { name: /^Edit/ }).click()
    const edit = page.getByRole('region', { name: 'Edit Update' })
    await expect(edit.getByLabel('Title')).toHaveValue(title)
    const renamed = `${title} (revised)`
    await edit.getByLabel('Title').fill(renamed)
    await edit.getByRole('button', { name: 'Save Update' }).click()
    await expect(page.getByText('Update Saved')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Add Update' })).toBeVisible()
    await shown.visitor.reload()
    await expect(shown.visitor.getByRole('heading', { name: renamed })).toBeVisible()

    const renamedRow = page.getByRole('article', { name: renamed, exact: true })
    await renamedRow.getByRole('button', { name: /^Delete/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this update?' })
    await dialog.getByRole('button', { name: 'Delete Update' }).click()
    await expect(page.getByText('Update Deleted')).toBeVisible()
    await expect(renamedRow).toHaveCount(0)
    await shown.visitor.reload()
    await expect(shown.visitor.getByText(renamed)).toHaveCount(0)
    await shown.close()
  })

  test('an uploaded picture is shown with the update on /updates', async ({ page }) => {
    await openAsAdmin(page, '/admin/updates')
    const title = uniqueTitle('New colours')
    const form = page.getByRole('region', { name: 'Add Update' })
    await form.getByLabel('Title').fill(title)
    await form.getByLabel('Content').fill('Orange PETG is in stock.')
    const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#f97316' } })
      .png()
      .toBuffer()
    await form
      .getByLabel('Or upload a picture')
      .setInputFiles({ name: 'orange.png', mimeType: 'image/png', buffer: png })
    await form.getByRole('button', { name: 'Add Update' }).click()
    await expect(page.getByText('Update Added')).toBeVisible()
    const row = page.getByRole('article', { name: title, exact: true })
    await expect(row).toContainText(/Image: updates\/[0-9a-f-]{36}\.[0-9a-f]{16}\.webp/)

    const shown = await asVisitor(page, '/updates')
    const picture = shown.visitor.getByRole('article').filter({ hasText: title }).getByRole('img')
    await expect(picture).toBeVisible()
    await expect.poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    await shown.close()

    await row.getByRole('button', { name: /^Delete/ }).click()
    await page
      .getByRole('dialog', { name: 'Delete this update?' })
      .getByRole('button', { name: 'Delete Update' })
      .click()
    await expect(row).toHaveCount(0)
  })

  test('an empty update is refused with the message and adds nothing', async ({ page }) => {
    await openAsAdmin(page, '/admin/updates')
    // Other tests add and delete updates at the same time, so look for this title, not a count.
    const title = uniqueTitle('Only a title')
    const form = page.getByRole('region', { name: 'Add Update' })
    await form.getByLabel('Title').fill(title)
    await form.getByRole('button', { name: 'Add Update' }).click()
    await expect(page.getByText('Title and content cannot be empty.')).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('article').filter({ hasText: title })).toHaveCount(0)
  })
})

test.describe('back-office policies', () => {
  test('an admin creates a policy, views it in a new tab, edits it and deletes it after confirming', async ({
    page,
  }) => {
    await openAsAdmin(page, '/admin/policies')
    const title = uniqueTitle('Warranty')
    await page.getByRole('button', { name: 'New Policy' }).click()
    const form = page.getByRole('dialog', { name: 'New Policy' })
    await form.getByLabel('Title').fill(title)
    await form.getByLabel('Content').fill('Every print is covered for one year.\n\nWear and tear is not covered.')
    await form.getByRole('button', { name: 'Create Policy' }).click()
    await expect(page.getByText('Policy Created')).toBeVisible()
    await expect(form).toHaveCount(0)
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    // The new policy is the last row, under the toast in the corner: the toast goes first, or the
    // click lands on it (and a pointer resting on it keeps it on screen).
    await expect(toast(page, 'Policy Created')).toBeHidden()

    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      row.getByRole('link', { name: /^View/ }).click(),
    ])
    await expect(tab).toHaveURL(/\/policies\/[0-9a-f-]{36}$/)
    await expect(tab.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(tab.getByText('Every print is covered for one year.')).toBeVisible()
    await tab.goto('/policies')
    await expect(tab.getByRole('heading', { name: title })).toBeVisible()

    // Back to the back-office tab, as the admin would switch to it: a hidden tab's toasts stay
    // put (sonner pauses them), and 'Policy Created' would cover the row's buttons for good.
    await page.bringToFront()
    await row.getByRole('button', { name: /^Edit/ }).click()
    const edit = page.getByRole('dialog', { name: 'Edit Policy' })
    await expect(edit.getByLabel('Title')).toHaveValue(title)
    await edit.getByLabel('Content').fill('Every print is covered for two years.')
    await edit.getByRole('button', { name: 'Save Policy' }).click()
    await expect(page.getByText('Policy Updated')).toBeVisible()
    await tab.goBack()
    await tab.reload()
    await expect(tab.getByText('Every print is covered for two years.')).toBeVisible()
    const address = tab.url()

    await row.getByRole('button', { name: /^Delete/ }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete this policy?' })
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(row).toHaveCount(1)
    await row.getByRole('button', { name: /^Delete/ }).click()
    await confirm.getByRole('button', { name: 'Delete Policy' }).click()
    await expect(page.getByText('Policy Deleted')).toBeVisible()
    await expect(row).toHaveCount(0)
    await tab.goto(address)
    await expect(tab.getByText('Policy not found')).toBeVisible()
    await tab.close()
  })

  test('a policy without title or content is refused with the message', async ({ page }) => {
    await openAsAdmin(page, '/admin/policies')
    await page.getByRole('button', { name: 'New Policy' }).click()
    const form = page.getByRole('dialog', { name: 'New Policy' })
    await form.getByLabel('Title').fill('No content')
    await form.getByRole('button', { name: 'Create Policy' }).click()
    await expect(page.getByText('Title and content are required.')).toBeVisible()
    await expect(form).toBeVisible()
  })
})

test.describe('back-office about page', () => {
  test('an admin changes the hero title; /about shows it at once; the original is restored', async ({ page }) => {
    await openAsAdmin(page, '/admin/about')
    const hero = page.getByRole('region', { name: 'Hero' })
    const original = await hero.getByRole('textbox', { name: 'Title', exact: true }).inputValue()
    expect(original).not.toBe('')
    const images = await page
      .getByRole('textbox', { name: 'Image (optional)' })
      .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value))
    const title = uniqueTitle('Makers of useful things')
    try {
      await hero.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(page.getByText('About page content has been updated.')).toBeVisible()
      const shown = await asVisitor(page, '/about')
      await expect(shown.visitor.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await shown.close()
    } finally {
      await page.goto('/admin/about')
      await waitForHydration(page)
      await hero.getByRole('textbox', { name: 'Title', exact: true }).fill(original)
      await page.getByRole('button', { name: 'Save Changes' }).click()
      await expect(page.getByText('About page content has been updated.')).toBeVisible()
    }
    // The pictures of all three sections are kept by a save that did not change them.
    await page.reload()
    expect(images.filter(Boolean)).not.toEqual([])
    for (const [index, image] of images.entries()) {
      await expect(page.getByRole('textbox', { name: 'Image (optional)' }).nth(index)).toHaveValue(image)
    }
    const restored = await asVisitor(page, '/about')
    await expect(restored.visitor.getByRole('heading', { level: 1, name: original })).toBeVisible()
    await restored.close()
  })

  test('an empty section is refused with the message and nothing is saved', async ({ page }) => {
    await openAsAdmin(page, '/admin/about')
    const mission = page.getByRole('region', { name: 'Mission' })
    await mission.getByLabel('Content').fill('')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByText('Please fill in the title and text of every section.')).toBeVisible()
    await expect(page.getByText('About page content has been updated.')).toHaveCount(0)
  })
})

test.describe('back-office content pages, who may see them', () => {
  for (const path of ['/admin/updates', '/admin/policies', '/admin/about']) {
    test(`a customer gets Access Denied on ${path}`, async ({ page }) => {
      await logIn(page, readDemoAccounts().customer)
      await page.goto(path)
      await expect(page).toHaveURL(/\/account$/)
      await expect(page.getByText('Access Denied')).toBeVisible()
    })
  }
})
