import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import * as adminGuides from '#app/routes/admin/guides/guides.tsx'
import * as adminInvoices from '#app/routes/admin/invoices/invoices.tsx'
import * as adminOrders from '#app/routes/admin/orders/orders.tsx'
import * as ordersExport from '#app/routes/admin/orders/orders-export.ts'
import * as outbox from '#app/routes/admin/outbox/mail-outbox.tsx'
import * as addProduct from '#app/routes/admin/products/add-product.tsx'
import * as adminProductEdit from '#app/routes/admin/products/product-edit.tsx'
import * as adminProducts from '#app/routes/admin/products/products.tsx'
import * as adminPromotions from '#app/routes/admin/promotions/promotions.tsx'
import * as adminReviews from '#app/routes/admin/reviews/reviews.tsx'
import * as adminSettings from '#app/routes/admin/settings/settings.tsx'
import * as adminUpdates from '#app/routes/admin/updates/updates.tsx'
import * as adminUsers from '#app/routes/admin/users/users.tsx'
import {
  insertInvoice,
  insertOrder,
  insertProduct,
  insertProductCategory,
  insertPromotion,
  insertReview,
  insertShippingCategory,
} from '#tests/factories/shop-records.ts'
import {
  anyForm,
  expectNoPrototypePollution,
  type FormEntries,
  fineText,
  formBody,
  fuzzRoute,
  idText,
  intentForms,
  invalidFormBody,
  nastyText,
  numberText,
  unknownIdText,
  withIntent,
} from '#tests/setup/fuzz.ts'
import type { RouteHandler, RouteOutcome } from '#tests/setup/route-calls.ts'
import { signedInAccountsForFile } from '#tests/setup/signed-in-test.ts'

vi.mock('#app/wiring/viewer.server.ts', async (importOriginal) => {
  const { rememberedViewerModule } = await import('#tests/setup/remembered-viewer.ts')
  return rememberedViewerModule(importOriginal as never)
})

// A thousand bodies per property take a while on a busy machine.
vi.setConfig({ testTimeout: 180_000 })

// Issue 10: every back-office action of the catalog, the shop's money and its orders, asked by an
// admin with generated bodies. A 5xx, a thrown error or a console.error fails; all-invalid inputs
// must change nothing.

const { database, admin, customer } = signedInAccountsForFile()
const ids = {
  customer: '',
  mount: '',
  stand: '',
  category: '',
  shipping: '',
  review: '',
  promotion: '',
  order: '',
  invoice: '',
}
const known = () => Object.values(ids)

beforeAll(async () => {
  ids.customer = customer.id
  const { db } = database
  ids.category = (await insertProductCategory(db, { name: 'Phone Mounts' })).id
  ids.shipping = (await insertShippingCategory(db, { name: 'Standard Shipping' })).id
  ids.mount = (
    await insertProduct(db, {
      title: 'Bike Phone Mount',
      priceCents: 1500,
      categoryId: ids.category,
      variations: [{ id: 'black', name: 'Matte Black', priceModifierCents: 250 }],
      stockQuantity: 40,
    })
  ).id
  ids.stand = (await insertProduct(db, { title: 'Headphone Stand', priceCents: 2000, stockQuantity: 3 })).id
  ids.review = (
    await insertReview(db, { productId: ids.mount, name: 'Kim Lee', rating: 4, title: 'Solid', comment: 'Fits well.' })
  ).id
  ids.promotion = (
    await insertPromotion(db, {
      name: 'Summer Sale',
      code: 'SUMMER15',
      value: 15,
      startDate: new Date('2025-01-01'),
      endDate: new Date('2099-01-01'),
    })
  ).id
  ids.order = (await insertOrder(db, { userId: ids.customer, email: 'casey@example.com', totalCents: 2000 })).id
  ids.invoice = (
    await insertInvoice(db, {
      userId: ids.customer,
      email: 'casey@example.com',
      items: [{ description: 'Custom print', quantity: 1, unitPriceCents: 1500 }],
    })
  ).id
})

