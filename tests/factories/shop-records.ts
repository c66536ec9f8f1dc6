import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { users } from '#app/modules/accounts/schema.server.ts'
import { products } from '#app/modules/catalog/schema.server.ts'
import { modelFiles } from '#app/modules/documents/schema.server.ts'
import { invoices } from '#app/modules/invoices/schema.server.ts'
import { orderLines, orders } from '#app/modules/orders/schema.server.ts'
import {
  createDatabaseDemoSessionStore,
  createDemoProvider,
  type DemoPaymentProvider,
  setPaymentProvider,
} from '#app/modules/payments/index.server.ts'
import { promotions } from '#app/modules/promotions/schema.server.ts'
import { quotes } from '#app/modules/quotes/schema.server.ts'
import { reviews } from '#app/modules/reviews/schema.server.ts'
import type { Db } from '#app/utils/db.server.ts'

/**
 * Rows as the shop's own code would have left them, written straight to the database for tests
 * that need a history (a month of orders, a customer who joined last week) in one step. Each
 * factory takes the fields a test cares about and fills the rest.
 */

export async function insertUser(db: Db, fields: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({ email: `user-${randomUUID()}@example.com`, name: 'Test Customer', ...fields })
    .returning()
  if (!user) throw new Error('user not inserted')
  return user
}

export async function insertProduct(db: Db, fields: Partial<typeof products.$inferInsert> = {}) {
  const [product] = await db
    .insert(products)
    .values({ title: `Product ${randomUUID().slice(0, 8)}`, priceCents: 1000, stockQuantity: 50, ...fields })
    .returning()
  if (!product) throw new Error('product not inserted')
  return product
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
  const [order] = await db
    .insert(orders)
    .values({
      userId: input.userId ?? null,
      email: 'buyer@example.com',
      status: input.status ?? 'processing',
      paymentStatus,
      subtotalCents: totalCents,
      totalCents,
      testPayment: input.testPayment ?? false,
      refundedCents,
      paidAt: input.paidAt,
      createdAt: input.paidAt,
    })
    .returning()
  if (!order) throw new Error('order not inserted')
  await db.insert(orderLines).values(
    input.lines.map((line) => ({
      orderId: order.id,
      productId: line.product.id,
      title: line.product.title,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalPriceCents: line.quantity * line.unitPriceCents,
    })),
  )
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

export async function insertInvoice(db: Db, fields: Partial<typeof invoices.$inferInsert> & { totalCents: number }) {
  const [invoice] = await db
    .insert(invoices)
    .values({ status: 'unpaid', email: 'billing@example.com', ...fields })
    .returning()
  if (!invoice) throw new Error('invoice not inserted')
  return invoice
}

export async function insertQuote(
  db: Db,
  fields: Partial<typeof quotes.$inferInsert> & { userId: string; expiresAt: Date },
) {
  const [quote] = await db
    .insert(quotes)
    .values({ totalCents: 2500, ...fields })
    .returning()
  if (!quote) throw new Error('quote not inserted')
  return quote
}

export async function insertReview(db: Db, fields: Partial<typeof reviews.$inferInsert> = {}) {
  const [review] = await db
    .insert(reviews)
    .values({ rating: 5, title: 'Great print', comment: 'Sturdy and neat.', name: 'Sam', ...fields })
    .returning()
  if (!review) throw new Error('review not inserted')
  return review
}

/**
 * A promotion that works now, for a day either side, 10% off everything unless told otherwise.
 * @example await insertPromotion(db, { code: 'ONCE', usageLimit: 1 })
 */
export async function insertPromotion(db: Db, fields: Partial<typeof promotions.$inferInsert> = {}) {
  const day = 24 * 60 * 60 * 1000
  const [promotion] = await db
    .insert(promotions)
    .values({
      name: 'Test Promotion',
      code: `TEST${randomUUID().slice(0, 8).toUpperCase()}`,
      type: 'percentage',
      value: 10,
      status: 'active',
      startDate: new Date(Date.now() - day),
      endDate: new Date(Date.now() + day),
      ...fields,
    })
    .returning()
  if (!promotion) throw new Error('promotion not inserted')
  return promotion
}

/**
 * The built-in demo checkout as the shop's payment provider, its sessions kept in the test's
 * database, as a fresh shop runs it. Call it in `beforeEach`, and `setPaymentProvider(null)` in
 * `afterAll`. `now` is the provider's clock (a test that lets sessions expire).
 * @example beforeEach(() => { provider = useDemoPayments() })
 */
export function useDemoPayments({ now }: { now?: () => Date } = {}): DemoPaymentProvider {
  const provider = createDemoProvider({
    sessionSecret: 'test-session-secret-that-is-long-enough-000',
    store: createDatabaseDemoSessionStore(),
    now,
  })
  setPaymentProvider(provider)
  return provider
}

/**
 * How many of a product are in stock now.
 * @example expect(await stockOf(db, product.id)).toBe(9)
 */
export async function stockOf(db: Db, productId: string): Promise<number> {
  const [row] = await db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, productId))
  if (!row) throw new Error('no such product')
  return row.stock
}

/**
 * A customer's (or a guest's, with a null `userId`) uploaded 3D model, as its record; no bytes are
 * stored.
 * @example const file = await insertModelFile(db, { userId: customer.id, fileName: 'hook.stl' })
 */
export async function insertModelFile(
  db: Db,
  fields: Partial<typeof modelFiles.$inferInsert> & { userId: string | null },
) {
  const id = fields.id ?? randomUUID()
  const [file] = await db
    .insert(modelFiles)
    .values({ id, storageKey: `models/${id}.stl`, fileName: 'part.stl', format: 'stl', size: 184, ...fields })
    .returning()
  if (!file) throw new Error('model file not inserted')
  return file
}
