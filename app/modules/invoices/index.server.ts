export { createPaidInvoice, listInvoicesOfUser } from './service.server.ts'
export type { CreatePaidInvoiceInput, InvoiceStatus, InvoiceSummaryDto } from './types.ts'
