export {
  createInvoice,
  deleteInvoice,
  listAllInvoices,
  setInvoiceStatus,
  updateInvoice,
} from './manage.server.ts'
export { INVOICE_CHANGED_CHANNEL, notifyInvoiceChanged } from './notify.server.ts'
export {
  createPaidInvoice,
  listInvoicesOfUser,
  markInvoicePaid,
  retrieveInvoiceForViewer,
} from './service.server.ts'
export type {
  AdminInvoiceDto,
  CreatePaidInvoiceInput,
  InvoiceChange,
  InvoiceDetailDto,
  InvoiceInput,
  InvoiceItemDto,
  InvoiceItemInput,
  InvoiceStatus,
  InvoiceSummaryDto,
  InvoiceViewer,
  SavedInvoiceDto,
} from './types.ts'
export { keepInvoiceEmailsOfUser } from './user-records.server.ts'
