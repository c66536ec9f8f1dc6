import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { activityLog } from '#app/modules/activity/schema.server.ts'
import { guideCategories, services } from '#app/modules/content/schema.server.ts'
import { quoteItems } from '#app/modules/quotes/schema.server.ts'
import { shopSettingsForm } from '#tests/factories/admin-forms.ts'
import { insertProduct, insertQuote, insertUser } from '#tests/factories/shop-records.ts'
import { adminRouteTest } from '#tests/setup/admin-route-test.ts'
import type { RouteHandler } from '#tests/setup/route-calls.ts'
import { action as aboutAction } from '../about/about.tsx'
import { action as guideCategoriesAction } from '../guides/guide-categories.tsx'
import { action as guidesAction } from '../guides/guides.tsx'
import { action as quotesAction } from '../invoices/quotes.tsx'
import { action as policiesAction } from '../policies/policies.tsx'
import { action as reviewsAction } from '../reviews/reviews.tsx'
import { action as servicesAction } from '../services/services.tsx'
import { action as settingsAction } from '../settings/settings.tsx'
import { action as updatesAction } from '../updates/updates.tsx'
import { action as usersAction } from '../users/users.tsx'

// Every admin write of the back-office lands in the activity log (issue 13 §4), with who, what,
// which record and the fields before and after, written with the change: a refused write records
// nothing. Products, invoices, orders, promotions and reviews have their own tests
// (app/workflows/activity-log.test.ts, promotions.test.ts); these are the rest.

const shop = adminRouteTest()
const ADMIN = 'alex@example.com'

beforeEach(async () => {
  await shop.db.delete(activityLog)
})

async function post(handler: RouteHandler, url: string, form: Record<string, string>) {
  return (await shop.call(handler, { url, form })).status
}

async function logged() {
  const rows = await shop.db.select().from(activityLog).orderBy(activityLog.createdAt)
  return rows.map((row) => ({
    action: row.action,
    recordType: row.recordType,
    recordLabel: row.recordLabel,
    actorLabel: row.actorLabel,
    changes: row.changes,
  }))
}

const steps = (...titles: string[]) =>
  JSON.stringify(titles.map((title) => ({ title, content: `${title} text`, image: '', video: '' })))

describe('content', () => {
  test('guides: added, edited (only what changed), hidden and deleted; a refused edit records nothing', async () => {
    const [category] = await shop.db.insert(guideCategories).values({ name: 'Setup' }).returning()
    const form = { title: 'Level the bed', description: 'Paper test', categoryId: category.id, steps: steps('One') }
    expect(await post(guidesAction, '/admin/guides', { intent: 'create', ...form })).toBe(200)
    const [created] = await logged()
    const guideId = (await shop.db.select().from(activityLog))[0].recordId
    expect(created).toMatchObject({
      action: 'guide.created',
      recordType: 'guide',
      recordLabel: 'Level the bed',
      actorLabel: ADMIN,
      changes: { title: { before: null, after: 'Level the bed' }, steps: { before: null, after: ['One'] } },
    })
    const edit = { intent: 'update', guideId, ...form, steps: steps('One', 'Two') }
    expect(await post(guidesAction, '/admin/guides', edit)).toBe(200)
    expect(await post(guidesAction, '/admin/guides', { ...edit, title: '' })).toBe(400)
    expect(await post(guidesAction, '/admin/guides', { intent: 'set-status', guideId, status: 'hidden' })).toBe(200)
    expect(await post(guidesAction, '/admin/guides', { intent: 'delete', guideId })).toBe(200)
    expect(await post(guidesAction, '/admin/guides', { intent: 'delete', guideId })).toBe(404)
    expect((await logged()).slice(1)).toEqual([
      expect.objectContaining({
        action: 'guide.updated',
        changes: { steps: { before: ['One'], after: ['One', 'Two'] } },
      }),
      expect.objectContaining({
        action: 'guide.status-changed',
        changes: { status: { before: 'visible', after: 'hidden' } },
      }),
      expect.objectContaining({ action: 'guide.deleted', recordLabel: 'Level the bed' }),
    ])
  })

  test('guide categories, updates, policies, services and the about page', async () => {
    expect(
      await post(guideCategoriesAction, '/admin/guides/categories', { intent: 'add-category', name: 'Care' }),
    ).toBe(200)
    const [care] = await shop.db.select().from(guideCategories).where(eq(guideCategories.name, 'Care'))
    await post(guideCategoriesAction, '/admin/guides/categories', {
      intent: 'rename-category',
      categoryId: care.id,
      name: 'Cleaning',
    })
    await post(updatesAction, '/admin/updates', {
      intent: 'create',
      title: 'New resin',
      content: 'In stock',
      image: '',
    })
    await post(policiesAction, '/admin/policies', {
      intent: 'create',
      title: 'Returns',
      summary: '30 days',
      content: 'Send it back within 30 days.',
    })
    await post(servicesAction, '/admin/services', { intent: 'create' })
    const [service] = await shop.db.select().from(services)
    const edited = [
      { id: service.id, title: 'Scanning', description: '', price: '12.50', priceUnit: 'scan', features: [] },
    ]
    await post(servicesAction, '/admin/services', { intent: 'save-all', services: JSON.stringify(edited) })
    // Saving the same services again changes nothing, so it records nothing.
    await post(servicesAction, '/admin/services', { intent: 'save-all', services: JSON.stringify(edited) })
    const about = {
      intent: 'save',
      heroTitle: 'We print',
      heroSubtitle: 'Since 2020',
      heroImage: '',
      storyTitle: 'Story',
      storyContent: 'A garage',
      storyImage: '',
      missionTitle: 'Mission',
      missionContent: 'Good parts',
      missionImage: '',
    }
    expect(await post(aboutAction, '/admin/about', about)).toBe(200)

    expect((await logged()).map((entry) => [entry.action, entry.recordLabel])).toEqual([
      ['guide-category.created', 'Care'],
      ['guide-category.renamed', 'Cleaning'],
      ['update.created', 'New resin'],
      ['policy.created', 'Returns'],
      ['service.created', 'New Service'],
      ['service.updated', 'Scanning'],
      ['about.updated', 'About page'],
    ])
    const rename = (await logged())[1]
    expect(rename.changes).toEqual({ name: { before: 'Care', after: 'Cleaning' } })
    const serviceEdit = (await logged())[5]
    expect(serviceEdit.changes).toMatchObject({
      title: { before: 'New Service', after: 'Scanning' },
      priceCents: { before: 0, after: 1250 },
    })
  })
})