afterAll(() => {
  expectNoPrototypePollution()
})

const words = fc.oneof(fc.lorem({ maxCount: 5 }), fc.constantFrom('Bike Mount 😀', 'מחזיק', 'Line one\nline two'))
const money = nastyText(fc.constantFrom('12.50', '0', '3', '999999.99'), numberText)
const wholeNumber = nastyText(fc.constantFrom('1', '5', '10', '100'), numberText)
const anyId = () => idText(...known())
/** What an admin's answer may be: a refusal, a toast, or a redirect with one. */
const answered = (outcome: RouteOutcome) => expect([200, 302, 400, 404, 409, 413]).toContain(outcome.status)

describe('products', () => {
  const productFields = () => ({
    title: nastyText(words),
    description: nastyText(words),
    priceType: nastyText(fc.constantFrom('set', 'tiered')),
    price: money,
    sku: nastyText(fc.constantFrom('MNT-1', '')),
    categoryId: nastyText(fc.constantFrom(ids.category, ''), fc.uuid()),
    shippingCategoryId: nastyText(fc.constantFrom(ids.shipping, ''), fc.uuid()),
    stockQuantity: wholeNumber,
    status: nastyText(fc.constantFrom('visible', 'hidden', 'archived')),
    quickSelectVisible: fc.constantFrom('on', ''),
    videos: nastyText(
      fc.constantFrom('https://www.youtube.com/watch?v=abc', 'https://x.example/a\nhttps://y.example/b'),
    ),
    tierQuantity: wholeNumber,
    tierPrice: money,
    variationName: nastyText(words),
    variationPriceModifier: money,
  })
  const productForm = () => formBody(productFields())
  /** A product the form accepts: a set price, or tiers; variations with their own names. */
  const validProduct = () =>
    fc
      .record({
        title: fineText(120),
        description: fineText(5000, { multiline: true }),
        priceType: fc.constantFrom('set', 'tiered'),
        price: fc.constantFrom('12.50', '0', '3', '999999.99'),
        sku: fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Z]{3}-[0-9]{1,6}$/)),
        categoryId: fc.constantFrom(ids.category, ''),
        shippingCategoryId: fc.constantFrom(ids.shipping, ''),
        stockQuantity: fc.constantFrom('0', '5', '1000000'),
        status: fc.constantFrom('visible', 'hidden', 'archived'),
        quickSelectVisible: fc.constantFrom('on', ''),
        videos: fc.constantFrom('', 'https://www.youtube.com/watch?v=abc'),
        tiers: fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 3 }),
        variations: fc.uniqueArray(fineText(60), {
          maxLength: 3,
          selector: (name) => name.trim().replace(/\s+/g, ' ').toLowerCase(),
        }),
      })
      .map(
        ({ tiers, variations, ...fields }): FormEntries => [
          ...Object.entries(fields).filter(([name, value]) => name !== 'quickSelectVisible' || value),
          ...tiers.flatMap(
            (quantity): FormEntries => [
              ['tierQuantity', String(quantity)],
              ['tierPrice', '9.99'],
            ],
          ),
          ...variations.flatMap(
            (name): FormEntries => [
              ['variationName', name],
              ['variationPriceModifier', '-1.25'],
            ],
          ),
        ],
      )

  test('add product: any form', async () => {
    await fuzzRoute({
      handler: addProduct.action,
      inputs: fc.oneof(validProduct(), productForm()),
      call: (form) => ({ url: '/add-product', form, cookie: admin.cookie }),
      check: answered,
    })
  })

  test('add product: without a title or description, or with a control character in one, nothing is added', async () => {
    await fuzzRoute({
      handler: addProduct.action,
      inputs: invalidFormBody(productFields(), ['title', 'description']),
      call: (form) => ({ url: '/add-product', form, cookie: admin.cookie }),
      changesNothing: true,
      check: (outcome) => expect(outcome.status).toBe(400),
    })
  })

  test('edit product: any address and form', async () => {
    await fuzzRoute({
      handler: adminProductEdit.action,
      inputs: fc.tuple(
        idText(ids.mount, ids.stand),
        fc.tuple(
          fc.oneof(validProduct(), productForm()),
          fc.array(nastyText(fc.constant('products/x/1.webp')), { maxLength: 3 }),
        ),
      ),
      call: ([productId, [form, keep]]) => ({
        url: '/admin/products/edit/x',
        params: { productId },
        form: [...form, ...keep.map((key): [string, string] => ['keepImage', key])],
        cookie: admin.cookie,
      }),
      check: answered,
    })
  })

  test('edit product: an invalid form or an unknown product changes nothing', async () => {
    await fuzzRoute({
      handler: adminProductEdit.action,
      inputs: fc.oneof(
        fc.tuple(fc.constant(ids.mount), invalidFormBody(productFields(), ['title', 'description'])),
        fc.tuple(unknownIdText(ids.mount, ids.stand), productForm()),
      ),
      call: ([productId, form]) => ({
        url: '/admin/products/edit/x',
        params: { productId },
        form,
        cookie: admin.cookie,
      }),
      changesNothing: true,
      check: (outcome) => expect([302, 400]).toContain(outcome.status),
    })
  })

  // The Bike Phone Mount stays: the properties after this one use it.
  const listIntents = () => {
    const productId = anyId()
    const seeded = fc.constantFrom(ids.mount, ids.stand)
    return {
      'set-visibility': anyForm(
        { productId: seeded, status: fc.constantFrom('visible', 'hidden') },
        { productId, status: nastyText(fc.constantFrom('visible', 'hidden')) },
      ),
      archive: anyForm({ productId: seeded }, { productId }),
      restore: anyForm({ productId: seeded }, { productId }),
      delete: anyForm({ productId: fc.constant(ids.stand) }, { productId: productId.filter((id) => id !== ids.mount) }),
    }
  }

  test('product list: any intent and form', async () => {
    await fuzzRoute({
      handler: adminProducts.action,
      inputs: intentForms(listIntents()),
      call: (form) => ({ url: '/admin/products', form, cookie: admin.cookie }),
      check: answered,
    })
  })

  test('product list: an unknown product changes nothing', async () => {
    const productId = unknownIdText(...known())
    await fuzzRoute({
      handler: adminProducts.action,
      inputs: intentForms({
        'set-visibility': formBody({ productId, status: fc.constantFrom('visible', 'hidden') }),
        archive: formBody({ productId }),
        restore: formBody({ productId }),
        delete: formBody({ productId }),
      }),
      call: (form) => ({ url: '/admin/products', form, cookie: admin.cookie }),
      changesNothing: true,
      check: (outcome) => expect([400, 404]).toContain(outcome.status),
    })
  })
})

