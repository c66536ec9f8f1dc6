import { and, desc, eq, inArray } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { isUuid } from '#app/utils/ids.ts'
import { type KeysetPage, newestFirst, type PageCursor, selectKeysetPage } from '#app/utils/keyset.server.ts'
import { quoteModels } from '../instant-quote/schema.server.ts'
import { recordOrderEvent } from './detail.server.ts'
import { linesByOrder, orderSummaryColumns } from './order-rows.server.ts'
import { orderLines, orders } from './schema.server.ts'
import type { CreateOrderInput, OrderSummaryDto } from './types.ts'

/** Orders on one page of the account's Orders tab. */
const ORDER_PAGE_SIZE = 20

// Read from orders_user_created_idx (user_id, created_at, id): every page is one seek.
const newestOrders = newestFirst('orders', orders)

/**
 * One page of a customer's own orders, newest first, with their lines: the account's Orders tab,
 * as fast for a customer with thousands of orders as for one with a few. A malformed cursor, or one
 * of another list, reads the first page.
 * @example const page = await listOrdersOfUserPage(viewer.id, { after }) // { rows, next, previous, at }
 */
export async function listOrdersOfUserPage(
  userId: string,
  cursor: PageCursor = {},
  pageSize = ORDER_PAGE_SIZE,
): Promise<KeysetPage<OrderSummaryDto>> {
  const db = await getDb()
  const page = await selectKeysetPage(db, orders, orderSummaryColumns, {
    order: newestOrders,
    cursor,
    where: eq(orders.userId, userId),
    pageSize,
  })
  const linesOf = await linesByOrder(
    db,
    page.rows.map((row) => row.id),
  )
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...row,
      items: (linesOf.get(row.id) ?? []).map(({ title, quantity, variationName, note, modelFileId }) => ({
        title,
        quantity,
        variationName,
        note,
        modelFileId,
      })),
    })),
  }
}

/**
 * The ids of a customer's newest orders, at most `limit`: what the receipt upload suggests to link
 * a receipt to.
 * @example const ids = await listRecentOrderIdsOfUser(viewer.id, 50)
 */
export async function listRecentOrderIdsOfUser(userId: string, limit: number): Promise<string[]> {
  const db = await getDb()
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
  return rows.map((row) => row.id)
}

/**
 * Creates an order with its lines (a made-to-order line with its note and model file) and the
 * start of its history. An unpaid order is 'pending'; a paid one starts as the shop's paid-order
 * status, its payment status 'paid' (or 'test' for the demo checkout). Call it in the transaction
 * that takes the payment or the stock into account, so a failure leaves nothing half-made.
 * @example const { id, number } = await createOrder({ userId, email, lines, totalCents, payment, ... }, tx)
 */
export async function createOrder(input: CreateOrderInput, tx?: DbOrTx): Promise<{ id: string; number: number }> {
  const db = tx ?? (await getDb())
  const { payment } = input
  const [order] = await db
    .insert(orders)
    .values({
      userId: input.userId,
      email: input.email,
      status: payment ? payment.fulfilmentStatus : 'pending',
      paymentStatus: payment ? (input.testPayment ? 'test' : 'paid') : 'unpaid',
      paymentProvider: payment?.provider ?? null,
      paymentReference: payment?.reference ?? null,
      paidAt: payment?.paidAt ?? null,
      subtotalCents: input.subtotalCents,
      discountCents: input.discountCents,
      shippingCents: input.shippingCents,
      totalCents: input.totalCents,
      promoCode: input.promoCode,
      promotionId: input.promotionId ?? null,
      shippingAddress: input.shippingAddress,
      paymentSessionId: input.paymentSessionId,
      testPayment: input.testPayment,
    })
    .returning({ id: orders.id, number: orders.number })
  if (!order) throw new Error('The order was not stored')
  const customer = { id: null, label: input.userId ? 'Customer' : 'Guest' }
  await recordOrderEvent(order.id, 'placed', customer, 'Order placed', null, db)
  if (payment) {
    const provider = { id: null, label: payment.provider === 'demo' ? 'Demo checkout' : 'Stripe' }
    await recordOrderEvent(
      order.id,
      'paid',
      provider,
      input.testPayment ? 'Test payment received (no money taken)' : 'Payment received',
      { amountCents: input.totalCents, reference: payment.reference },
      db,
    )
  }
  if (input.lines.length > 0) {
    const models = await keptQuoteModels(input.lines, db)
    await db.insert(orderLines).values(
      input.lines.map((line) => ({
        orderId: order.id,
        productId: line.productId,
        title: line.title,
        variation: line.variation,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        totalPriceCents: line.totalPriceCents,
        note: line.note ?? null,
        modelFileId: line.modelFileId ?? null,
        quoteModelId: line.quoteModelId && models.has(line.quoteModelId) ? line.quoteModelId : null,
        print: line.print ?? null,
      })),
    )
  }
  return order
}

/**
 * The print lines' models that still exist, locked against deletion until the order's lines refer
 * to them (which then restricts it). A model deleted while its checkout was open leaves the line
 * its snapshot, so a late payment still becomes an order instead of failing on the reference.
 */
async function keptQuoteModels(lines: CreateOrderInput['lines'], db: DbOrTx): Promise<Set<string>> {
  const ids = [...new Set(lines.flatMap((line) => (line.quoteModelId ? [line.quoteModelId] : [])))]
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: quoteModels.id })
    .from(quoteModels)
    .where(inArray(quoteModels.id, ids))
    .for('key share')
  return new Set(rows.map((row) => row.id))
}

/**
 * Whether the quote model is printed on a line of one of this customer's orders.
 * @example if (await isQuoteModelOnOrderOfUser(model.id, viewer.id)) return download(model)
 */
export async function isQuoteModelOnOrderOfUser(quoteModelId: string, userId: string): Promise<boolean> {
  if (!isUuid(quoteModelId) || !isUuid(userId)) return false
  const db = await getDb()
  const rows = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.quoteModelId, quoteModelId), eq(orders.userId, userId)))
    .limit(1)
  return rows.length > 0
}

/**
 * Whether the model file is on a line of one of this customer's orders (a file a guest uploaded
 * before signing in and checking out is then theirs to download too).
 * @example if (await isModelFileOnOrderOfUser(file.id, viewer.id)) return download(file)
 */
export async function isModelFileOnOrderOfUser(modelFileId: string, userId: string): Promise<boolean> {
  if (!isUuid(modelFileId) || !isUuid(userId)) return false
  const db = await getDb()
  const rows = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.modelFileId, modelFileId), eq(orders.userId, userId)))
    .limit(1)
  return rows.length > 0
}
