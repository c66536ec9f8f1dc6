import { getDatabase } from '#app/utils/db.server.ts'
import { logger } from '#app/utils/logger.server.ts'
import type { InvoiceChange, InvoiceStatus } from './types.ts'

/** The PostgreSQL NOTIFY channel that announces invoice status changes to every server instance. */
export const INVOICE_CHANGED_CHANNEL = 'invoice_changed'

/**
 * Announces an invoice's new status. Call it only after the transaction that changed it has
 * committed, so listeners never read an uncommitted status. A failure is logged, not thrown:
 * the change itself is already saved.
 * @example await notifyInvoiceChanged(invoice.id, 'paid')
 */
export async function notifyInvoiceChanged(invoiceId: string, status: InvoiceStatus) {
  const payload: InvoiceChange = { id: invoiceId, status }
  try {
    const database = await getDatabase()
    await database.notify(INVOICE_CHANGED_CHANNEL, JSON.stringify(payload))
  } catch (err) {
    logger.error({ err, invoiceId }, 'Invoice change could not be announced')
  }
}