describe('settings: product and shipping categories', () => {
  const categoryFields = () => ({
    kind: nastyText(fc.constantFrom('product', 'shipping')),
    name: nastyText(words),
    categoryId: anyId(),
  })

  test('any intent and form', async () => {
    const fields = categoryFields()
    const kind = fc.constantFrom('product', 'shipping')
    const validRename = { kind, name: fineText(100), categoryId: fc.constantFrom(ids.category, ids.shipping) }
    await fuzzRoute({
      handler: adminSettings.action,
      inputs: intentForms({
        'add-category': anyForm({ kind, name: fineText(100) }, fields),
        'rename-category': anyForm(validRename, fields),
        'delete-category': formBody(fields),
      }),
      call: (form) => ({ url: '/admin/settings', form, cookie: admin.cookie }),
      check: answered,
    })
  })

  test('a bad name or an unknown category changes nothing', async () => {
    const fields = { ...categoryFields(), kind: fc.constantFrom('product', 'shipping') }
    const unknown = { ...fields, categoryId: unknownIdText(...known()) }
    await fuzzRoute({
      handler: adminSettings.action,
      inputs: fc.oneof(
        invalidFormBody(fields, ['name']).map((form) => withIntent('add-category', form)),
        formBody(unknown).map((form) => withIntent('rename-category', form)),
        formBody(unknown).map((form) => withIntent('delete-category', form)),
      ),
      call: (form) => ({ url: '/admin/settings', form, cookie: admin.cookie }),
      changesNothing: true,
      // A name taken by a category the property before added is refused first (409).
      check: (outcome) => expect([400, 404, 409]).toContain(outcome.status),
    })
  })
})

