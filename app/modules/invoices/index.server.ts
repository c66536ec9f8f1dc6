export { listInvoicesOfUser } from './service.server.ts'
export type { InvoiceStatus, InvoiceSummaryDto } from './types.ts'
