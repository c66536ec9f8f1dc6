import { expect, signedInOnShop, ownShopTest as test, toast, waitForHydration } from '../playwright-utils.ts'

// Bulk work on the product list (issue 13 §3), on a shop of the test's own: hiding products takes
// them out of the shared shop's catalogue, which other tests read at the same time.

test.describe.configure({ mode: 'serial' })
test.use({ shopFor: 'admin-bulk' })

const KNOBS = 'Replacement Knob Set'
const RENAMED = 'Replacement Knob Set (4 pack)'
const CLIPS = 'Cable Management Clips (10 pack)'
// Hidden in the demo shop from the start.
const MOTORCYCLE = 'Motorcycle Handlebar Mount'

test('the admin hides two products at once, moves them to a category and shows them again', async ({
  browser,
  shop,
  page: visitor,
}) => {
  const admin = await signedInOnShop(browser, shop, 'Admin')
  await admin.goto('/admin/products')
  await waitForHydration(admin)
  const bar = admin.getByRole('region', { name: 'Bulk actions' })
  await expect(bar).toHaveCount(0)

  await admin.getByLabel(`Select ${KNOBS}`).check()
  await admin.getByLabel(`Select ${CLIPS}`).check()
  await expect(bar).toContainText('2 products selected')
  await bar.getByRole('button', { name: 'Hide' }).click()
  const hide = admin.getByRole('dialog', { name: 'Hide 2 products?' })
  await hide.getByRole('button', { name: 'Hide Products' }).click()
  await expect(toast(admin, 'Products Updated')).toContainText('2 products are now hidden from the shop.')
  await expect(hide).toBeHidden()
  await expect(bar).toHaveCount(0)
  const rows = admin.getByTestId('admin-product-row')
  await expect(rows.filter({ hasText: KNOBS })).toHaveCount(0)

  // Visitors no longer find them.
  await visitor.goto('/products')
  await expect(visitor.getByRole('main').getByRole('link', { name: KNOBS, exact: true })).toHaveCount(0)

  // The Hidden list: the page's box selects every row, 'Clear selection' none.
  await admin
    .getByRole('navigation', { name: 'Filter products' })
    .getByRole('link', { name: /^Hidden/ })
    .click()
  await expect(rows).toHaveCount(3)
  await admin.getByLabel('Select every product on this page').check()
  await expect(bar).toContainText('3 products selected')
  await bar.getByRole('button', { name: 'Clear selection' }).click()
  await expect(bar).toHaveCount(0)
  await admin.getByLabel(`Select ${KNOBS}`).check()
  await admin.getByLabel(`Select ${CLIPS}`).check()
  await bar.getByRole('button', { name: 'Change category' }).click()
  const move = admin.getByRole('dialog', { name: 'Move 2 products to another category?' })
  await move.getByLabel('Category').selectOption({ label: 'Device Cases' })
  await move.getByRole('button', { name: 'Move Products' }).click()
  await expect(toast(admin, 'Products Updated')).toContainText('2 products moved to the chosen category.')
  await expect(rows.filter({ hasText: 'Device Cases' })).toHaveCount(2)

  await admin.getByLabel(`Select ${KNOBS}`).check()
  await admin.getByLabel(`Select ${CLIPS}`).check()
  await bar.getByRole('button', { name: 'Show' }).click()
  await admin
    .getByRole('dialog', { name: 'Show 2 products in the shop?' })
    .getByRole('button', { name: 'Show Products' })
    .click()
  await expect(toast(admin, 'Products Updated')).toContainText('2 products are now visible in the shop.')
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(MOTORCYCLE)

  await visitor.goto('/products')
  await expect(visitor.getByRole('main').getByRole('link', { name: KNOBS, exact: true })).toBeVisible()
})

test('the admin approves every review waiting, from the Pending list, at once', async ({ browser, shop }) => {
  const admin = await signedInOnShop(browser, shop, 'Admin')
  await admin.goto('/admin/reviews?filter=pending')
  await waitForHydration(admin)
  const waiting = await admin
    .getByRole('listitem')
    .filter({ has: admin.getByRole('article') })
    .count()
  expect(waiting).toBeGreaterThan(0)
  await admin.getByLabel('Select every review on this page').check()
  const bar = admin.getByRole('region', { name: 'Bulk actions' })
  await expect(bar).toContainText(`${waiting} ${waiting === 1 ? 'review' : 'reviews'} selected`)
  await bar.getByRole('button', { name: 'Approve' }).click()
  await admin
    .getByRole('dialog', { name: /^Approve \d+ reviews?\?$/ })
    .getByRole('button', { name: 'Approve Reviews' })
    .click()
  await expect(toast(admin, 'Reviews Approved')).toContainText(
    `${waiting} ${waiting === 1 ? 'review' : 'reviews'} approved.`,
  )
  await expect(admin.getByText('No pending reviews.')).toBeVisible()
})

test('a product edit shows in the activity log and on the product’s page, with its before and after', async ({
  browser,
  shop,
}) => {
  const admin = await signedInOnShop(browser, shop, 'Admin')
  await admin.goto('/admin/products')
  await admin.getByRole('link', { name: `Edit ${KNOBS}` }).click()
  await waitForHydration(admin)
  const title = admin.getByRole('textbox', { name: 'Title', exact: true })
  await expect(title).toHaveValue(KNOBS)
  await title.fill(RENAMED)
  await admin.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(admin, 'Product updated successfully.')).toBeVisible()

  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity' }).click()
  await expect(admin).toHaveURL(/\/admin\/activity$/)
  const entry = admin.getByTestId('activity-entry').filter({ hasText: RENAMED }).first()
  await expect(entry).toContainText(`Updated product ${RENAMED} by ${shop.demoAccount('Admin').email}`)
  await expect(entry).toContainText(`title${KNOBS} → ${RENAMED}`)
  // The admin's sign-in is there too.
  await admin.getByRole('link', { name: 'Sign-ins' }).click()
  await expect(admin.getByTestId('activity-entry').first()).toContainText('Signed in')

  await admin.goto('/admin/products')
  await admin.getByRole('link', { name: `Edit ${RENAMED}` }).click()
  const history = admin.getByRole('region', { name: 'History' })
  await expect(history.getByTestId('activity-entry').first()).toContainText(`${KNOBS} → ${RENAMED}`)
})