describe('reviews', () => {
  const manualFields = () => ({
    name: nastyText(words),
    title: nastyText(words),
    comment: nastyText(words),
    productId: idText(ids.mount, ids.stand),
    rating: nastyText(fc.constantFrom('1', '5', ''), numberText),
  })

  test('any intent and form', async () => {
    await fuzzRoute({
      handler: adminReviews.action,
      inputs: intentForms({
        approve: anyForm({ reviewId: fc.constant(ids.review) }, { reviewId: anyId() }),
        delete: formBody({ reviewId: anyId() }),
        create: anyForm(
          {
            name: fineText(100),
            title: fineText(120),
            comment: fineText(2000, { multiline: true }),
            productId: fc.constantFrom(ids.mount, ids.stand),
            rating: fc.constantFrom('1', '5', ''),
          },
          manualFields(),
        ),
      }),
      call: (form) => ({ url: '/admin/reviews', form, cookie: admin.cookie }),
      check: answered,
    })
  })

  test('an unknown review or an incomplete manual review changes nothing', async () => {
    const reviewId = unknownIdText(...known())
    await fuzzRoute({
      handler: adminReviews.action,
      inputs: fc.oneof(
        formBody({ reviewId }).map((form) => withIntent('approve', form)),
        formBody({ reviewId }).map((form) => withIntent('delete', form)),
        invalidFormBody(manualFields(), ['name', 'title', 'comment', 'productId']).map((form) =>
          withIntent('create', form),
        ),
      ),
      call: (form) => ({ url: '/admin/reviews', form, cookie: admin.cookie }),
      changesNothing: true,
      check: (outcome) => expect([400, 404]).toContain(outcome.status),
    })
  })
})