describe('the shop', () => {
  test('settings, shipping zones and rates, and product categories', async () => {
    const shop = { ...shopSettingsForm, defaultShipping: '6.00' }
    expect(await post(settingsAction, '/admin/settings', shop)).toBe(200)
    expect(await post(settingsAction, '/admin/settings', { ...shop, defaultShipping: 'free' })).toBe(400)
    await post(settingsAction, '/admin/settings', { intent: 'save-zone', name: 'Europe', countries: 'DE, FR' })
    await post(settingsAction, '/admin/settings', { intent: 'add-category', kind: 'shipping', name: 'Bulky' })
    await post(settingsAction, '/admin/settings', { intent: 'add-category', kind: 'product', name: 'Mounts' })
    const entries = await logged()
    expect(entries.map((entry) => [entry.action, entry.recordType])).toEqual([
      ['settings.updated', 'settings'],
      ['shipping-zone.created', 'settings'],
      ['shipping-category.created', 'shipping-category'],
      ['product-category.created', 'product-category'],
    ])
    expect(entries[0].changes).toMatchObject({ defaultShippingCents: { before: 500, after: 600 } })
    expect(entries[1].changes).toEqual({
      name: { before: null, after: 'Europe' },
      countries: { before: null, after: ['DE', 'FR'] },
    })
  })
})

describe('people and sales', () => {
  test('a user edited and deleted, a quote accepted, a review added by hand', async () => {
    const robin = await insertUser(shop.db, { email: 'robin@example.com', name: 'Robin' })
    expect(
      await post(usersAction, '/admin/users', {
        intent: 'update',
        userId: robin.id,
        fullName: 'Robin Ray',
        email: 'robin@example.com',
        role: 'customer',
      }),
    ).toBe(200)
    const product = await insertProduct(shop.db, { title: 'Bike Mount' })
    const quote = await insertQuote(shop.db, {
      userId: robin.id,
      status: 'requested',
      expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
    })
    await shop.db.insert(quoteItems).values({
      quoteId: quote.id,
      productId: product.id,
      title: 'Bike Mount',
      quantity: 2,
      unitPriceCents: 1250,
      totalPriceCents: 2500,
    })
    expect(await post(quotesAction, '/admin/quotes', { intent: 'accept', quoteId: quote.id })).toBe(200)
    expect(await post(quotesAction, '/admin/quotes', { intent: 'accept', quoteId: quote.id })).toBe(409)
    expect(
      await post(reviewsAction, '/admin/reviews', {
        intent: 'create',
        productId: product.id,
        name: 'Maria',
        rating: '5',
        title: 'Solid',
        comment: 'Holds my phone',
      }),
    ).toBe(200)
    expect(await post(usersAction, '/admin/users', { intent: 'delete', userId: robin.id })).toBe(200)

    const entries = await logged()
    expect(entries.map((entry) => [entry.action, entry.recordLabel])).toEqual([
      ['user.updated', 'robin@example.com'],
      ['quote.accepted', expect.stringMatching(/^Quote #/)],
      ['review.created', 'Solid'],
      ['user.deleted', 'robin@example.com'],
    ])
    expect(entries[0].changes).toEqual({ fullName: { before: 'Robin', after: 'Robin Ray' } })
    expect(entries[1].changes).toMatchObject({ status: { after: 'accepted' } })
  })
})
