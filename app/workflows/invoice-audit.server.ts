import type { ActivityActor } from '#app/modules/activity/index.server.ts'
import type { InvoiceAudit } from '#app/modules/invoices/index.server.ts'
import { shortId } from '#app/rules/money.ts'
import { auditedBy } from './recorded-write.server.ts'

/**
 * The activity log's record of an admin's change to an invoice (created, edited, a status, voiding, deleting),
 * written by the invoices module inside the change's own transaction.
 * @example await setInvoiceStatus(id, 'paid', invoiceAudit({ id: admin.id, label: admin.email }))
 */
export function invoiceAudit(actor: ActivityActor): InvoiceAudit {
  return auditedBy<Parameters<InvoiceAudit>[1]>(actor, (change) => ({
    action: `invoice.${change.action}`,
    recordType: 'invoice',
    recordId: change.invoiceId,
    recordLabel: `Invoice #${shortId(change.invoiceId)}`,
    changes: change.changes,
  }))
}
