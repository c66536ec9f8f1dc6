import { randomUUID } from 'node:crypto'
import { asc, eq, getTableName } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { users } from '#app/modules/accounts/schema.server.ts'
import { productCategories, products, shippingCategories } from '#app/modules/catalog/schema.server.ts'
import { contactMessageFiles, contactMessages } from '#app/modules/contact/schema.server.ts'
import {
  aboutSections,
  guideCategories,
  guideSteps,
  guides,
  newsUpdates,
  policies,
  serviceFeatures,
  services,
} from '#app/modules/content/schema.server.ts'
import { documents, modelFiles } from '#app/modules/documents/schema.server.ts'
import { invoiceItems, invoices } from '#app/modules/invoices/schema.server.ts'
import { checkouts, orderLines, orders } from '#app/modules/orders/schema.server.ts'
import { promotions } from '#app/modules/promotions/schema.server.ts'
import { quoteItems, quotes } from '#app/modules/quotes/schema.server.ts'
import { reviews } from '#app/modules/reviews/schema.server.ts'
import { emptyAddress, type PostalAddress } from '#app/rules/address.ts'
import type { Db } from '#app/utils/db.server.ts'

/**
 * Rows as the shop's own code would have left them, written straight to the database for tests
 * that need a history (a month of orders, a customer who joined last week) in one step. Each
 * factory takes the fields a test cares about and fills the rest; a record with parts (an order's
 * lines, an invoice's items, a message's files) takes them as a list and adds up its total.
 */

const day = 24 * 60 * 60 * 1000
const shortId = () => randomUUID().slice(0, 8)

async function insertOne<T extends PgTable>(db: Db, table: T, values: T['$inferInsert']): Promise<T['$inferSelect']> {
  const [row] = await db
    .insert(table)
    .values(values as never)
    .returning()
  if (!row) throw new Error(`no row inserted into ${getTableName(table)}`)
  return row as T['$inferSelect']
}

type Fields<T extends PgTable> = Partial<T['$inferInsert']>

// People

/** The customers' address in these tests (no country: the shop's own). */
export const customerAddress: PostalAddress = {
  ...emptyAddress,
  street: '1 Printer Way',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
}

/** Casey, the customer who orders in these tests, with `customerAddress` on file. */
export const caseyCustomer = { email: 'casey@example.com', name: 'Casey', shippingAddress: customerAddress }

/** An account row without a password (it cannot sign in: use createTestAccount for that). */
export async function insertUser(db: Db, fields: Fields<typeof users> = {}) {
  return insertOne(db, users, { email: `user-${randomUUID()}@example.com`, name: 'Test Customer', ...fields })
}

// Catalog

export async function insertProduct(db: Db, fields: Fields<typeof products> = {}) {
  return insertOne(db, products, { title: `Product ${shortId()}`, priceCents: 1000, stockQuantity: 50, ...fields })
}

/** How many of a product are in stock now: what a sale, a hold or a cancellation left. */
export async function stockOf(db: Db, productId: string) {
  const [row] = await db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, productId))
  if (!row) throw new Error(`no product ${productId}`)
  return row.stock
}

/** A product's rating and review count as the catalog shows them: what approving or deleting a review left. */
export async function ratingOf(db: Db, productId: string) {
  const [row] = await db
    .select({ rating: products.rating, reviewCount: products.reviewCount })
    .from(products)
    .where(eq(products.id, productId))
  if (!row) throw new Error(`no product ${productId}`)
  return row
}

/** Every review and every product's rating, to compare before and after a write that must change nothing. */
export async function reviewsAndRatings(db: Db) {
  const stored = await db.select().from(reviews).orderBy(reviews.id)
  const catalog = await db
    .select({ id: products.id, rating: products.rating, reviewCount: products.reviewCount })
    .from(products)
    .orderBy(products.id)
  return { stored, catalog }
}

export async function insertProductCategory(db: Db, fields: Fields<typeof productCategories> = {}) {
  return insertOne(db, productCategories, { name: `Category ${shortId()}`, ...fields })
}

export async function insertShippingCategory(db: Db, fields: Fields<typeof shippingCategories> = {}) {
  return insertOne(db, shippingCategories, { name: `Shipping ${shortId()}`, ...fields })
}

export async function insertReview(db: Db, fields: Fields<typeof reviews> = {}) {
  return insertOne(db, reviews, {
    rating: 5,
    title: 'Great print',
    comment: 'Sturdy and neat.',
    name: 'Sam',
    ...fields,
  })
}

/**
 * A promotion that works now, for a day either side, 10% off everything unless told otherwise.
 * @example await insertPromotion(db, { code: 'ONCE', usageLimit: 1 })
 */
export async function insertPromotion(db: Db, fields: Fields<typeof promotions> = {}) {
  return insertOne(db, promotions, {
    name: 'Test Promotion',
    code: `TEST${shortId().toUpperCase()}`,
    type: 'percentage',
    value: 10,
    status: 'active',
    startDate: new Date(Date.now() - day),
    endDate: new Date(Date.now() + day),
    ...fields,
  })
}

// Orders, invoices, quotes