describe('promotions', () => {
  const date = nastyText(fc.constantFrom('2025-01-01', '2099-12-31', '2025-02-30', '1/2/2025'))
  const promotionFields = () => ({
    promotionId: anyId(),
    name: nastyText(words),
    code: nastyText(fc.constantFrom('SPRING10', 'summer15', 'A_B-C'), fc.string({ maxLength: 41 })),
    type: nastyText(fc.constantFrom('percentage', 'fixed')),
    value: nastyText(fc.constantFrom('10', '7.50', '100', '101'), numberText),
    startDate: date,
    endDate: date,
    appliesTo: nastyText(fc.constantFrom('all', 'products', 'categories')),
    productIds: idText(ids.mount, ids.stand),
    categoryIds: idText(ids.category),
  })

  /** A promotion the form accepts, with a fresh code. */
  const validPromotion = () =>
    fc
      .record({
        name: fineText(120),
        code: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
        kind: fc.oneof(
          fc.record({ type: fc.constant('percentage'), value: fc.integer({ min: 1, max: 100 }).map(String) }),
          fc.record({ type: fc.constant('fixed'), value: fc.constantFrom('5', '7.50', '100000') }),
        ),
        days: fc.tuple(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 400 })),
        appliesTo: fc.constantFrom('all', 'products', 'categories'),
      })
      .map(({ kind, days: [start, length], ...fields }): FormEntries => {
        const day = (offset: number) => new Date(Date.UTC(2024, 0, 1 + offset)).toISOString().slice(0, 10)
        return [
          ...Object.entries(fields),
          ...Object.entries(kind),
          ['startDate', day(start)],
          ['endDate', day(start + length)],
          ['productIds', ids.mount],
          ['categoryIds', ids.category],
        ]
      })

  test('any intent and form', async () => {
    const fields = promotionFields()
    await fuzzRoute({
      handler: adminPromotions.action,
      inputs: intentForms({
        create: fc.oneof(validPromotion(), formBody(fields)),
        update: fc.oneof(
          validPromotion().map((form): FormEntries => [...form, ['promotionId', ids.promotion]]),
          formBody(fields),
        ),
        delete: formBody(fields),
      }),
      call: (form) => ({ url: '/admin/promotions', form, cookie: admin.cookie }),
      check: answered,
    })
  })

  test('a bad form or an unknown promotion changes nothing', async () => {
    const fields = promotionFields()
    const unknown = { ...fields, promotionId: unknownIdText(...known()) }
    await fuzzRoute({
      handler: adminPromotions.action,
      inputs: fc.oneof(
        invalidFormBody(fields, ['name', 'code', 'value', 'startDate', 'endDate']).map((form) =>
          withIntent('create', form),
        ),
        formBody(unknown).map((form) => withIntent('update', form)),
        formBody(unknown).map((form) => withIntent('delete', form)),
      ),
      call: (form) => ({ url: '/admin/promotions', form, cookie: admin.cookie }),
      changesNothing: true,
      check: (outcome) => expect([400, 404]).toContain(outcome.status),
    })
  })
})

describe('orders', () => {
  const statusFields = (orderId: fc.Arbitrary<string>) => ({
    orderId,
    status: nastyText(fc.constantFrom('pending', 'processing', 'shipped', 'delivered', 'cancelled')),
  })

  test('status: any intent and form', async () => {
    await fuzzRoute({
      handler: adminOrders.action,
      inputs: intentForms({
        'set-status': anyForm(
          {
            orderId: fc.constant(ids.order),
            status: fc.constantFrom('pending', 'processing', 'shipped', 'delivered', 'cancelled'),
          },
          statusFields(anyId()),
        ),
      }),
      call: (form) => ({ url: '/admin/orders', form, cookie: admin.cookie }),
      check: answered,
    })
  })

  test('status: an unknown order or status changes nothing', async () => {
    await fuzzRoute({
      handler: adminOrders.action,
      inputs: fc
        .oneof(
          formBody(statusFields(unknownIdText(...known()))),
          invalidFormBody(statusFields(fc.constant(ids.order)), ['status']),
        )
        .map((form) => withIntent('set-status', form)),
      call: (form) => ({ url: '/admin/orders', form, cookie: admin.cookie }),
      changesNothing: true,
      check: (outcome) => expect([400, 404]).toContain(outcome.status),
    })
  })
})

