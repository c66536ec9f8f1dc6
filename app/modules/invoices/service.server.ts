import { desc, eq } from 'drizzle-orm'
import { type DbOrTx, getDb } from '#app/utils/db.server.ts'
import { invoiceItems, invoices } from './schema.server.ts'
import type { CreatePaidInvoiceInput, InvoiceSummaryDto } from './types.ts'

/**
 * A customer's own invoices, newest first.
 * @example const invoices = await listInvoicesOfUser(viewer.id)
 */
export async function listInvoicesOfUser(userId: string): Promise<InvoiceSummaryDto[]> {
  const db = await getDb()
  return db
    .select({
      id: invoices.id,
      status: invoices.status,
      totalCents: invoices.totalCents,
      dueDate: invoices.dueDate,
      paymentDate: invoices.paymentDate,
      createdAt: invoices.createdAt,
    })
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.createdAt))
}

/**
 * Creates an invoice already paid by card, with its items in order, for an order paid at checkout.
 * @example const { id } = await createPaidInvoice({ orderId, totalCents, paymentDate: new Date(), ... }, tx)
 */
export async function createPaidInvoice(input: CreatePaidInvoiceInput, tx?: DbOrTx): Promise<{ id: string }> {
  const db = tx ?? (await getDb())
  const [invoice] = await db
    .insert(invoices)
    .values({
      userId: input.userId,
      email: input.email,
      orderId: input.orderId,
      status: 'paid',
      totalCents: input.totalCents,
      paymentDate: input.paymentDate,
      paymentReference: input.paymentReference,
    })
    .returning({ id: invoices.id })
  if (!invoice) throw new Error('The invoice was not stored')
  if (input.items.length > 0) {
    await db
      .insert(invoiceItems)
      .values(input.items.map((item, position) => ({ invoiceId: invoice.id, position, ...item })))
  }
  return invoice
}