/** An order's lines as stored, by title. */
export function orderLinesOf(db: Db, orderId: string) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.title))
}

/** An invoice's items as stored, in their order on the invoice. */
export function invoiceItemsOf(db: Db, invoiceId: string) {
  return db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId)).orderBy(asc(invoiceItems.position))
}

type OrderLineInput = Omit<typeof orderLines.$inferInsert, 'orderId' | 'totalPriceCents'> & { totalPriceCents?: number }

/**
 * An order as a customer's checkout leaves it before payment (pending, unpaid unless told), with
 * its lines; its total is the lines' unless given.
 * @example await insertOrder(db, { userId, lines: [{ title: 'Custom Hook', quantity: 1, unitPriceCents: 1500 }] })
 */
export async function insertOrder(
  db: Db,
  { lines = [], ...fields }: Fields<typeof orders> & { lines?: OrderLineInput[] } = {},
) {
  const linesCents = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0)
  const order = await insertOne(db, orders, {
    email: 'buyer@example.com',
    subtotalCents: linesCents,
    totalCents: linesCents,
    ...fields,
  })
  if (lines.length > 0) {
    await db
      .insert(orderLines)
      .values(
        lines.map((line) => ({ totalPriceCents: line.quantity * line.unitPriceCents, ...line, orderId: order.id })),
      )
  }
  return order
}

type CheckoutLineInput = { product: { id: string; title: string }; quantity: number; unitPriceCents: number }

/**
 * A cart checkout in progress at the demo provider (open, for 30 minutes unless told), holding its
 * lines' stock; its subtotal is the lines' and its total adds the shipping.
 * @example await insertCheckout(db, { lines: [{ product, quantity: 2, unitPriceCents: 899 }], shippingCents: 500 })
 */
export async function insertCheckout(
  db: Db,
  { lines, ...fields }: Partial<Omit<typeof checkouts.$inferInsert, 'lines'>> & { lines: CheckoutLineInput[] },
) {
  const snapshot = lines.map(({ product, quantity, unitPriceCents }) => ({
    productId: product.id,
    title: product.title,
    variation: null,
    quantity,
    unitPriceCents,
    totalPriceCents: quantity * unitPriceCents,
  }))
  const subtotalCents = snapshot.reduce((sum, line) => sum + line.totalPriceCents, 0)
  return insertOne(db, checkouts, {
    lines: snapshot,
    subtotalCents,
    totalCents: subtotalCents - (fields.discountCents ?? 0) + (fields.shippingCents ?? 0),
    provider: 'demo',
    expiresAt: new Date(Date.now() + 30 * 60 * 1000),
    ...fields,
  })
}

type PaidOrderInput = {
  paidAt: Date
  lines: { product: { id: string; title: string }; quantity: number; unitPriceCents: number }[]
  userId?: string | null
  status?: (typeof orders.$inferInsert)['status']
  testPayment?: boolean
  refundedCents?: number
  /** Also write the order's paid invoice, as checkout does (on by default). */
  invoice?: boolean
}

/**
 * A paid order with its lines and, as checkout writes it, its paid invoice of the same total.
 * @example await insertPaidOrder(db, { paidAt, lines: [{ product, quantity: 2, unitPriceCents: 1500 }] })
 */
export async function insertPaidOrder(db: Db, input: PaidOrderInput) {
  const totalCents = input.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0)
  const refundedCents = input.refundedCents ?? 0
  const paymentStatus = input.testPayment
    ? 'test'
    : refundedCents === 0
      ? 'paid'
      : refundedCents >= totalCents
        ? 'refunded'
        : 'partially_refunded'
  const order = await insertOrder(db, {
    userId: input.userId ?? null,
    status: input.status ?? 'processing',
    paymentStatus,
    testPayment: input.testPayment ?? false,
    refundedCents,
    paidAt: input.paidAt,
    createdAt: input.paidAt,
    lines: input.lines.map(({ product, quantity, unitPriceCents }) => ({
      productId: product.id,
      title: product.title,
      quantity,
      unitPriceCents,
    })),
  })
  if (input.invoice !== false) {
    await insertInvoice(db, {
      orderId: order.id,
      userId: order.userId,
      email: order.email,
      status: 'paid',
      totalCents,
      refundedCents,
      testPayment: order.testPayment,
      paymentDate: input.paidAt,
      createdAt: input.paidAt,
    })
  }
  return order
}

type InvoiceItemInput = Omit<typeof invoiceItems.$inferInsert, 'invoiceId'>

/**
 * An invoice (unpaid unless told) with its items, in the order given; its total is the items'
 * unless given.
 * @example await insertInvoice(db, { userId, items: [{ description: 'Custom print', quantity: 1, unitPriceCents: 1500 }] })
 */
export async function insertInvoice(
  db: Db,
  { items = [], ...fields }: Fields<typeof invoices> & { items?: InvoiceItemInput[] } = {},
) {
  const invoice = await insertOne(db, invoices, {
    status: 'unpaid',
    email: 'billing@example.com',
    totalCents: items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0),
    ...fields,
  })
  if (items.length > 0) {
    await db.insert(invoiceItems).values(items.map((item, position) => ({ position, ...item, invoiceId: invoice.id })))
  }
  return invoice
}