describe('invoices', () => {
  const invoiceFields = () => ({
    invoiceId: anyId(),
    userId: idText(ids.customer),
    status: nastyText(fc.constantFrom('quote', 'unpaid', 'paid')),
    description: nastyText(words),
    quantity: wholeNumber,
    unitPrice: money,
    productId: nastyText(fc.constantFrom(ids.mount, ''), fc.uuid()),
  })

  /** An invoice the form accepts: a customer, a status and one to three items. */
  const validInvoice = () =>
    fc
      .tuple(
        fc.constantFrom('quote', 'unpaid', 'paid'),
        fc.array(
          fc.record({
            description: fineText(200),
            quantity: fc.integer({ min: 1, max: 100_000 }).map(String),
            unitPrice: fc.constantFrom('0', '12.50', '1000000'),
            productId: fc.constantFrom('', ids.mount),
          }),
          { minLength: 1, maxLength: 3 },
        ),
      )
      .map(
        ([status, items]): FormEntries => [
          ['userId', ids.customer],
          ['status', status],
          ...items.flatMap((item) => Object.entries(item)),
        ],
      )

  test('any intent and form', async () => {
    const fields = invoiceFields()
    const statuses = fc.constantFrom('quote', 'unpaid', 'paid')
    await fuzzRoute({
      handler: adminInvoices.action,
      inputs: intentForms({
        create: fc.oneof(validInvoice(), formBody(fields)),
        update: fc.oneof(
          validInvoice().map((form): FormEntries => [...form, ['invoiceId', ids.invoice]]),
          formBody(fields),
        ),
        'set-status': anyForm({ invoiceId: fc.constant(ids.invoice), status: statuses }, fields),
        delete: formBody(fields),
      }),
      call: (form) => ({ url: '/admin/invoices', form, cookie: admin.cookie }),
      check: answered,
    })
  })

  test('an invoice without a customer or with a bad item, or an unknown invoice, changes nothing', async () => {
    const fields = invoiceFields()
    const unknown = { ...fields, invoiceId: unknownIdText(...known()) }
    await fuzzRoute({
      handler: adminInvoices.action,
      inputs: fc.oneof(
        invalidFormBody(fields, ['userId', 'description']).map((form) => withIntent('create', form)),
        formBody(unknown).map((form) => withIntent('update', form)),
        formBody(unknown).map((form) => withIntent('set-status', form)),
        formBody(unknown).map((form) => withIntent('delete', form)),
      ),
      call: (form: FormEntries) => ({ url: '/admin/invoices', form, cookie: admin.cookie }),
      changesNothing: true,
      check: (outcome) => expect([400, 404]).toContain(outcome.status),
    })
  })
})

describe('back-office lists', () => {
  // Each page's filters, page number and search, in any form: the list, never a failed query.
  const lists: [string, RouteHandler][] = [
    ['/admin/orders', adminOrders.loader],
    ['/admin/orders.csv', ordersExport.loader],
    ['/admin/products', adminProducts.loader],
    ['/admin/invoices', adminInvoices.loader],
    ['/admin/promotions', adminPromotions.loader],
    ['/admin/reviews', adminReviews.loader],
    ['/admin/users', adminUsers.loader],
    ['/admin/guides', adminGuides.loader],
    ['/admin/updates', adminUpdates.loader],
    ['/admin/outbox', outbox.loader],
  ]

  test('any query string of any list changes nothing and never fails a query', async () => {
    const query = formBody({
      q: nastyText(fc.constantFrom('casey', '#', '%', '_', 'Mount')),
      page: nastyText(fc.constantFrom('1', '2', '1000000'), numberText),
      status: nastyText(fc.constantFrom('all', 'pending', 'unpaid', 'shipped')),
      filter: nastyText(fc.constantFrom('visible', 'hidden', 'archived', 'all', 'pending', 'approved')),
      edit: idText(ids.review),
      delete: idText(ids.review),
      id: idText(),
    })
    await fuzzRoute({
      handler: async (args: { request: Request }) => {
        const path = new URL(args.request.url).pathname
        const [, loader] = lists.find(([url]) => url === path) ?? lists[0]
        const answer = await loader(args)
        // The export is a file: read it to its end, as a download would.
        return answer instanceof Response ? new Response(await answer.text(), { status: answer.status }) : answer
      },
      inputs: fc.tuple(fc.constantFrom(...lists.map(([url]) => url)), query),
      call: ([url, entries]) => ({ url: `${url}?${new URLSearchParams(entries)}`, cookie: admin.cookie }),
      changesNothing: true,
      check: (outcome) => {
        expect(outcome.status).toBe(200)
        const data = outcome.data as { error?: unknown; errors?: Record<string, unknown> } | null
        expect(data?.error ?? null).toBeNull()
        expect(Object.values(data?.errors ?? {}).filter(Boolean)).toEqual([])
      },
    })
  })
})
