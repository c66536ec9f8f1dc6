import { desc, eq } from 'drizzle-orm'
import { getDb } from '#app/utils/db.server.ts'
import { invoices } from './schema.server.ts'
import type { InvoiceSummaryDto } from './types.ts'

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