type QuoteItemInput = Omit<typeof quoteItems.$inferInsert, 'quoteId' | 'totalPriceCents'> & { totalPriceCents?: number }

/** A customer's quote (a draft unless told) with its items, valid for a week unless told. */
export async function insertQuote(
  db: Db,
  { items = [], ...fields }: Fields<typeof quotes> & { userId: string; items?: QuoteItemInput[] },
) {
  const quote = await insertOne(db, quotes, {
    totalCents: items.length > 0 ? items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0) : 2500,
    expiresAt: new Date(Date.now() + 7 * day),
    ...fields,
  })
  if (items.length > 0) {
    await db
      .insert(quoteItems)
      .values(
        items.map((item) => ({ totalPriceCents: item.quantity * item.unitPriceCents, ...item, quoteId: quote.id })),
      )
  }
  return quote
}

// Files customers send (the rows only: a test that downloads one also puts its bytes in storage)

/** A customer's uploaded receipt, a PDF unless told. */
export async function insertReceipt(db: Db, fields: Fields<typeof documents> & { userId: string }) {
  const id = fields.id ?? randomUUID()
  return insertOne(db, documents, {
    id,
    filePath: `receipts/${fields.userId}/${id}.pdf`,
    fileName: 'receipt.pdf',
    mimeType: 'application/pdf',
    size: 1024,
    ...fields,
  })
}

/** A 3D model a customer (or, with `userId: null`, a guest) uploaded, an STL unless told. */
export async function insertModelFile(db: Db, fields: Fields<typeof modelFiles> = {}) {
  const id = fields.id ?? randomUUID()
  return insertOne(db, modelFiles, {
    id,
    storageKey: `models/${id}.stl`,
    fileName: 'bracket.stl',
    format: 'stl',
    size: 184,
    ...fields,
  })
}

type ContactFileInput = Partial<Omit<typeof contactMessageFiles.$inferInsert, 'messageId'>>

/** A message from the contact form (new unless told), with the files sent with it. */
export async function insertContactMessage(
  db: Db,
  { files = [], ...fields }: Fields<typeof contactMessages> & { files?: ContactFileInput[] } = {},
) {
  const message = await insertOne(db, contactMessages, {
    name: 'Pat Sender',
    email: 'pat@example.com',
    subject: 'A custom bracket',
    message: 'Could you print this?',
    ...fields,
  })
  for (const file of files) {
    const id = file.id ?? randomUUID()
    await insertOne(db, contactMessageFiles, {
      id,
      storageKey: `contact/${id}.png`,
      fileName: 'photo.png',
      contentType: 'image/png',
      kind: 'image',
      size: 16,
      ...file,
      messageId: message.id,
    })
  }
  return message
}

// Site content

export async function insertGuideCategory(db: Db, fields: Fields<typeof guideCategories> = {}) {
  return insertOne(db, guideCategories, { name: `Guides ${shortId()}`, ...fields })
}

type GuideStepInput = Omit<typeof guideSteps.$inferInsert, 'guideId'>

/** A visible guide (in no category unless given one) with its steps, in the order given unless placed. */
export async function insertGuide(
  db: Db,
  { steps = [], ...fields }: Fields<typeof guides> & { steps?: GuideStepInput[] } = {},
) {
  const guide = await insertOne(db, guides, { title: 'Fitting the mount', description: 'Step by step.', ...fields })
  if (steps.length > 0) {
    await db.insert(guideSteps).values(steps.map((step, position) => ({ position, ...step, guideId: guide.id })))
  }
  return guide
}

export async function insertPolicy(db: Db, fields: Fields<typeof policies> = {}) {
  return insertOne(db, policies, {
    slug: `policy-${shortId()}`,
    title: 'Returns',
    content: 'Within 30 days.',
    ...fields,
  })
}

type ServiceFeatureInput = Omit<typeof serviceFeatures.$inferInsert, 'serviceId'>

/** A service with its features, in the order given unless placed. */
export async function insertService(
  db: Db,
  { features = [], ...fields }: Fields<typeof services> & { features?: ServiceFeatureInput[] } = {},
) {
  const service = await insertOne(db, services, { title: '3D Design', priceCents: 3000, ...fields })
  if (features.length > 0) {
    await db
      .insert(serviceFeatures)
      .values(features.map((feature, position) => ({ position, ...feature, serviceId: service.id })))
  }
  return service
}

/** A visible news update. */
export async function insertNewsUpdate(db: Db, fields: Fields<typeof newsUpdates> = {}) {
  return insertOne(db, newsUpdates, { title: 'New printer', content: 'Faster.', ...fields })
}

/** A section of the About page (`hero`, `story`, `mission`, …). */
export async function insertAboutSection(
  db: Db,
  fields: Fields<typeof aboutSections> & Pick<typeof aboutSections.$inferInsert, 'section'>,
) {
  return insertOne(db, aboutSections, { title: 'About Us', content: 'Makers at heart.', ...fields })
}
