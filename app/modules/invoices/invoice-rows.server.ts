import { asc, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '#app/utils/db.server.ts'
import { groupBy } from '#app/utils/group-by.ts'
import { jsonRows } from '#app/utils/list-queries.server.ts'
import { invoiceItems, invoices } from './schema.server.ts'
import type { InvoiceItemDto } from './types.ts'

// What the invoice lists and pages read of an invoice, each a step up from the one before.

/** A customer's list of their invoices. */
export const invoiceSummaryColumns = {
  id: invoices.id,
  status: invoices.status,
  totalCents: invoices.totalCents,
  dueDate: invoices.dueDate,
  paymentDate: invoices.paymentDate,
  testPayment: invoices.testPayment,
  orderId: invoices.orderId,
  createdAt: invoices.createdAt,
}

/** An invoice's page and its PDF (with its items). */
export const invoiceDetailColumns = {
  ...invoiceSummaryColumns,
  userId: invoices.userId,
  email: invoices.email,
  refundedCents: invoices.refundedCents,
}

/** The back-office list, its edit form and its export (with the items). */
export const adminInvoiceColumns = {
  ...invoiceDetailColumns,
  paymentReference: invoices.paymentReference,
  // The payment date is a customer's declaration's when both are the same transaction's now().
  // Written out: drizzle leaves columns unqualified in a one-table select, which a subquery misreads.
  declaredByCustomer: sql<boolean>`exists (select 1 from declared_payments dp where dp.invoice_id = invoices.id and dp.declared_at = invoices.payment_date)`,
  updatedAt: invoices.updatedAt,
}

/**
 * The items of these invoices in their order, by invoice id.
 * @example const items = (await itemsByInvoice(tx, [invoiceId])).get(invoiceId) ?? []
 */
export async function itemsByInvoice(db: DbOrTx, invoiceIds: string[]): Promise<Map<string, InvoiceItemDto[]>> {
  if (invoiceIds.length === 0) return new Map()
  const rows = await db
    .select({
      invoiceId: invoiceItems.invoiceId,
      id: invoiceItems.id,
      productId: invoiceItems.productId,
      description: invoiceItems.description,
      quantity: invoiceItems.quantity,
      unitPriceCents: invoiceItems.unitPriceCents,
    })
    .from(invoiceItems)
    .where(inArray(invoiceItems.invoiceId, invoiceIds))
    .orderBy(asc(invoiceItems.position))
  return groupBy(rows, 'invoiceId')
}

/**
 * An invoice's items in order, as a column of a select from `invoices`: a page of the list reads
 * its invoices and their items in one statement (one index lookup per invoice on the page).
 * Spelled out with the table names so the subquery reads the outer row's id.
 * @example db.select({ ...adminInvoiceColumns, items: invoiceItemsColumn }).from(invoices)
 */
export const invoiceItemsColumn = jsonRows<InvoiceItemDto>(
  sql`select "item"."id" as "id", "item"."product_id" as "productId", "item"."description" as "description", "item"."quantity" as "quantity", "item"."unit_price_cents" as "unitPriceCents" from "invoice_items" as "item" where "item"."invoice_id" = "invoices"."id" order by "item"."position"`,
)
