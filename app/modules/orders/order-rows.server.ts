import { asc, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '#app/utils/db.server.ts'
import { groupBy } from '#app/utils/group-by.ts'
import { jsonRows } from '#app/utils/list-queries.server.ts'
import { orderLines, orders } from './schema.server.ts'
import type { OrderDetailLineDto } from './types.ts'

// What the order lists and pages read of an order, each a step up from the one before.

/** A customer's list of their orders. */
export const orderSummaryColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  totalCents: orders.totalCents,
  testPayment: orders.testPayment,
  createdAt: orders.createdAt,
}

/** The back-office list and its export. */
export const adminOrderColumns = {
  ...orderSummaryColumns,
  userId: orders.userId,
  email: orders.email,
  subtotalCents: orders.subtotalCents,
  discountCents: orders.discountCents,
  shippingCents: orders.shippingCents,
  promoCode: orders.promoCode,
  shippingAddress: orders.shippingAddress,
}

/** An order's page, /success and its e-mails. */
export const orderDetailColumns = {
  ...adminOrderColumns,
  refundedCents: orders.refundedCents,
  paymentProvider: orders.paymentProvider,
  paymentReference: orders.paymentReference,
  paidAt: orders.paidAt,
  shippedAt: orders.shippedAt,
  deliveredAt: orders.deliveredAt,
  cancelledAt: orders.cancelledAt,
  carrier: orders.carrier,
  trackingNumber: orders.trackingNumber,
  trackingUrl: orders.trackingUrl,
  internalNote: orders.internalNote,
  updatedAt: orders.updatedAt,
}

/**
 * The lines of these orders, by order id. Lines keep no position: by title (then variation) they
 * read the same on every page, in every export and in every e-mail.
 */
export async function linesByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderDetailLineDto[]>> {
  if (orderIds.length === 0) return new Map()
  const rows = await db
    .select({
      orderId: orderLines.orderId,
      id: orderLines.id,
      productId: orderLines.productId,
      title: orderLines.title,
      variation: orderLines.variation,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      totalPriceCents: orderLines.totalPriceCents,
      note: orderLines.note,
      modelFileId: orderLines.modelFileId,
      quoteModelId: orderLines.quoteModelId,
      print: orderLines.print,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.title), sql`${orderLines.variation}->>'name' nulls first`, asc(orderLines.id))
  return groupBy(
    rows.map(({ variation, ...line }) => ({ ...line, variationName: variation?.name ?? null })),
    'orderId',
  )
}

/**
 * An order's lines as the back-office list shows them, in {@link linesByOrder}'s order, as a
 * column of a select from `orders`: a page of the list reads its orders and their lines in one
 * statement (one index lookup per order on the page). Spelled out with the table names so the
 * subquery reads the outer row's id.
 * @example db.select({ ...adminOrderColumns, items: orderListLinesColumn }).from(orders)
 */
export const orderListLinesColumn = jsonRows<Omit<OrderDetailLineDto, 'id' | 'productId'>>(
  sql`select "line"."title" as "title", "line"."variation"->>'name' as "variationName", "line"."quantity" as "quantity", "line"."unit_price_cents" as "unitPriceCents", "line"."total_price_cents" as "totalPriceCents", "line"."note" as "note", "line"."model_file_id" as "modelFileId", "line"."quote_model_id" as "quoteModelId", "line"."print" as "print" from "order_lines" as "line" where "line"."order_id" = "orders"."id" order by "line"."title", "line"."variation"->>'name' nulls first, "line"."id"`,
)
