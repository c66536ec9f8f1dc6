export { INVOICE_CHANGED_CHANNEL, notifyInvoiceChanged } from './notify.server.ts'
export {
  createPaidInvoice,
  listInvoicesOfUser,
  markInvoicePaid,
  retrieveInvoiceForViewer,
} from './service.server.ts'
export type {
  CreatePaidInvoiceInput,
  InvoiceChange,
  InvoiceDetailDto,
  InvoiceItemDto,
  InvoiceStatus,
  InvoiceSummaryDto,
  InvoiceViewer,
} from './types.ts'
